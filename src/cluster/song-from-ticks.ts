// A render node's song transport follows the leader's ticks (docs/cluster.md): the leader's song
// moves by its own clock (the live audio it plays), so a render node stepping its own transport
// would drift from it; instead, in each frame, the transport takes the position and play state
// the leader's tick logged for that frame, before the light renders.
import type { EngineClock } from '../engine/clock.js';
import type { TickRecord } from './records.js';

/** The song transport a render node drives (the sound host's runtime state). */
export interface FollowedTransport {
  position: number;
  playing: boolean;
}

export class SongFromTicks {
  private tick: TickRecord | undefined;
  private transport: FollowedTransport | undefined;

  /**
   * Listens first in every frame. Made before the sound host exists: listeners that ask to be first
   * go before the earlier ones, so the song's own step runs before this and the light after it.
   */
  constructor(clock: EngineClock) {
    clock.onFrame((frame) => this.frame(frame.index), { first: true });
  }

  attach(transport: FollowedTransport): void {
    this.transport = transport;
  }

  /** The tick the next frames step to: its frame takes the tick's position and play state. */
  expect(tick: TickRecord): void {
    this.tick = tick;
  }

  private frame(index: number): void {
    const tick = this.tick;
    if (tick === undefined || tick.frame !== index || this.transport === undefined) return;
    this.transport.position = tick.position;
    this.transport.playing = tick.playing;
  }
}
