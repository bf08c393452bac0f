import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import type { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { TriggerParameter } from '../../../engine/parameters/trigger.js';
import { Modulator } from '../modulator.js';

const MODES = Object.freeze([
  { label: 'All', name: 'ALL' },
  { label: 'Random', name: 'RANDOM' },
  { label: 'Cycle', name: 'CYCLE' },
  { label: 'Reverse', name: 'REVERSE' },
  { label: 'Flip', name: 'FLIP' },
] as const);

const MAX_OUTPUTS = 5;

/**
 * LX's MultiTrig ("Multi Trig"): while running, each `triggerIn` (passing the input chance)
 * fires outputs among the first `numOutputs`: All of them, a Random one, the next (Cycle), the
 * previous (Reverse), or back and forth (Flip); each output fires with its own chance. LX quirk
 * kept: every per-output chance knob is labelled "Chance 1".
 */
export class MultiTrig extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'cursor', 'increment'];
  }

  readonly lxClass = 'heronarts.lx.modulator.MultiTrig';
  readonly triggerIn = new TriggerParameter('Trig', { description: 'Trigger input' });
  readonly inputChance = new BoundedParameter('Chance', 1, {
    modulatable: true,
    units: 'percentNormalized',
    description: 'Chance that an input trigger is taken',
  });
  readonly numOutputs = new DiscreteParameter('Num Outs', MAX_OUTPUTS, 0, MAX_OUTPUTS, { description: 'Number of active outputs' });
  readonly mode = new EnumParameter('Mode', MODES, 0, { description: 'Which outputs an input fires' });
  readonly outs: readonly TriggerParameter[];
  readonly chances: readonly BoundedParameter[];
  private cursor = 0;
  private increment = 1;

  constructor(label = 'Multi Trig') {
    super(label);
    this.mappingSource = false;
    this.addParameter('triggerIn', this.triggerIn);
    this.addParameter('inputChance', this.inputChance);
    this.addParameter('numOutputs', this.numOutputs);
    this.addParameter('mode', this.mode);
    const outs: TriggerParameter[] = [];
    const chances: BoundedParameter[] = [];
    for (let i = 1; i <= MAX_OUTPUTS; i++) outs.push(this.addParameter(`out${i}`, new TriggerParameter(`Out ${i}`, { description: `Trigger output ${i}` })));
    for (let i = 1; i <= MAX_OUTPUTS; i++)
      chances.push(
        this.addParameter(
          `chance${i}`,
          new BoundedParameter('Chance 1', 1, { modulatable: true, units: 'percentNormalized', description: `Chance that output ${i} fires` }),
        ),
      );
    this.outs = outs;
    this.chances = chances;
    this.triggerIn.onChange(() => this.onTrig());
  }

  /** Every output: what a trigger mapping into this modulator can reach (for the cycle check). */
  override triggerOutputs(): readonly BooleanParameter[] {
    return this.outs;
  }

  private onTrig(): void {
    if (!this.running.isOn() || this.inputChance.getValue() <= this.random.next()) return;
    const n = this.numOutputs.getValue();
    if (n <= 0) return;
    switch (MODES[this.mode.getValue()].name) {
      case 'ALL':
        for (let i = 0; i < n; i++) this.fireOut(i);
        break;
      case 'RANDOM':
        this.fireOut(this.random.nextInt(n));
        break;
      case 'CYCLE':
        this.cursor = (this.cursor + 1) % n;
        this.fireOut(this.cursor);
        break;
      case 'REVERSE':
        this.cursor = (this.cursor + n - 1) % n;
        this.fireOut(this.cursor);
        break;
      case 'FLIP':
        if (this.cursor <= 0) this.increment = 1;
        else if (this.cursor >= n - 1) this.increment = -1;
        this.cursor += this.increment;
        this.fireOut(Math.min(Math.max(this.cursor, 0), n - 1));
        break;
    }
  }

  private fireOut(i: number): void {
    if (this.chances[i].getValue() > this.random.next()) this.outs[i].fire();
  }

  protected computeValue(_deltaMs: number): number {
    return 0;
  }
}
