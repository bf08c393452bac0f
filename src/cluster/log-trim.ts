// Trimming the show's log behind its checkpoints (docs/cluster.md, "Trimming the log"). Ticks carry
// every frame's inputs (DMX, audio blocks) and make nearly all of the log's bytes; a node that joins
// needs none before the checkpoint it loads, only the calls there (they rebuild the project and the
// one history). So once a checkpoint is stored, the leader removes the ticks before the older of the
// two the bucket keeps (a node may be loading that one), but never past what a live render node has
// yet to apply: a node replaying the log reports its progress (failover.ts) and keeps its ticks.
import type { Logger } from '../engine/log.js';
import type { CheckpointMark } from './checkpoints.js';
import type { Lease, NodeReport } from './lease.js';
import type { ShowLog } from './log.js';
import type { TrimRecord } from './records.js';

/**
 * How long a render node's report holds the trim back. Nodes report every quarter of the lease; one
 * that stopped reporting (dead, or stopped following) no longer needs the ticks after 30 s.
 */
const REPORT_HOLDS_MS = 30_000;

/**
 * Where ticks may go up to: before the older kept checkpoint's record, or a live node's next record,
 * whichever comes first (`frame`: the first frame the log still holds then).
 */
function trimPoint(kept: readonly CheckpointMark[], reports: readonly NodeReport[], me: string, now: number): Omit<TrimRecord, 'kind'> | undefined {
  const older = kept[1];
  if (older === undefined) return undefined;
  let point = { before: older.seq, frame: older.frame + 1 };
  for (const r of reports) if (r.node !== me && now - r.at < REPORT_HOLDS_MS && r.seq + 1 < point.before) point = { before: r.seq + 1, frame: r.frame };
  return point;
}

export class LogTrim {
  /** The sequence the log was last trimmed before. */
  private done = 0;

  constructor(
    private readonly log: ShowLog,
    private readonly lease: Lease,
    private readonly node: string,
  ) {}

  /**
   * Leader, after a checkpoint was stored (`kept`: the bucket's, newest first): appends a `trim` record
   * through `append` (the fenced outbox: a deposed leader trims nothing), then purges the ticks before
   * the trim point. The record comes first, so a log whose ticks went always says so.
   */
  async behind(kept: readonly CheckpointMark[], append: (record: TrimRecord) => Promise<number>, log: Logger): Promise<void> {
    try {
      const point = trimPoint(kept, await this.lease.reports(), this.node, Date.now());
      if (point === undefined || point.before <= this.done) return;
      await append({ kind: 'trim', ...point });
      const purged = await this.log.trimTicks(point.before);
      this.done = point.before;
      log.debug({ ...point, purged }, 'the cluster log was trimmed behind its checkpoints');
    } catch (err) {
      log.warn({ err }, 'the cluster log was not trimmed this time: it holds more ticks until the next checkpoint');
    }
  }
}

/**
 * Why a node cannot replay the whole log once it was trimmed: the frames it cannot run would make a
 * show that only looks like the leader's, so it stops instead (the caller adds what to do).
 */
export function wholeLogGone(trim: TrimRecord): string {
  return (
    `the show's log no longer holds the frames before frame ${trim.frame} (the leader trims them behind its checkpoints), ` +
    'so it cannot be replayed from its start'
  );
}
