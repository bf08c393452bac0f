// How the one call path (invoke.ts) meets a cluster (src/cluster, docs/cluster.md): a render node
// refuses local writes, a leader appends each write it ran to the show's command log and answers
// the caller only once the log has it. Without `serve --cluster` there is no link and nothing changes.
import type { Origin } from '../engine/commands/history.js';

/** One write as the leader ran it: what a render node replays through its own `invoke`. */
export interface LoggedCall {
  readonly tool: string;
  /** The arguments as the caller sent them; the render node parses them with the same schema. */
  readonly args: unknown;
  readonly origin: Origin;
  /** A merging surface's key, and whether the leader's history merged this call into the step on top. */
  readonly merge?: { readonly mergeKey: string; readonly merged: boolean };
}

/** What get_cluster_status and status.json report about this node. */
export interface ClusterStatus {
  readonly role: 'leader' | 'render';
  readonly node: string;
  /** The leader's node name (a render node learns it from the log; null until it has). */
  readonly leader: string | null;
  /** The JetStream stream that holds the show's log. */
  readonly stream: string;
  readonly connected: boolean;
  /** The last frame this node rendered (0-based), null before the first. */
  readonly frame: number | null;
  /** Frames this node is behind the newest tick in the log (0 on the leader); null while unknown. */
  readonly lag: number | null;
  /** The digest of the last frame (SHA-256 of its colors, hex), null before the first. */
  readonly digest: string | null;
  /** Calls appended (leader) or replayed (render node) since start. */
  readonly calls: number;
  /** Appends the log refused (leader), or replayed calls that failed here (render node: the node has diverged). */
  readonly failed: number;
  /** The leader lease as this node knows it: holder, term, and when it lapses unless renewed (ISO time). */
  readonly lease?: { readonly holder: string; readonly term: number; readonly expiresAt?: string };
  /** What the node presents: `leading`, `following` the log's ticks, `flywheel` (no ticks: its own clock), `held` (its last frame). */
  readonly presenting: 'leading' | 'following' | 'flywheel' | 'held';
  /** Writes the leader holds while the log is unreachable (absent while the log takes them). */
  readonly held?: number;
  /** Why this node stopped following the log, when it has. */
  readonly stopped?: string;
}

export interface ClusterLink {
  /** Throws `unavailable` when this node may not run a write from `origin` (a render node takes writes only from its log). */
  admitWrite(tool: string, origin: Origin): void;
  /**
   * Leader: appends a write it just ran, called inside the call's engine-queue task so appends keep
   * the queue's order. Resolves once the log acknowledged it. Undefined when this node logs nothing.
   */
  append(call: LoggedCall): Promise<void> | undefined;
  status(): ClusterStatus;
  /** The digest of a recent frame this node rendered, if it still keeps it. */
  digestOf(frame: number): string | undefined;
}
