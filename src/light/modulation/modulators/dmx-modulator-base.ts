import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { DMX_CHANNELS, DMX_UNIVERSES, type LXDmxEngine, dmxEngineOf } from '../../dmx/dmx-engine.js';
import { Modulator } from '../modulator.js';

/**
 * LX's AbstractDmxModulator: a modulator that reads `bytes` consecutive DMX channels from
 * `universe`/`channel`; the channel's range ends where the last byte still fits in the universe.
 */
export abstract class DmxModulatorBase extends Modulator {
  readonly universe = new DiscreteParameter('Universe', 0, 0, DMX_UNIVERSES - 1, { description: 'DMX universe' });
  readonly channel = new DiscreteParameter('Channel', 0, 0, DMX_CHANNELS - 1, { description: 'DMX channel' });
  private bytes = 1;

  constructor(label: string, bytes = 1) {
    super(label);
    this.setBytes(bytes);
    this.addParameter('universe', this.universe);
    this.addParameter('channel', this.channel);
  }

  /** Re-ranges `channel` so `bytes` channels fit (a channel past the new end moves to it). */
  protected setBytes(bytes: number): void {
    const n = bytes < 1 ? 1 : bytes > DMX_CHANNELS ? DMX_CHANNELS : bytes;
    if (n === this.bytes) return;
    this.bytes = n;
    this.channel.setRange(0, DMX_CHANNELS - n);
  }

  /** The DMX input of the engine this modulator runs in (null while detached). */
  protected get dmx(): LXDmxEngine | null {
    return dmxEngineOf(this);
  }
}
