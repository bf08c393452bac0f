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
  /** Why this node stopped following the log, when it has. */
  readonly stopped?: string;
  /** Render node: how long after the leader ran a frame this node presents it (ms). */
  readonly presentDelayMs?: number;
  /** Render node: frames presented after their time (the tick came later than the delay; every frame of a replay that catches up). */
  readonly late?: number;
  /** The labels of the fixtures this node renders and sends (serve --slice); null: the whole rig. */
  readonly slice: string[] | null;
}

/** A node as it last reported itself in the show's node registry (each node rewrites its entry about once a second). */
export interface ClusterMember {
  readonly node: string;
  readonly role: 'leader' | 'render';
  readonly slice: string[] | null;
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
  /** When this node rendered a recent frame (epoch ms), if it still keeps it. */
  renderedAt(frame: number): number | undefined;
  /** The cluster's nodes as this node last read them. */
  members(): ClusterMembers;
}
