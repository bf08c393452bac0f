import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { BLEND_ALPHA_FULL, multiply } from '../../color/blend-kernel.js';
import { BLACK, grayf } from '../../color/lx-color.js';
import { javaPow } from '../../math/java-math.js';
import { VARIABLE_LFO_WAVES } from '../../math/waveshapes.js';
import { SawLFO } from '../shared/built-in-modulators.js';
import { Effect } from './effect.js';
import { TEMPO_DIVISION_CHOICES, lerpf, tempoBasis } from './effect-support.js';

const fr = Math.fround;

/**
 * The strobe's free-running clock (LX's SawLFO(0, 1, period) started by the effect; built in,
 * so not saved), with LX's setBasis, which moves the cycle and the value at once.
 */
class StrobeClock extends SawLFO {
  constructor(periodMs: () => number) {
    super(0, 1, periodMs);
  }

  setBasis(basis: number): void {
    this.state.setBasis(basis);
    this.value = this.state.basis;
  }
}

/**
 * Strobes the output (LX's StrobeEffect). A saw clock at lerp(min, max, speed) Hz, or the tempo
 * division's basis plus a phase offset when synced, drives a waveshape; the shape is biased by a
 * power (1 + 3·bias, or 1/(1 − 3·bias) below 0), lerped from 1 by depth and by the enabled
 * amount, and every pixel of the buffer is multiplied by that gray level (black at 0). The clock
 * restarts at 0 whenever the effect is switched on (and on the first frame).
 */
export class StrobeEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.StrobeEffect';
  readonly speed = new BoundedParameter('Speed', 0.5, {
    units: 'percentNormalized',
    exponent: 2,
    modulatable: true,
    description: 'Speed of the strobe effect',
  });
  readonly depth = new BoundedParameter('Depth', 0.5, { units: 'percentNormalized', modulatable: true, description: 'Depth of the strobe effect' });
  readonly bias = new BoundedParameter('Bias', 0, {
    v0: -1,
    v1: 1,
    units: 'percentNormalized',
    polarity: 'bipolar',
    modulatable: true,
    description: 'Bias of the strobe effect',
  });
  readonly waveshape = new EnumParameter(
    'Waveshape',
    VARIABLE_LFO_WAVES.map((w) => ({ label: w.name })),
    0,
    { objectChooser: true, description: 'Shape of the strobe over one cycle' },
  );
  readonly tempoSync = new BooleanParameter('Sync', false, { description: 'Whether to sync the tempo to a clock division' });
  readonly tempoDivision = new EnumParameter('Division', TEMPO_DIVISION_CHOICES, 4, { description: 'Which tempo division to use when in sync mode' });
  readonly tempoPhaseOffset = new BoundedParameter('Phase Offset', 0, {
    units: 'percentNormalized',
    description: 'Shifts the phase of the strobe LFO relative to tempo',
  });
  readonly minFrequency = new BoundedParameter('Min Freq', 0.5, { v0: 0.1, v1: 1, units: 'hertz', description: 'Minimum strobing frequency' });
  readonly maxFrequency = new BoundedParameter('Max Freq', 5, { v0: 1, v1: 30, units: 'hertz', description: 'Maximum strobing frequency' });
  private readonly clock: StrobeClock;

  constructor() {
    super('Strobe');
    this.addParameter('speed', this.speed);
    this.addParameter('depth', this.depth);
    this.addParameter('bias', this.bias);
    this.addParameter('waveshape', this.waveshape);
    this.addParameter('tempoSync', this.tempoSync);
    this.addParameter('tempoDivision', this.tempoDivision);
    this.addParameter('tempoPhaseOffset', this.tempoPhaseOffset);
    this.addParameter('minFrequency', this.minFrequency);
    this.addParameter('maxFrequency', this.maxFrequency);
    this.clock = this.startModulator(
      new StrobeClock(() => {
        const min = this.minFrequency.getValue();
        return 1000 / (min + (this.maxFrequency.getValue() - min) * this.speed.getValue());
      }),
    );
  }

  protected override onEnable(): void {
    this.clock.setBasis(0);
    this.clock.start();
  }

  /** The strobe level (float, 0..1) at a basis: waveshape, bias power, then lerp(1, level, depth). */
  compute(basis: number): number {
    let strobe = VARIABLE_LFO_WAVES[this.waveshape.getValue()].compute(basis);
    const bias = this.bias.getValue();
    const expPower = bias >= 0 ? 1 + 3 * bias : 1 / (1 - 3 * bias);
    if (expPower !== 1) strobe = javaPow(strobe, expPower);
    return lerpf(1, fr(strobe), this.depth.getValuef());
  }

  /** Each point from its own color; the strobe clock advances with time alone. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const enabled = fr(enabledAmount);
    if (!(fr(enabled * this.depth.getValuef()) > 0)) return;
    const basis = this.tempoSync.isOn()
      ? (tempoBasis(this.context, this.tempoDivision.getValue()) + this.tempoPhaseOffset.getValue()) % 1
      : this.clock.getValue();
    const strobe = lerpf(1, this.compute(basis), enabled);
    if (!(strobe < 1)) return;
    const colors = this.colors;
    const index = this.points.index;
    if (strobe === 0) {
      for (let k = 0; k < index.length; k++) colors[index[k]] = BLACK;
      return;
    }
    // Only the effect's own points (its view), as LX's loop over model.points.
    const src = grayf(fr(100 * strobe));
    for (let k = 0; k < index.length; k++) colors[index[k]] = multiply(colors[index[k]], src, BLEND_ALPHA_FULL);
  }
}
