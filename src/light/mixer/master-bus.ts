import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { LXComponent } from '../lx-component.js';
import type { Effect } from '../effects/effect.js';
import { loadEffects } from '../effects/load-effects.js';
import type { Placeholder } from '../placeholder.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import type { LoadContext, LxObject } from '../project/lxp-types.js';

/** The master bus (LX's LXMasterBus): the show's overall level and master effects. */
export class MasterBus extends LXComponent {
  readonly lxClass = 'heronarts.lx.mixer.LXMasterBus';
  readonly fader = new BoundedParameter('Fader', 1, { modulatable: true, units: 'percentNormalized', description: 'Overall output level' });
  readonly previewMode = new EnumParameter('Preview Mode', [
    { label: 'PRE', name: 'PRE' },
    { label: 'POST', name: 'POST' },
  ], 0, { description: 'PRE: the master fader dims outputs only. POST: it dims the mixed frame too' });
  readonly modulation: ModulationEngine;
  readonly effects = this.addArray<Effect | Placeholder>('effect');

  constructor() {
    super('Master');
    this.modulation = this.addChild('modulation', new ModulationEngine('Modulation'));
    this.addParameter('fader', this.fader);
    this.addParameter('previewMode', this.previewMode);
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['effects', 'clips'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.effects = this.effects.items.map((e) => e.save());
    obj.clips = [];
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    loadEffects(this.effects, obj, ctx);
  }
}
