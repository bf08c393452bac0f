// Forwarded writes (docs/cluster.md, "Writes on a render node"): a render node sends a write that
// reaches its `invoke` to the leader as a NATS request; the leader runs it through its own `invoke`
// with the caller's origin, so it is logged like any other write, and replies with the payload (or
// the error and its code) and the log sequence of the call. The render node answers its caller once
// its replay has applied that sequence, so a read after the write sees it. A protocol-3 write line
// from a render node's outside client travels the same way on its own subject: the leader runs it
// through its dispatcher and logs it as a `line` record. Each forward carries an id the leader logs
// with the write, so a new leader neither loses nor repeats one in flight at a failover (forwarder.ts).
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Origin, PerformOptions } from '../engine/commands/history.js';
import { type ErrorCode, FootlightError } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import type { ForwardedCall } from '../tools/cluster-link.js';
import type { ToolRegistry } from '../tools/invoke.js';
import type { Payload } from '../sound/host/host.js';

/** The leader's reply on the wire: a call's `ForwardedReply` or a line's `Payload`, and where the log holds the write. */
export type Reply =
  | { readonly ok: true; readonly reply: unknown; readonly seq?: number }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** What a render node forwards: a call through `invoke`, or an outside client's protocol-3 write line. */
export type ForwardKind = 'invoke' | 'line';

/** A protocol-3 write line on the wire: the line as its client sent it, the client's origin, and the forward's id. */
export interface ForwardedLine {
  readonly line: string;
  readonly origin: Origin;
  readonly id?: string;
}

/**
 * The subject the leader serves forwarded calls (`invoke`) or protocol-3 lines (`line`) on. Not under
 * the stream's own subjects (`footlight-<show>.>`): JetStream would store the request and answer it with an ack.
 */
export function forwardSubject(stream: string, kind: ForwardKind): string {
  return `${stream}-forward.${kind}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const encode = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decode = (data: Uint8Array): unknown => JSON.parse(decoder.decode(data));

/** A merge window as JSON carries it (Infinity does not survive JSON: the leader's default applies instead). */
export function wireMerge(merge: PerformOptions | undefined): PerformOptions | undefined {
  if (merge === undefined) return undefined;
  return Number.isFinite(merge.mergeWindowMs) ? merge : merge.mergeKey === undefined ? undefined : { mergeKey: merge.mergeKey };
}

/** A failure as the wire carries it: a FootlightError's code and words, anything else `internal` (logged here). */
function failed(failure: unknown, what: string, log: Logger): Reply {
  if (failure instanceof FootlightError) return { ok: false, code: failure.code, message: failure.message };
  log.error({ err: failure, what }, 'a forwarded write failed unexpectedly');
  return { ok: false, code: 'internal', message: `${what} failed unexpectedly on the leader (logged there)` };
}

/** Leader: runs a forwarded call through `invoke` with the caller's origin, its id logged with it. */
export function runForwardedCall(tools: ToolRegistry, call: ForwardedCall, log: Logger): Promise<Reply> {
  const seen: { logged?: number } = {};
  const merge = wireMerge(call.merge);
  const options = { ...(merge === undefined ? {} : { merge }), ...(call.id === undefined ? {} : { forwardId: call.id }), seen };
  return tools.invoke(call.tool, call.args, call.origin, options).then(
    ({ payload, attachments }): Reply => ({ ok: true, reply: { payload, attachments }, ...(seen.logged === undefined ? {} : { seq: seen.logged }) }),
    (failure: unknown) => failed(failure, call.tool, log),
  );
}

/** Leader: runs a forwarded protocol-3 line (`run` gives the dispatcher's reply, a refusal included, and the line's log sequence). */
export function runLine(run: () => Promise<{ readonly reply: Payload; readonly seq?: number }>, line: string, log: Logger): Promise<Reply> {
  return run().then(
    ({ reply, seq }): Reply => ({ ok: true, reply, ...(seq === undefined ? {} : { seq }) }),
    (failure: unknown) => failed(failure, `the line ${JSON.stringify(line.slice(0, 60))}`, log),
  );
}

/**
 * Leader: answers each forwarded write of `kind` with what `run` gives (called synchronously on arrival,
 * so writes keep the order they were sent in); stops when `unsubscribe` is called.
 */
export function serveForwarded(nc: NatsConnection, stream: string, kind: ForwardKind, run: (body: unknown) => Promise<Reply>, log: Logger): Subscription {
  return nc.subscribe(forwardSubject(stream, kind), {
    callback: (err, msg) => {
      if (err !== null) {
        log.error({ err, kind }, 'the forwarded-write service stopped');
        return;
      }
      let body: unknown;
      try {
        body = decode(msg.data);
      } catch {
        msg.respond(encode({ ok: false, code: 'invalid_argument', message: 'the forwarded write is not JSON' } satisfies Reply));
        return;
      }
      void run(body).then((reply) => msg.respond(encode(reply)));
    },
  });
}

/** Render node: the stream sequence its replay has applied, and callers waiting for one. */
export class ReplayMark {
  private applied = 0;
  private readonly waiting = new Set<{ readonly seq: number; readonly done: () => void }>();

  /** The replay applied the record at `seq`. */
  reach(seq: number): void {
    this.applied = seq;
    for (const w of this.waiting) if (w.seq <= seq) w.done();
  }

  /** Resolves true once the replay has applied `seq`, false after `ms` or when `stop` ends every wait. */
  until(seq: number, ms: number): Promise<boolean> {
    if (this.applied >= seq) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (reached: boolean): void => {
        clearTimeout(timer);
        this.waiting.delete(entry);
        resolve(reached);
      };
      const entry = { seq, done: () => finish(true) };
      const timer = setTimeout(() => finish(false), ms);
      this.waiting.add(entry);
    });
  }

  stop(): void {
    for (const w of [...this.waiting]) w.done();
  }
}
