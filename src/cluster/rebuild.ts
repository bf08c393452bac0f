// Rebuilding a node whose show diverged in structure (docs/cluster.md, "Divergence checks"): a repair
// from a checkpoint mends values, runtime state and the history's changes, not components or history
// steps. Those come only from the log's calls replayed onto the project the leader started the show
// on, in a show whose graph hands out the leader's ids, and the surfaces of this process serve the
// show they were built with. So the node asks `serve` to run itself again (src/cli/serve-rebuild.ts):
// the process closes its show and starts anew with the same arguments on the leader's start project,
// and the fresh process joins from the newest checkpoint as a restarted node does.
import type { Logger } from '../engine/log.js';
import type { CheckpointStore } from './checkpoints.js';

/** What a rebuilt process was told of its rebuilds: how many so far, the last one's reason and time. */
export interface Rebuilt {
  readonly count: number;
  readonly reason: string;
  readonly at: string;
}

/** What a node asks of `serve`: run again on `project` (the leader's start project, JSON text). */
export interface RebuildRequest {
  readonly reason: string;
  readonly project: string;
}

/** A divergence that comes back within this long of a rebuild is not rebuilt again: a person should look (ms). */
const MIN_INTERVAL_MS = 60_000;

/**
 * After a repair failed on the show's structure: asks `rebuild` to run the node again on the leader's
 * start project. Returns why it did not (then the node reports `repairFailed` as before), or undefined.
 */
export async function askRebuild(
  reason: string,
  store: CheckpointStore,
  before: Rebuilt | undefined,
  rebuild: ((request: RebuildRequest) => void) | undefined,
  log: Logger,
): Promise<string | undefined> {
  if (rebuild === undefined) return 'this process cannot run itself again';
  if (before !== undefined && Date.now() - Date.parse(before.at) < MIN_INTERVAL_MS)
    return `it was rebuilt ${Math.round((Date.now() - Date.parse(before.at)) / 1000)} s ago and diverged again: restart it by hand once the cause is found`;
  const project = await store.loadStart().catch(() => undefined);
  if (project === undefined) return "the leader stored no start project (a leader of an older build): restart this node on the leader's project";
  log.warn({ reason }, "this node's show differs from the leader's in structure: it runs itself again on the leader's start project and joins afresh");
  rebuild({ reason, project });
  return undefined;
}
