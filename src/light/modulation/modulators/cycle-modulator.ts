import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { Modulator } from '../modulator.js';

/** LX's `LXParameter.Polarity` shown as arrows, as LX's polarity choosers display it. */
export const POLARITY_ARROWS = Object.freeze([
  { label: '→', name: 'UNIPOLAR' },
  { label: '↔', name: 'BIPOLAR' },
] as const);

/**
 * LX's CycleModulator ("Cycle"): a phase accumulator. Each frame basis += Δt/1000 · range (Hz)
 * · speed, wrapped into [0, 1) (a negative speed runs backwards); the value is the basis. Reset
 * returns it to 0. Switching the speed polarity carries the speed across.
 */
export class CycleModulator extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'basis'];
  }

  readonly lxClass = 'heronarts.lx.modulator.CycleModulator';
  readonly speedUnipolar = new BoundedParameter('Speed', 1, { modulatable: true, units: 'percentNormalized', description: 'Speed of motion (unipolar)' });
  readonly speedBipolar = new BoundedParameter('Speed', 1, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    units: 'percentNormalized',
    description: 'Speed of motion; negative runs backwards',
  });
  readonly speedRangeHz = new BoundedParameter('Range', 1, { v1: 10, units: 'hertz', modulatable: true, description: 'Cycles per second at full speed' });
  readonly speedPolarity = new EnumParameter('Speed Polarity', POLARITY_ARROWS, 0, { description: 'Whether the speed knob can run backwards' });
  private basis = 0;

  constructor(label = 'Cycle') {
    super(label);
    this.addParameter('speedUnipolar', this.speedUnipolar);
    this.addParameter('speedBipolar', this.speedBipolar);
    this.addParameter('speedRangeHz', this.speedRangeHz);
    this.addParameter('speedPolarity', this.speedPolarity);
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.speedPolarity) {
      if (this.speedPolarity.getValue() === 0) this.speedUnipolar.setValue(Math.abs(this.speedBipolar.getValue()));
      else this.speedBipolar.setValue(this.speedUnipolar.getValue());
    }
  }

  /** Moves the cycle to `basis` (LX's setNormalized). */
  setNormalized(basis: number): void {
    this.basis = basis;
  }

  protected override onReset(): void {
    super.onReset();
    this.basis = 0;
    this.value = 0;
  }

  protected computeValue(deltaMs: number): number {
    const speed = this.speedPolarity.getValue() === 1 ? this.speedBipolar.getValue() : this.speedUnipolar.getValue();
    this.basis += (deltaMs / 1000) * this.speedRangeHz.getValue() * speed;
    this.basis = this.basis < 0 ? 1 + (this.basis % 1) : this.basis % 1;
    return this.basis;
  }
}
