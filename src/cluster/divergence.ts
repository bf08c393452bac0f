// Divergence checks (docs/cluster.md): the leader's tick carries the digest of its frame every
// CHECK_EVERY frames; a node that replays the tick compares it with the digest of the same frame it
// rendered. A mismatch means the node's show is no longer the leader's: it is reported (logged,
// and `diverged` in get_cluster_status) until a later check matches again.
import type { Logger } from '../engine/log.js';

/** Frames between two digests in the log: one a second at 60 fps. */
const CHECK_EVERY = 60;

/** What get_cluster_status reports while a node's frames differ from the leader's. */
interface Diverged {
  /** The first frame found to differ (since the last check that matched). */
  readonly since: number;
  /** The newest frame found to differ. */
  readonly frame: number;
}

/** Whether the leader logs the digest of this frame with its tick. */
export function checkedFrame(frame: number): boolean {
  return frame % CHECK_EVERY === 0;
}

export class DivergenceCheck {
  private diverged: Diverged | undefined;
  private checks = 0;

  constructor(private readonly log: Logger) {}

  /** Compares the leader's digest of `frame` with this node's; `mine` undefined: this node did not render it (nothing to compare). */
  compare(frame: number, leaders: string, mine: string | undefined): void {
    if (mine === undefined) return;
    this.checks++;
    if (mine === leaders) {
      if (this.diverged !== undefined) this.log.warn({ frame, since: this.diverged.since }, 'this node renders the same frames as the leader again');
      this.diverged = undefined;
      return;
    }
    if (this.diverged === undefined) {
      this.log.error(
        { frame, leader: leaders, mine },
        "this node's frame differs from the leader's: the show changed on one of them outside the log (docs/cluster.md, divergence)",
      );
    }
    this.diverged = { since: this.diverged?.since ?? frame, frame };
  }

  get status(): { readonly checks: number; readonly diverged?: Diverged } {
    return { checks: this.checks, ...(this.diverged === undefined ? {} : { diverged: this.diverged }) };
  }
}
