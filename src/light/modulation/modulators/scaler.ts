import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { javaPow } from '../../math/java-math.js';
import { Modulator } from '../modulator.js';
import { POLARITY_ARROWS } from './cycle-modulator.js';

const MAX_SHAPE = 2;

/**
 * LX's Scaler: reshapes `input`. Gain g = factor × (unipolar or bipolar gain). A unipolar input
 * becomes x·g (or lerp(0, 1−x, −g) for a negative gain), plus offset, clamped to 0–1, then
 * shaped by x^e (shaping > 0) or 1−(1−x)^e (< 0). A bipolar input becomes ½ + (x−½)·g, plus
 * offset, clamped, then shaped symmetrically about ½. e = 1 + 2|shaping|.
 */
export class Scaler extends Modulator {
  readonly lxClass = 'heronarts.lx.modulator.Scaler';
  readonly input = new BoundedParameter('Input', 0, { modulatable: true, units: 'percentNormalized', description: 'The value to scale' });
  readonly inputPolarity = new EnumParameter('Input Polarity', POLARITY_ARROWS, 0, { description: 'Unipolar scales from 0; bipolar scales around the middle' });
  readonly gainFactor = new BoundedParameter('Factor', 1, { v0: -10, v1: 10, description: 'Gain range' });
  readonly gainUnipolar = new BoundedParameter('Gain', 1, { modulatable: true, units: 'percentNormalized', description: 'Gain applied to the input' });
  readonly gainBipolar = new BoundedParameter('Gain', 1, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    units: 'percentNormalized',
    description: 'Gain applied to the input; negative inverts',
  });
  readonly gainPolarity = new EnumParameter('Gain Polarity', POLARITY_ARROWS, 0, { description: 'Whether the gain knob can invert' });
  readonly offset = new BoundedParameter('Offset', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    units: 'percentNormalized',
    description: 'Offset added after the gain',
  });
  readonly shaping = new BoundedParameter('Shaping', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    units: 'percentNormalized',
    description: 'Curve applied last: positive bends down, negative bends up',
  });
  readonly showPreview = new BooleanParameter('Preview', false, { description: 'Whether the console shows the curve' });

  constructor(label = 'Scaler') {
    super(label);
    this.addParameter('input', this.input);
    this.addParameter('inputPolarity', this.inputPolarity);
    this.addParameter('gainFactor', this.gainFactor);
    this.addParameter('gainUnipolar', this.gainUnipolar);
    this.addParameter('gainBipolar', this.gainBipolar);
    this.addParameter('gainPolarity', this.gainPolarity);
    this.addParameter('offset', this.offset);
    this.addParameter('shaping', this.shaping);
    this.addParameter('showPreview', this.showPreview);
  }

  /** The scaler's transfer function at `x`, with the current settings. */
  compute(x: number): number {
    const shaping = this.shaping.getValue();
    const gain = this.gainFactor.getValue() * (this.gainPolarity.getValue() === 0 ? this.gainUnipolar.getValue() : this.gainBipolar.getValue());
    const offset = this.offset.getValue();
    const e = shaping > 0 ? 1 + MAX_SHAPE * shaping : shaping < 0 ? 1 - MAX_SHAPE * shaping : 0;
    if (this.inputPolarity.getValue() === 0) {
      x = gain >= 0 ? x * gain : (1 - x) * -gain;
      x = clamp01(x + offset);
      if (shaping > 0) x = javaPow(x, e);
      else if (shaping < 0) x = 1 - javaPow(1 - x, e);
    } else {
      x = 0.5 + (x - 0.5) * gain;
      x = clamp01(x + offset);
      if (shaping > 0) {
        if (x > 0.5) x = 0.5 + 0.5 * javaPow(2 * (x - 0.5), e);
        else if (x < 0.5) x = 0.5 - 0.5 * javaPow(1 - 2 * x, e);
      } else if (shaping < 0) {
        if (x > 0.5) x = 1 - 0.5 * javaPow(2 * (1 - x), e);
        else if (x < 0.5) x = 0.5 * javaPow(2 * x, e);
      }
    }
    return x;
  }

  protected computeValue(_deltaMs: number): number {
    return this.compute(this.input.getValue());
  }
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
