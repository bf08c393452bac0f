// A render node's forwarded writes (docs/cluster.md, "Writes on a render node"): each gets an id
// (the node's name, this process's run and a counter) and stays pending until answered. When a new leader takes over, the
// replay has applied everything the old leader logged (the new leader's `lead` record follows it), so
// each pending forward is either in the replay — answered with the replayed result — or was never
// logged and is sent to the new leader (or run here when this node is the new leader). The leader
// answers an id it already served with that answer: a write is run once, never twice.
import { randomBytes } from 'node:crypto';
import { type NatsConnection, TimeoutError } from '@nats-io/transport-node';
import { ERROR_CODES, FootlightError, unavailable } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import { type ForwardKind, type Reply, type ReplayMark, decode, encode, forwardSubject } from './forward.js';

/** How long a render node waits for a live leader's reply (a call still queued on the leader times out there after 30 s). */
const REQUEST_TIMEOUT_MS = 35_000;
/** How long a render node waits for its replay to reach a forwarded write before answering anyway. */
const REPLAY_WAIT_MS = 10_000;

interface Pending {
  readonly id: string;
  readonly kind: ForwardKind;
  readonly body: object;
  /** The tool or command, for messages. */
  readonly what: string;
  /** The latest attempt: an earlier attempt's failure (to a dead leader) is ignored. */
  attempt: number;
  readonly resolve: (reply: unknown) => void;
  readonly reject: (err: unknown) => void;
}

export class Forwarder {
  /** A node started again under its name counts from 1 again: the run keeps its ids apart from its last life's, which the leader still remembers. */
  private readonly run = randomBytes(4).toString('hex');
  private count = 0;
  private readonly pending = new Map<string, Pending>();
  /** When (performance.now()) this node first saw the lease lapsed with forwards pending; undefined while a leader holds it. */
  private lapsedSince: number | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly stream: string,
    private readonly node: string,
    private readonly replayed: ReplayMark,
    private readonly log: Logger,
  ) {}

  /** Sends a write to `leader`; resolves with the leader's reply once this node has replayed it. */
  send(kind: ForwardKind, body: object, what: string, leader: string | null): Promise<unknown> {
    const id = `${this.node}-${this.run}-${++this.count}`;
    return new Promise((resolve, reject) => {
      const p: Pending = { id, kind, body: { ...body, id }, what, attempt: 0, resolve, reject };
      this.pending.set(id, p);
      this.attempt(p, leader);
    });
  }

  /**
   * The replay applied a new leader's `lead` record (or this node took over: `here` runs a write as
   * the leader): each pending forward is answered from the replay, or sent to the new leader.
   */
  leaderChanged(leader: string, known: (id: string) => Promise<Reply> | undefined, here?: (kind: ForwardKind, body: object) => Promise<Reply>): void {
    this.lapsedSince = undefined;
    for (const p of [...this.pending.values()]) {
      const answer = known(p.id);
      if (answer === undefined && here === undefined) {
        this.attempt(p, leader);
        continue;
      }
      p.attempt++;
      // A replayed answer's write is applied here already; one run here is this node's own.
      void (answer ?? here!(p.kind, p.body)).then((reply) => this.finish(p, reply, false));
    }
  }

  /**
   * Every quarter lease on a render node: a lease lapsed for `boundMs` with no new leader ends the
   * wait of every pending forward (`unavailable`: the dead leader may have run it).
   */
  leaseLapsed(lapsed: boolean, boundMs: number, leader: string | null): void {
    if (!lapsed || this.pending.size === 0) {
      this.lapsedSince = undefined;
      return;
    }
    this.lapsedSince ??= performance.now();
    if (performance.now() - this.lapsedSince < boundMs) return;
    for (const p of [...this.pending.values()]) {
      this.pending.delete(p.id);
      p.reject(
        unavailable(
          `the leader (${leader ?? 'not yet known'}) stopped renewing its lease and no node took over within ${Math.round(boundMs / 1000)} s: ` +
            `${p.what} may have run there; re-read state before deciding what to do.`,
        ),
      );
    }
  }

  /** The node closes: every pending forward is refused. */
  stop(): void {
    for (const p of [...this.pending.values()]) {
      this.pending.delete(p.id);
      p.reject(unavailable(`render node ${this.node} is closing: ${p.what} may have run on the leader; re-read state there.`));
    }
  }

  private attempt(p: Pending, leader: string | null): void {
    const n = ++p.attempt;
    this.nc.request(forwardSubject(this.stream, p.kind), encode(p.body), { timeout: REQUEST_TIMEOUT_MS }).then(
      (msg) => this.finish(p, decode(msg.data) as Reply, true),
      (err: unknown) => {
        if (p.attempt !== n || !this.pending.delete(p.id)) return;
        const who = leader ?? 'not yet known';
        if (err instanceof TimeoutError || (err as Error).cause instanceof TimeoutError)
          p.reject(
            unavailable(
              `the leader (${who}) did not answer ${p.what} within ${REQUEST_TIMEOUT_MS / 1000} s: it may still have run it; ` +
                're-read state before deciding what to do.',
            ),
          );
        else
          p.reject(
            unavailable(`no leader serves this show's writes (leader: ${who}; ${(err as Error).message}), so ${p.what} was not run and nothing changed.`),
          );
      },
    );
  }

  /** Answers the caller: at once, or (`wait`) once this node's replay has applied the write. */
  private finish(p: Pending, reply: Reply, wait: boolean): void {
    if (!this.pending.delete(p.id)) return; // answered already (the first of two replies wins: they are the same)
    if (!reply.ok) {
      p.reject(new FootlightError(ERROR_CODES.includes(reply.code) ? reply.code : 'internal', reply.message));
      return;
    }
    if (!wait || reply.seq === undefined) {
      p.resolve(reply.reply);
      return;
    }
    void this.replayed.until(reply.seq, REPLAY_WAIT_MS).then((reached) => {
      if (!reached)
        this.log.warn({ what: p.what, seq: reply.seq }, 'the leader ran a forwarded write but this render node has not replayed it yet; answering anyway');
      p.resolve(reply.reply);
    });
  }
}
