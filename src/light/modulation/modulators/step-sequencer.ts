import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { MAX_STEPS, StepModulator } from '../step-modulator.js';

/**
 * LX's StepSequencer ("Step Sequencer"): the Stepper's clock with a toggle per step;
 * `triggerOut` fires only on steps whose `step-k` is on. A trigger source, not a continuous one.
 */
export class StepSequencer extends StepModulator {
  readonly lxClass = 'heronarts.lx.modulator.StepSequencer';
  readonly steps: readonly BooleanParameter[];

  constructor(label = 'Step Sequencer') {
    super(label);
    this.mappingSource = false;
    const steps: BooleanParameter[] = [];
    for (let i = 1; i <= MAX_STEPS; i++)
      steps.push(this.addParameter(`step-${i}`, new BooleanParameter(`Step-${i}`, false, { description: `Whether the sequencer fires on step ${i}` })));
    this.steps = steps;
  }

  protected override onStep(trigger: boolean): void {
    if (trigger && this.steps[this.step].isOn()) this.triggerOut.fire();
  }
}
