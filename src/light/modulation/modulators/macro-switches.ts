import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { MacroModulator } from '../macro-modulator.js';

/**
 * LX's MacroSwitches ("Switches"): eight toggles B1..B8 with labels, for trigger modulations.
 * With `exclusive` on they behave as radio buttons: switching one on switches the others off.
 */
export class MacroSwitches extends MacroModulator<BooleanParameter> {
  readonly lxClass = 'heronarts.lx.modulator.MacroSwitches';
  readonly exclusive = new BooleanParameter('Exclusive', false, { description: 'Only one switch may be on at a time' });

  constructor(label = 'Switches') {
    super(label, (n) => new BooleanParameter(`B${n}`, false, { description: `Macro switch ${n}` }));
    this.addParameter('exclusive', this.exclusive);
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (!this.exclusive.isOn()) return;
    const on = this.macros.indexOf(p as BooleanParameter);
    if (on >= 0 && this.macros[on].isOn()) {
      for (let i = 0; i < this.macros.length; i++) if (i !== on) this.macros[i].setOn(false);
    } else if (p === this.exclusive) {
      const first = this.macros.findIndex((m) => m.isOn());
      for (let i = first + 1; first >= 0 && i < this.macros.length; i++) this.macros[i].setOn(false);
    }
  }
}
