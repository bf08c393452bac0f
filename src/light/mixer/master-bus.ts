import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { LXComponent } from '../lx-component.js';

/** The master bus (LX's LXMasterBus): the show's overall level and master effects. */
export class MasterBus extends LXComponent {
  readonly lxClass = 'heronarts.lx.mixer.LXMasterBus';
  readonly fader = new BoundedParameter('Fader', 1, { modulatable: true, units: 'percentNormalized', description: 'Overall output level' });
  readonly previewMode = new EnumParameter('Preview Mode', [
    { label: 'PRE', name: 'PRE' },
    { label: 'POST', name: 'POST' },
  ], 0, { description: 'PRE: the master fader dims outputs only. POST: it dims the mixed frame too' });
  readonly effects = this.addArray<LXComponent>('effect');

  constructor() {
    super('Master');
    this.addParameter('fader', this.fader);
    this.addParameter('previewMode', this.previewMode);
  }
}
