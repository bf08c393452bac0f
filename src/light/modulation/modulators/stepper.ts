import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { MAX_STEPS, StepModulator } from '../step-modulator.js';

/**
 * LX's Stepper: a 16-step value sequencer. The value is the current step's `step-k` level;
 * `triggerOut` fires on every step. See StepModulator for the clock.
 */
export class Stepper extends StepModulator {
  readonly lxClass = 'heronarts.lx.modulator.Stepper';
  readonly steps: readonly BoundedParameter[];

  constructor(label = 'Stepper') {
    super(label);
    const steps: BoundedParameter[] = [];
    for (let i = 1; i <= MAX_STEPS; i++)
      steps.push(this.addParameter(`step-${i}`, new BoundedParameter(`Step-${i}`, 0, { units: 'percentNormalized', description: `Value on step ${i}` })));
    this.steps = steps;
  }

  protected override onStep(trigger: boolean): void {
    if (trigger) this.triggerOut.fire();
  }

  protected override stepValue(): number {
    return this.steps[this.step].getValue();
  }
}
