import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { MacroModulator } from '../macro-modulator.js';

/**
 * LX's MacroKnobs ("Knobs"): eight plain 0–1 knobs K1..K8 to use as modulation sources, each
 * with an editable label. A knob can itself be modulated (a modulation chain).
 */
export class MacroKnobs extends MacroModulator<BoundedParameter> {
  readonly lxClass = 'heronarts.lx.modulator.MacroKnobs';

  constructor(label = 'Knobs') {
    super(label, (n) => new BoundedParameter(`K${n}`, 0, { modulatable: true, units: 'percentNormalized', description: `Macro knob ${n}` }));
  }
}
