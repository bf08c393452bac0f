import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { MacroModulator } from '../macro-modulator.js';

/** LX's MacroTriggers ("Triggers"): eight momentary buttons T1..T8 with labels, for trigger modulations. */
export class MacroTriggers extends MacroModulator<BooleanParameter> {
  readonly lxClass = 'heronarts.lx.modulator.MacroTriggers';

  constructor(label = 'Triggers') {
    super(label, (n) => new BooleanParameter(`T${n}`, false, { mode: 'momentary', description: `Macro trigger ${n}` }));
  }
}
