// Divergence checks (docs/cluster.md): the leader's tick carries, every CHECK_EVERY frames, the
// digest of its canary region (canary.ts) and, when it renders the whole rig, of its frame; a node
// that replays the tick compares it with its own digest of the same frame — the whole frame when
// neither has a slice, else the canary every node renders. A mismatch means the node's show is no
// longer the leader's: it is reported (logged, and `diverged` in get_cluster_status) until a later
// check matches again, and REPAIR_AFTER mismatches in a row make the node repair itself (repair.ts).
import type { Logger } from '../engine/log.js';
import type { TickRecord } from './records.js';

/** Frames between two digests in the log: one a second at 60 fps. */
const CHECK_EVERY = 60;
/** Checks in a row that differ before the node repairs itself: one that differs alone may be a model change settling. */
const REPAIR_AFTER = 3;
/** This node's canary digests kept for the checks (a node catching up renders ticks before it compares them). */
const CANARIES_KEPT = 32;

/** What get_cluster_status reports while a node's frames differ from the leader's. */
interface Diverged {
  /** The first frame found to differ (since the last check that matched). */
  readonly since: number;
  /** The newest frame found to differ. */
  readonly frame: number;
}

/** Whether the leader logs the digests of this frame with its tick. */
export function checkedFrame(frame: number): boolean {
  return frame % CHECK_EVERY === 0;
}

export class DivergenceCheck {
  private diverged: Diverged | undefined;
  private checks = 0;
  private misses = 0;
  private readonly canaries = new Map<number, string>();

  constructor(private readonly log: Logger) {}

  /** Keeps this node's canary digest of a checked frame it rendered. */
  keepCanary(frame: number, digest: string): void {
    this.canaries.set(frame, digest);
    if (this.canaries.size > CANARIES_KEPT) this.canaries.delete(this.canaries.keys().next().value as number);
  }

  /**
   * Compares the digests the leader logged with `tick` with this node's: `whole`, its digest of the
   * frame (undefined: it did not render it), compared when this node has no slice and the leader
   * logged one; else the canary's.
   */
  check(tick: TickRecord, whole: string | undefined, sliced: boolean): void {
    if (!sliced && tick.digest !== undefined) this.compare(tick.frame, tick.digest, whole);
    else if (tick.canary !== undefined) this.compare(tick.frame, tick.canary, this.canaries.get(tick.frame));
  }

  private compare(frame: number, leaders: string, mine: string | undefined): void {
    if (mine === undefined) return;
    this.checks++;
    if (mine === leaders) {
      if (this.diverged !== undefined) this.log.warn({ frame, since: this.diverged.since }, 'this node renders the same frames as the leader again');
      this.diverged = undefined;
      this.misses = 0;
      return;
    }
    this.misses++;
    if (this.diverged === undefined) {
      this.log.error(
        { frame, leader: leaders, mine },
        "this node's frame differs from the leader's: the show changed on one of them outside the log (docs/cluster.md, divergence)",
      );
    }
    this.diverged = { since: this.diverged?.since ?? frame, frame };
  }

  /** Why the node should repair itself, when REPAIR_AFTER checks in a row differed. */
  get repairDue(): string | undefined {
    if (this.misses < REPAIR_AFTER || this.diverged === undefined) return undefined;
    return `${this.misses} divergence checks in a row differed (since frame ${this.diverged.since})`;
  }

  /** A repair took a checkpoint: the checks count the misses afresh. */
  repaired(): void {
    this.misses = 0;
  }

  get status(): { readonly checks: number; readonly diverged?: Diverged } {
    return { checks: this.checks, ...(this.diverged === undefined ? {} : { diverged: this.diverged }) };
  }
}
