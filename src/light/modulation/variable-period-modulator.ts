import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { PeriodicModulator, type PeriodicDefaults } from './periodic-modulator.js';

/** LX's `LXVariablePeriodModulator.ClockMode`, in enum order. */
const CLOCK_MODES = Object.freeze([
  { label: 'Fast', name: 'FAST' },
  { label: 'Slow', name: 'SLOW' },
  { label: 'Sync', name: 'SYNC' },
  { label: 'Input', name: 'INPUT' },
] as const);

const FAST = 0;
const SLOW = 1;
const SYNC = 2;
const INPUT = 3;

/**
 * A periodic modulator whose clock is chosen by `clockMode` (LX's LXVariablePeriodModulator,
 * the base of VariableLFO and MultiStageEnvelope): Fast uses `periodFast` (100 ms–60 s), Slow
 * `periodSlow` (1 s–15 min), Sync the tempo, Input the `basisIn` knob. The mode and the
 * `tempoSync`/`manualBasis` switches are kept consistent both ways: choosing Sync turns sync on,
 * turning sync on chooses Sync, turning it off from Sync goes back to Fast (same for Input).
 */
export abstract class VariablePeriodModulator extends PeriodicModulator {
  readonly clockMode = new EnumParameter('Clock Mode', CLOCK_MODES, FAST, {
    description: 'Where the modulator takes its time from: fast or slow period, tempo sync, or manual input',
  });
  readonly periodFast = new BoundedParameter('Period', 1000, {
    v0: 100,
    v1: 60000,
    exponent: 4,
    units: 'milliseconds',
    modulatable: true,
    description: 'Length of one cycle in Fast mode',
  });
  readonly periodSlow = new BoundedParameter('Period', 10000, {
    v0: 1000,
    v1: 900000,
    exponent: 4,
    units: 'milliseconds',
    modulatable: true,
    description: 'Length of one cycle in Slow mode',
  });

  constructor(label: string, defaults: PeriodicDefaults = {}) {
    super(label, defaults);
    this.addParameter('clockMode', this.clockMode);
    this.addParameter('periodFast', this.periodFast);
    this.addParameter('periodSlow', this.periodSlow);
    this.legacyKeys.set('period', 'periodFast');
  }

  protected currentPeriodMs(): number {
    return this.clockMode.getValue() === SLOW ? this.periodSlow.getValue() : this.periodFast.getValue();
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.clockMode) {
      const mode = this.clockMode.getValue();
      this.tempoSync.setOn(mode === SYNC);
      this.manualBasis.setOn(mode === INPUT);
    } else if (p === this.tempoSync) {
      if (this.tempoSync.isOn()) this.clockMode.setValue(SYNC);
      else if (this.clockMode.getValue() === SYNC) this.clockMode.setValue(FAST);
    } else if (p === this.manualBasis) {
      if (this.manualBasis.isOn()) this.clockMode.setValue(INPUT);
      else if (this.clockMode.getValue() === INPUT) this.clockMode.setValue(FAST);
    }
  }
}
