import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { LXComponent } from '../lx-component.js';
import { lxArray, type LoadContext, type LxObject } from '../project/lxp-types.js';
import type { PointSet } from '../model/index.js';
import { Channel } from './channel.js';
import { MasterBus } from './master-bus.js';

const BLACK = 0xff000000;

/** The mixer (LX's LXMixerEngine): channels blended in order onto black, then the master bus. */
export class Mixer extends LXComponent {
  readonly lxClass = 'heronarts.lx.mixer.LXMixerEngine';
  readonly crossfader = new BoundedParameter('Crossfader', 0.5, { modulatable: true, polarity: 'bipolar', units: 'percentNormalized', description: 'Balance between crossfade groups A and B' });
  readonly channels = this.addArray<Channel>('channel');
  readonly master: MasterBus;

  constructor() {
    super('Mixer');
    this.addParameter('crossfader', this.crossfader);
    this.master = this.addChild('master', new MasterBus());
  }

  /** Renders every animating channel and blends it into `main`. */
  render(points: PointSet, deltaMs: number, main: Uint32Array): void {
    main.fill(BLACK);
    for (const channel of this.channels.items) {
      if (!channel.enabled.isOn() || channel.isAutoMuted) continue;
      channel.render(points, deltaMs);
      const fader = channel.fader.getValue();
      if (fader > 0) channel.blends[channel.blendMode.getValue()].blend(main, channel.colors, fader, main, null);
    }
  }

  protected override extraSaveKeys(): readonly string[] {
    return ['channels'];
  }

  protected override saveExtra(obj: LxObject): void {
    obj.channels = this.channels.items.map((c) => c.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    for (const json of lxArray(obj.channels)) {
      const channel = this.channels.insert(new Channel(`Channel-${this.channels.length + 1}`));
      channel.load(json, ctx);
    }
  }
}
