import { BooleanParameter } from '../../engine/parameters/boolean.js';
import type { NumericParameter } from '../../engine/parameters/numeric.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { Modulator } from './modulator.js';

/** The label text of a macro slot nobody has named yet. */
export const UNNAMED_MACRO = '-';

/**
 * Shared base of the macro modulators (LX's LXMacroModulator): eight controls `macro1..8`, each
 * with a free-text `label1..8` (default "-"), and the internal `showEight` switch of the console
 * (5 or 8 controls shown). When a modulation is wired from a slot still labelled "-", the slot
 * takes the target's label. Macro labels are left out of snapshots. The modulator's own value is
 * meaningless (0), so it is not a modulation source itself: its controls are.
 */
export abstract class MacroModulator<P extends NumericParameter> extends Modulator {
  readonly showEight = new BooleanParameter('Show Eight', false, { internal: true, description: 'Whether the console shows 5 or 8 controls' });
  readonly macros: readonly P[];
  readonly labels: readonly StringParameter[];

  constructor(label: string, makeControl: (n: number) => P) {
    super(label);
    this.mappingSource = false;
    const macros: P[] = [];
    const labels: StringParameter[] = [];
    for (let n = 1; n <= 8; n++) macros.push(this.addParameter(`macro${n}`, makeControl(n)));
    for (let n = 1; n <= 8; n++)
      labels.push(this.addParameter(`label${n}`, new StringParameter(`Label-${n}`, UNNAMED_MACRO, { description: `Name of control ${n}`, maxLength: 256 })));
    this.addParameter('showEight', this.showEight);
    this.macros = macros;
    this.labels = labels;
  }

  /** The label parameter of the slot `p` belongs to, or undefined if `p` is not a macro control. */
  labelFor(p: Parameter): StringParameter | undefined {
    const i = (this.macros as readonly Parameter[]).indexOf(p);
    return i < 0 ? undefined : this.labels[i];
  }

  protected computeValue(_deltaMs: number): number {
    return 0;
  }
}
