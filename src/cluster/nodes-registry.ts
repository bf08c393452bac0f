// The show's node registry (docs/cluster.md, "Slices"): each node of a cluster rewrites its entry
// about once a second (its role, slice, the universes it sends, lag, last frame and digest). It is a
// JetStream key-value bucket, `footlight-<show>-nodes`, laid out as NATS KV lays one out (stream
// `KV_<bucket>`, one subject per key keeping its last value), so `nats kv` reads it too. Entries
// expire a while after their node stops reporting; a node that stops cleanly removes its own. Key
// `leader.slices` (never a node's name: names have no dot) holds the slices the leader assigns
// (slice-assign.ts), rewritten by the leader about once a second so it does not expire.
import { type NatsConnection, connect } from '@nats-io/transport-node';
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { unavailable } from '../engine/errors.js';
import type { ClusterMember, ClusterMembers } from '../tools/cluster-link.js';
import type { SliceAssignment } from './slice-assign.js';

/** How long an entry outlives its node's last report. */
const ENTRY_TTL_MS = 30_000;
const REQUEST_TIMEOUT_MS = 2000;
/** The key of the leader's slice assignment. */
const ASSIGNMENT_KEY = 'leader.slices';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class NodesRegistry {
  private last: ClusterMembers = { nodes: [], collisions: [] };

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    /** The bucket: `<stream>-nodes`. */
    readonly bucket: string,
  ) {}

  /** Connects and makes the bucket when no node has yet (`stream`: the show log's stream name). */
  static async open(url: string, node: string, stream: string): Promise<NodesRegistry> {
    let nc: NatsConnection;
    try {
      nc = await connect({ servers: url, name: `footlight-${node}-registry`, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    } catch (err) {
      throw unavailable(`cannot reach the cluster's NATS server at ${url}: ${(err as Error).message}`);
    }
    const jsm = await jetstreamManager(nc, { timeout: REQUEST_TIMEOUT_MS });
    const registry = new NodesRegistry(nc, jetstream(nc, { timeout: REQUEST_TIMEOUT_MS }), jsm, `${stream}-nodes`);
    try {
      await jsm.streams.info(registry.stream);
    } catch {
      await jsm.streams.add({
        name: registry.stream,
        subjects: [`$KV.${registry.bucket}.>`],
        max_msgs_per_subject: 1,
        max_age: ENTRY_TTL_MS * 1_000_000,
        allow_direct: true,
        allow_rollup_hdrs: true,
        deny_delete: true,
      });
    }
    return registry;
  }

  private get stream(): string {
    return `KV_${this.bucket}`;
  }

  private subject(node: string): string {
    return `$KV.${this.bucket}.${node}`;
  }

  /** Writes this node's entry (its value replaces the one before). */
  async put(entry: ClusterMember): Promise<void> {
    await this.js.publish(this.subject(entry.node), encoder.encode(JSON.stringify(entry)));
  }

  /** Reads every entry, keeps them (`members`) and finds the universes two nodes send. */
  async read(): Promise<ClusterMembers> {
    const info = await this.jsm.streams.info(this.stream, { subjects_filter: this.subject('*') });
    const nodes: ClusterMember[] = [];
    for (const subject of Object.keys(info.state.subjects ?? {}).sort()) {
      const m = await this.jsm.streams.getMessage(this.stream, { last_by_subj: subject });
      if (m === null || m.data.length === 0) continue;
      nodes.push(JSON.parse(decoder.decode(m.data)) as ClusterMember);
    }
    this.last = { nodes, collisions: sharedUniverses(nodes) };
    return this.last;
  }

  /** Writes the leader's slice assignment (it replaces the one before). */
  async putAssignment(assignment: SliceAssignment): Promise<void> {
    await this.js.publish(this.subject(ASSIGNMENT_KEY), encoder.encode(JSON.stringify(assignment)));
  }

  /** The leader's slice assignment, if one was written in the last 30 s. */
  async assignment(): Promise<SliceAssignment | undefined> {
    const m = await this.jsm.streams.getMessage(this.stream, { last_by_subj: this.subject(ASSIGNMENT_KEY) });
    return m === null || m.data.length === 0 ? undefined : (JSON.parse(decoder.decode(m.data)) as SliceAssignment);
  }

  /** The entries as last read. */
  get members(): ClusterMembers {
    return this.last;
  }

  /** Removes this node's entry (a clean stop). */
  async leave(node: string): Promise<void> {
    if (this.nc.isClosed()) return;
    await this.jsm.streams.purge(this.stream, { filter: this.subject(node) }).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.close();
  }
}

/** Each universe (protocol, destination and universe) that two nodes or more send, with those nodes. */
function sharedUniverses(nodes: readonly ClusterMember[]): ClusterMembers['collisions'] {
  const senders = new Map<string, string[]>();
  for (const n of nodes) for (const u of n.universes) senders.set(u, [...(senders.get(u) ?? []), n.node]);
  return [...senders]
    .filter(([, by]) => by.length > 1)
    .map(([universe, by]) => ({ universe, nodes: by }))
    .sort((a, b) => a.universe.localeCompare(b.universe));
}
