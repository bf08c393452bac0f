import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { TriggerParameter } from '../../engine/parameters/trigger.js';
import { DIVISIONS } from '../tempo/divisions.js';
import { TRIGGER_MODES } from './modulators/randomizer.js';
import { PeriodicModulator } from './periodic-modulator.js';

export const MAX_STEPS = 16;

/**
 * Shared base of Stepper and StepSequencer (LX's StepModulator): a 16-step sequence that
 * advances one step per period — tempo-synced at 1/4 by default (tempo lock derives the step
 * from the division's cycle count); with sync off the period is a 500 ms Step Time that LX
 * builds but never registers (so it cannot be changed or saved); in External mode the period is
 * infinite and only `triggerIn` advances. `activeStep-k` shows the current step.
 */
export abstract class StepModulator extends PeriodicModulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'step'];
  }

  readonly numSteps = new DiscreteParameter('Num Steps', MAX_STEPS, 1, MAX_STEPS, { description: 'Number of active steps' });
  readonly triggerMode = new EnumParameter('Trig Mode', TRIGGER_MODES, 0, { description: 'Internal: step on the clock. External: step on Trigger In' });
  /** LX quirk: built but never registered, so it stays at 500 ms. */
  readonly stepTimeMs = new BoundedParameter('Step Time', 500, {
    v0: 50,
    v1: 5000,
    units: 'milliseconds',
    modulatable: true,
    description: 'Step length with sync off',
  });
  readonly triggerIn = new TriggerParameter('Trigger In', { description: 'External mode: advances one step' });
  readonly triggerOut = new TriggerParameter('Trig Out', { description: 'Fires on a step' });
  readonly activeStep: readonly BooleanParameter[];
  /** The current step, 0-based. */
  step = 0;

  constructor(label: string) {
    super(label, { tempoSync: true });
    this.addParameter('numSteps', this.numSteps);
    this.addParameter('triggerMode', this.triggerMode);
    this.addParameter('triggerIn', this.triggerIn);
    this.addParameter('triggerOut', this.triggerOut);
    const active: BooleanParameter[] = [];
    for (let i = 1; i <= MAX_STEPS; i++) {
      active.push(
        this.addParameter(
          `activeStep-${i}`,
          new BooleanParameter(`Trig-${i}`, false, { mode: 'momentary', description: `On while step ${i} is the current step` }),
        ),
      );
    }
    this.activeStep = active;
    this.triggerIn.onChange(() => {
      if (this.running.isOn() && this.triggerMode.getValue() === 1) this.nextStep(1, true);
    });
  }

  override getTriggerSource(): BooleanParameter {
    return this.triggerOut;
  }

  protected currentPeriodMs(): number {
    return this.triggerMode.getValue() === 1 ? Infinity : this.stepTimeMs.getValue();
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.triggerMode) {
      if (this.triggerMode.getValue() === 1) {
        this.tempoSync.setOn(false);
        this.setBasis(0);
      }
    } else if (p === this.numSteps) {
      this.nextStep(0, false);
    }
  }

  protected computeBasisValue(deltaMs: number, basis: number): number {
    if (this.looped() || this.finished()) this.nextStep(1, true);
    return this.stepValue(deltaMs, basis);
  }

  /** The value on the current step. */
  protected stepValue(_deltaMs: number, _basis: number): number {
    return 0;
  }

  /** Called after every step change; `trigger` is false when only the step count changed. */
  protected onStep(_trigger: boolean): void {}

  private nextStep(increment: number, trigger: boolean): void {
    const n = this.numSteps.getValue();
    const tempo = this.tempoSync.isOn() && this.tempoLock.isOn() ? this.tempo : undefined;
    if (tempo !== undefined) this.step = tempo.getCycleCount(DIVISIONS[this.tempoDivision.getValue()]) % n;
    else this.step = (this.step + increment) % n;
    for (let i = 0; i < this.activeStep.length; i++) this.activeStep[i].setOn(i === this.step);
    this.onStep(trigger);
  }
}
