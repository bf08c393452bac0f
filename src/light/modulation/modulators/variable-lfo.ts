import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { variableLfoInverse, variableLfoValue } from '../../math/lfo-math.js';
import { VariablePeriodModulator } from '../variable-period-modulator.js';
import { VARIABLE_LFO_WAVES } from '../../math/waveshapes.js';

/**
 * LX's VariableLFO ("LFO"): a 0–1 oscillator with a choice of wave (Sine, Triangle, Square, Up,
 * Down) warped by phase, bias, skew, shape and exp, all modulatable. Its period comes from the
 * clock mode (Fast/Slow period, tempo Sync, or manual Input). The value is computed exactly as
 * LX does (lfo-math.ts `variableLfoValue`, proven against LX's recorded series).
 */
export class VariableLFO extends VariablePeriodModulator {
  readonly lxClass = 'heronarts.lx.modulator.VariableLFO';
  readonly wave = new EnumParameter(
    'Wave',
    VARIABLE_LFO_WAVES.map((w) => ({ label: w.name })),
    0,
    { objectChooser: true, description: 'Wave shape of the oscillator' },
  );
  readonly skew = new BoundedParameter('Skew', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    units: 'percentNormalized',
    modulatable: true,
    description: 'Bends time within the cycle: positive lingers at the start, negative at the end',
  });
  readonly shape = new BoundedParameter('Shape', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    units: 'percentNormalized',
    modulatable: true,
    description: 'Pushes the wave toward its extremes (positive) or toward the middle (negative)',
  });
  readonly bias = new BoundedParameter('Bias', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    units: 'percentNormalized',
    modulatable: true,
    description: 'Moves the quarter points of the cycle, biasing the wave up or down',
  });
  readonly phase = new BoundedParameter('Phase', 0, { units: 'percentNormalized', modulatable: true, description: 'Shifts the wave within its cycle' });
  readonly exp = new BoundedParameter('Exp', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    units: 'percentNormalized',
    modulatable: true,
    description: 'Exponential scaling of the output: positive sinks it toward 0, negative lifts it toward 1',
  });

  constructor(label = 'LFO') {
    super(label);
    this.addParameter('wave', this.wave);
    this.addParameter('skew', this.skew);
    this.addParameter('shape', this.shape);
    this.addParameter('bias', this.bias);
    this.addParameter('phase', this.phase);
    this.addParameter('exp', this.exp);
  }

  protected computeBasisValue(_deltaMs: number, basis: number): number {
    return variableLfoValue(
      VARIABLE_LFO_WAVES[this.wave.getValue()],
      basis,
      this.phase.getValue(),
      this.bias.getValue(),
      this.skew.getValue(),
      this.shape.getValue(),
      this.exp.getValue(),
    );
  }

  protected override computeBasis(basis: number, value: number): number {
    return variableLfoInverse(VARIABLE_LFO_WAVES[this.wave.getValue()], basis, value);
  }
}
