// How the one call path (invoke.ts) meets a cluster (src/cluster, docs/cluster.md): a render node
// forwards a surface's writes to the leader; the leader appends each write it ran to the show's
// command log and answers the caller only once the log has it. Without `serve --cluster` there is
// no link and nothing changes.
import type { Origin, PerformOptions } from '../engine/commands/history.js';

/** One write as the leader ran it: what a render node replays through its own `invoke`. */
export interface LoggedCall {
  readonly tool: string;
  /** The arguments as the caller sent them; the render node parses them with the same schema. */
  readonly args: unknown;
  readonly origin: Origin;
  /** A merging surface's key, and whether the leader's history merged this call into the step on top. */
  readonly merge?: { readonly mergeKey: string; readonly merged: boolean };
  /** A write a render node forwarded: its id (node and counter), so a new leader neither loses nor repeats it. */
  readonly id?: string;
  /** A forwarded sound tool's answer: its lines are logged on their own, so render nodes keep the answer for the id and do not run the call. */
  readonly answer?: ForwardedReply;
}

/** A write a render node sends to its leader: run there through `invoke` with the caller's origin. */
export interface ForwardedCall {
  readonly tool: string;
  readonly args: unknown;
  readonly origin: Origin;
  readonly merge?: PerformOptions;
  /** This forward's id (the node's name, its process's run and a counter), set when it is sent. */
  readonly id?: string;
}

/** The leader's answer to a forwarded call: the tool's payload and what it attached. */
export interface ForwardedReply {
  readonly payload: Record<string, unknown>;
  readonly attachments: readonly { readonly type: 'image' | 'audio'; readonly data: string; readonly mimeType: string }[];
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
  /** What the node presents: `leading`, `following` the log's ticks, `flywheel` (no ticks: its own clock), `held` (its last frame), `black`. */
  readonly presenting: 'leading' | 'following' | 'flywheel' | 'held' | 'black';
  /** Writes the leader holds while the log is unreachable (absent while the log takes them). */
  readonly held?: number;
  /** Why this node stopped following the log, when it has. */
  readonly stopped?: string;
  /** A render node started with --no-lead: it never takes the lease. */
  readonly mayLead?: false;
  /** A leader started again on the show's log, until it leads again. */
  readonly resuming?: true;
  /** This node led until another took the lease: who, for which term, and this node's frame then; it follows the new leader. */
  readonly deposed?: { readonly by: string | null; readonly term: number | null; readonly frame: number };
  /** Frames compared with the digests the leader logged (the whole frame, or with a slice the canary region). */
  readonly checks?: number;
  /** Present while this node's frames differ from the leader's: the first and newest differing frame. */
  readonly diverged?: { readonly since: number; readonly frame: number };
  /** Render node: how often it repaired itself from a checkpoint, and the last repair's checkpoint frame, reason and time (ms). */
  readonly repaired?: { readonly count: number; readonly frame: number; readonly reason: string; readonly ms: number };
  /** Render node: why its last repair failed (absent once one succeeds). */
  readonly repairFailed?: string;
  /** This process was started again by `serve` after its show diverged in structure: how often, the last reason and time. */
  readonly rebuilt?: { readonly count: number; readonly reason: string; readonly at: string };
  /** How long after the leader ran a frame this node presents it (ms): a render node renders it then, a leader sends it then. */
  readonly presentDelayMs?: number;
  /** Render node: frames presented after their time (the tick came later than the delay), once caught up with the log. */
  readonly late?: number;
  /** Render node, while it replays the log to catch up (it neither waits to present nor sends): frames behind the newest tick. */
  readonly catchingUp?: { readonly behind: number };
  /** Render node, once caught up: how long the catch-up took (ms) and the frames and calls it replayed. */
  readonly caughtUp?: { readonly ms: number; readonly frames: number; readonly calls: number };
  /** The labels of the fixtures this node renders and sends (serve --slice); null: the whole rig. */
  readonly slice: string[] | null;
  /** The slice is the leader's to assign (serve --slice auto). */
  readonly auto?: true;
  /** An assigned slice: the leader that assigned it, the frame from which this node renders it, when the leader decided. */
  readonly assigned?: SliceAssigned;
  /** Leader: the newest checkpoint it stored (the state after `frame`, at the log's sequence `seq`). */
  readonly checkpoint?: { readonly frame: number; readonly seq: number };
  /** Render node that joined from a checkpoint: which, the calls it replayed to reach it, and how long that took (ms). */
  readonly joined?: { readonly frame: number; readonly seq: number; readonly calls: number; readonly ms: number };
}

interface SliceAssigned {
  readonly by: string;
  readonly frame: number;
  readonly at: string;
}

/** A node as it last reported itself in the show's node registry (each node rewrites its entry about once a second). */
export interface ClusterMember {
  readonly node: string;
  readonly role: 'leader' | 'render';
  readonly slice: string[] | null;
  readonly auto?: true;
  readonly assigned?: SliceAssigned;
  /** The universes it sends, each `protocol/transport/host:port#universe`. */
  readonly universes: string[];
  /** When it last reported (ISO 8601). */
  readonly lastSeen: string;
  readonly lag: number | null;
  readonly frame: number | null;
  readonly digest: string | null;
}

/** The registry as last read: every node, and each universe sent by two nodes or more (a collision on the wire). */
export interface ClusterMembers {
  readonly nodes: ClusterMember[];
  readonly collisions: { readonly universe: string; readonly nodes: string[] }[];
}

export interface ClusterLink {
  /**
   * Leader: appends a write it just ran, called inside the call's engine-queue task so appends keep
   * the queue's order. Resolves with its stream sequence once the log acknowledged it. Undefined when this node logs nothing
   * (a sound tool's lines were logged, each from inside its own queue task); a sequence undefined when it logged nothing to wait on.
   */
  append(call: LoggedCall): Promise<number | undefined> | undefined;
  /**
   * Render node: sends a write from a surface to the leader and resolves with its reply once this
   * node has replayed it; undefined when the write runs here (the leader, or the log's replay).
   */
  forward(call: ForwardedCall): Promise<ForwardedReply> | undefined;
  /** Throws `unavailable` when this node may not run a write from `origin` here (a leader whose outbox is full, a stopped node). */
  admitWrite(tool: string, origin: Origin): void;
  status(): ClusterStatus;
  /** The digest of a recent frame this node rendered, if it still keeps it. */
  digestOf(frame: number): string | undefined;
  /** When this node rendered a recent frame (epoch ms), if it still keeps it. */
  renderedAt(frame: number): number | undefined;
  /** The cluster's nodes as this node last read them. */
  members(): ClusterMembers;
}
