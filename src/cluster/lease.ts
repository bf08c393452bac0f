// The leader lease (docs/cluster.md, "Leader lease"): a JetStream KV bucket per show (a stream laid
// out as the KV API lays it out, so `nats kv` reads it) holds key `leader` = {node, term}. Every write
// of the key is a compare-and-set on its revision, so of two nodes taking or renewing it only one wins.
// Each follower also reports its progress under `node.<name>`: a lapsed lease goes to the most advanced.
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';

/** Who holds the lease, and for which term (each new holder's term is one more). */
export interface LeaseValue {
  readonly node: string;
  readonly term: number;
}

/** A follower's progress: the last log sequence it applied, its frame count, when (epoch ms). */
export interface NodeReport {
  readonly node: string;
  readonly seq: number;
  readonly frame: number;
  readonly at: number;
  /** False from a node that never takes the lease (--no-lead): its progress counts for the start frame, not the election. */
  readonly lead?: false;
}

/** JetStream's error code for a compare-and-set that lost (wrong last sequence). */
const WRONG_LAST_SEQUENCE = 10071;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Whether `err` is JetStream refusing a write because the stream (or key) moved on. */
export function lostRace(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === WRONG_LAST_SEQUENCE;
}

export class Lease {
  private constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly bucket: string,
  ) {}

  /** Opens (or makes) the show's lease bucket, `<stream>-lease`: one value per key, file storage. */
  static async open(js: JetStreamClient, jsm: JetStreamManager, stream: string): Promise<Lease> {
    const bucket = `${stream}-lease`;
    const name = `KV_${bucket}`;
    try {
      await jsm.streams.info(name);
    } catch {
      await jsm.streams.add({ name, subjects: [`$KV.${bucket}.>`], max_msgs_per_subject: 1, allow_rollup_hdrs: true, deny_delete: true, allow_direct: true });
    }
    return new Lease(js, jsm, bucket);
  }

  /** The lease as stored, with its revision (0 and undefined when no node ever held it). */
  async read(): Promise<{ readonly value: LeaseValue | undefined; readonly revision: number }> {
    const m = await this.jsm.streams.getMessage(`KV_${this.bucket}`, { last_by_subj: this.key('leader') }).catch(() => null);
    if (m === null) return { value: undefined, revision: 0 };
    return { value: JSON.parse(decoder.decode(m.data)) as LeaseValue, revision: m.seq };
  }

  /** Writes the lease if its revision is still `revision`: the new revision, or undefined when another node wrote it first. */
  async write(value: LeaseValue, revision: number): Promise<number | undefined> {
    try {
      const ack = await this.js.publish(this.key('leader'), encoder.encode(JSON.stringify(value)), { expect: { lastSubjectSequence: revision } });
      return ack.seq;
    } catch (err) {
      if (lostRace(err)) return undefined;
      throw err;
    }
  }

  async report(r: NodeReport): Promise<void> {
    await this.js.publish(this.key(`node.${r.node}`), encoder.encode(JSON.stringify(r)));
  }

  /** Every node's latest report. */
  async reports(): Promise<NodeReport[]> {
    const name = `KV_${this.bucket}`;
    const info = await this.jsm.streams.info(name, { subjects_filter: this.key('node.>') });
    const out: NodeReport[] = [];
    for (const subject of Object.keys(info.state.subjects ?? {})) {
      const m = await this.jsm.streams.getMessage(name, { last_by_subj: subject }).catch(() => null);
      if (m !== null) out.push(JSON.parse(decoder.decode(m.data)) as NodeReport);
    }
    return out;
  }

  private key(k: string): string {
    return `$KV.${this.bucket}.${k}`;
  }
}
