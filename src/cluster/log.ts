// The show's command log on NATS JetStream: one stream per show, appended by the leader, read from
// its start by each render node with an ordered consumer (docs/cluster.md).
import { type NatsConnection, connect } from '@nats-io/transport-node';
import { type JetStreamClient, type JetStreamManager, type ConsumerMessages, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { unavailable } from '../engine/errors.js';
import { type LogRecord, decodeRecord, encodeRecord, subjectOf } from './records.js';

/** How long an append waits for JetStream's acknowledgement before the call fails, in ms. */
const APPEND_TIMEOUT_MS = 2000;
/** How often an idle reader expects the server's heartbeat (two missed: the ordered consumer is made again). */
const IDLE_HEARTBEAT_MS = 1000;
/**
 * Records a reader asks the server for at once (the client's default is 100): a node catching up
 * with a long log otherwise waits for a pull round trip every few dozen records (profiled: a sixth of
 * a catch-up's time idle, against under a twentieth with this).
 */
const READ_BATCH = 1000;
/** How long closing waits for pending appends to drain. */
const CLOSE_WAIT_MS = 1000;

/** One record as a reader sees it: its place in the stream and how many follow it. */
interface ReadRecord {
  readonly seq: number;
  readonly pending: number;
  readonly record: LogRecord;
}

export class ShowLog {
  private constructor(
    private readonly nc: NatsConnection,
    /** The JetStream clients, shared with the leader lease (lease.ts). */
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly stream: string,
  ) {}

  /** Connects to the NATS server at `url` (nats://HOST:PORT); `unavailable` when it cannot be reached. */
  static async open(url: string, node: string, stream: string): Promise<ShowLog> {
    let nc: NatsConnection;
    try {
      nc = await connect({ servers: url, name: `footlight-${node}`, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    } catch (err) {
      throw unavailable(`cannot reach the cluster's NATS server at ${url}: ${(err as Error).message}`);
    }
    return new ShowLog(nc, jetstream(nc, { timeout: APPEND_TIMEOUT_MS }), await jetstreamManager(nc), stream);
  }

  /** The NATS connection, which also carries forwarded writes (forward.ts). */
  get connection(): NatsConnection {
    return this.nc;
  }

  get connected(): boolean {
    return !this.nc.isClosed();
  }

  /** Leader: makes the show's stream (file storage) and empties it: the log starts with this run of the show. */
  async reset(): Promise<void> {
    const config = { name: this.stream, subjects: [`${this.stream}.>`] };
    try {
      await this.jsm.streams.info(this.stream);
      await this.jsm.streams.purge(this.stream);
    } catch {
      await this.jsm.streams.add(config);
    }
  }

  /** Whether the show's stream holds records: a leader started again continues it (unless started with --fresh). */
  async holdsShow(): Promise<boolean> {
    try {
      return (await this.jsm.streams.info(this.stream)).state.messages > 0;
    } catch {
      return false;
    }
  }

  /** Whether the show's stream exists yet (a render node waits for its leader). */
  async exists(): Promise<boolean> {
    try {
      await this.jsm.streams.info(this.stream);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Appends a record. The request leaves on the connection before this returns, so records are
   * stored in the order `append` is called; the promise settles with JetStream's acknowledgement.
   */
  append(record: LogRecord): Promise<number> {
    return this.js.publish(subjectOf(this.stream, record.kind), encodeRecord(record)).then(
      (ack) => ack.seq,
      (err: unknown) => {
        throw unavailable(`JetStream did not acknowledge the append: ${(err as Error).message}`);
      },
    );
  }

  /**
   * Appends a record fenced by the stream's sequence: JetStream stores it only if the stream's last
   * sequence is `expectLastSeq` (a deposed leader's appends fail) and drops a repeat of `msgID`. Errors
   * are JetStream's own (outbox.ts reads their codes).
   */
  async appendFenced(record: LogRecord, msgID: string, expectLastSeq: number): Promise<number> {
    const ack = await this.js.publish(subjectOf(this.stream, record.kind), encodeRecord(record), { msgID, expect: { lastSequence: expectLastSeq } });
    return ack.seq;
  }

  /**
   * Removes every tick (and the frame inputs it carries) stored before sequence `before`, with
   * JetStream's own purge restricted to the tick subject: every other record stays, in its place.
   * Returns how many ticks went.
   */
  async trimTicks(before: number): Promise<number> {
    return (await this.jsm.streams.purge(this.stream, { filter: subjectOf(this.stream, 'tick'), seq: before })).purged;
  }

  /** The stream's last sequence (0 when it never held a record). */
  async lastSeq(): Promise<number> {
    return (await this.jsm.streams.info(this.stream)).state.last_seq;
  }

  /** The message id a record was appended with (undefined when it has none or is gone). */
  async messageId(seq: number): Promise<string | undefined> {
    const m = await this.jsm.streams.getMessage(this.stream, { seq });
    return m?.header?.get('Nats-Msg-Id') || undefined;
  }

  /** The newest record of a kind, if any (a render node measures its lag against the newest tick). */
  async newest(kind: LogRecord['kind']): Promise<LogRecord | undefined> {
    const m = await this.jsm.streams.getMessage(this.stream, { last_by_subj: subjectOf(this.stream, kind) });
    return m === null ? undefined : decodeRecord(m.data);
  }

  /** Reads the stream from sequence `from` (its start by default), in order, with an ordered consumer; `stop()` ends the iteration. */
  async read(from = 1): Promise<{ records: AsyncIterable<ReadRecord>; stop: () => void }> {
    const consumer =
      from > 1
        ? await this.js.consumers.get(this.stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from })
        : await this.js.consumers.get(this.stream);
    // Heartbeats every second while idle: after the server restarts the consumer resumes within seconds, not the default's minute.
    const messages: ConsumerMessages = await consumer.consume({ idle_heartbeat: IDLE_HEARTBEAT_MS, max_messages: READ_BATCH });
    async function* records(): AsyncIterable<ReadRecord> {
      for await (const m of messages) yield { seq: m.seq, pending: m.info.pending, record: decodeRecord(m.data) };
    }
    return { records: records(), stop: () => void messages.close() };
  }

  /** Drains the connection (pending appends finish), or closes it after a second when the server is gone. */
  async close(): Promise<void> {
    if (this.nc.isClosed()) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([this.nc.drain().catch(() => undefined), late]);
    clearTimeout(timer);
    if (!this.nc.isClosed()) await this.nc.close();
  }
}
