// Failover (docs/cluster.md, "Failover"): a follower watches the lease and takes it when it lapsed,
// if no live follower is more advanced. "Lapsed" is measured on the follower's own clock: the lease's
// revision did not change for a whole TTL of reads that all succeeded (a follower that cannot reach
// the NATS server concludes nothing, so an outage of the server alone never elects anyone).
import type { Lease, LeaseValue, NodeReport } from './lease.js';

/** The engine period of a cluster's frames. */
const FRAME_MS = 1000 / 60;
/** Frames a new leader starts ahead of the most advanced report it read (its followers flywheel meanwhile). */
const START_MARGIN_FRAMES = 60;

export class LeaseWatch {
  private revision = -1;
  private value: LeaseValue | undefined;
  /** When (performance.now()) the current revision was first read, undefined after a failed read. */
  private since: number | undefined;

  constructor(
    private readonly lease: Lease,
    readonly ttlMs: number,
  ) {}

  /** Reads the lease; true when it has lapsed. */
  async lapsed(): Promise<boolean> {
    let read: Awaited<ReturnType<Lease['read']>>;
    try {
      read = await this.lease.read();
    } catch {
      this.since = undefined;
      return false;
    }
    const now = performance.now();
    if (read.revision !== this.revision || this.since === undefined) {
      this.revision = read.revision;
      this.value = read.value;
      this.since = now;
      return false;
    }
    return now - this.since >= this.ttlMs;
  }

  /** The lease as last read, with the local estimate of when it lapses (epoch ms). */
  get seen(): { readonly value: LeaseValue | undefined; readonly revision: number; readonly expiresAt: number | undefined } {
    const expiresAt = this.since === undefined ? undefined : Date.now() + (this.since + this.ttlMs - performance.now());
    return { value: this.value, revision: this.revision, expiresAt };
  }
}

/**
 * Whether `me` should take a lapsed lease: it applied the whole log (`applied` = the stream's last
 * sequence) and no report fresher than a TTL comes from a node that may lead and applied more, or as
 * much with a smaller name.
 */
export function mayTake(me: string, applied: number, streamLast: number, reports: readonly NodeReport[], ttlMs: number, now = Date.now()): boolean {
  if (applied < streamLast) return false;
  return !reports.some((r) => r.node !== me && r.lead !== false && now - r.at < ttlMs && (r.seq > applied || (r.seq === applied && r.node < me)));
}

/** The frame a new leader starts at: past every live follower's frame, as projected from its report to now. */
export function startFrame(ownFrames: number, reports: readonly NodeReport[], ttlMs: number, now = Date.now()): number {
  let frame = ownFrames;
  for (const r of reports) if (now - r.at < ttlMs) frame = Math.max(frame, r.frame + Math.ceil(Math.max(0, now - r.at) / FRAME_MS));
  return frame + START_MARGIN_FRAMES;
}
