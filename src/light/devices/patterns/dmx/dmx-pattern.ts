import { DiscreteParameter } from '../../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { DMX_BYTE_ORDERS, DMX_UNIVERSES, dmxEngineOf } from '../../../dmx/dmx-engine.js';
import { Pattern } from '../pattern.js';

/** Three channels per point; a point never straddles two universes (LX moves on at channel 510). */
const LAST_START = 510;

/**
 * LX's DmxPattern ("DMX"): the colors a desk or media server sends, three channels per point in
 * the chosen byte order, from `universe`/`channel` onwards in the order of the points it renders
 * (its view's). At channel 510 it moves to channel 0 of the next universe; after universe 511 it
 * stops, and the remaining points keep what the buffer held (LX).
 */
export class DmxPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.dmx.DmxPattern';
  readonly universe = new DiscreteParameter('Universe', 0, 0, DMX_UNIVERSES - 1, { description: 'Starting universe' });
  readonly channel = new DiscreteParameter('Channel', 0, 0, LAST_START - 1, { description: 'Starting channel' });
  readonly byteOrder = new EnumParameter('Byte Order', DMX_BYTE_ORDERS, 0, { description: 'DMX input byte order' });

  constructor() {
    super('DMX');
    this.addParameter('universe', this.universe);
    this.addParameter('channel', this.channel);
    this.addParameter('byteOrder', this.byteOrder);
  }

  protected run(): void {
    const dmx = dmxEngineOf(this);
    if (dmx === null) return;
    const order = this.byteOrder.getValue();
    let universe = this.universe.getValue();
    let channel = this.channel.getValue();
    const colors = this.colors;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) {
      colors[index[k]] = dmx.getColor(universe, channel, order);
      channel += 3;
      if (channel >= LAST_START) {
        channel = 0;
        if (++universe >= DMX_UNIVERSES) break;
      }
    }
  }
}
