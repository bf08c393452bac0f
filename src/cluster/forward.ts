// Forwarded writes (docs/cluster.md, "Writes on a render node"): a render node sends a write that
// reaches its `invoke` to the leader as a NATS request; the leader runs it through its own `invoke`
// with the caller's origin, so it is logged like any other write, and replies with the payload (or
// the error and its code) and the log sequence of the call. The render node answers its caller once
// its replay has applied that sequence, so a read after the write sees it. A protocol-3 write line
// from a render node's outside client travels the same way on its own subject: the leader runs it
// through its dispatcher and logs it as a `line` record.
import { type NatsConnection, type Subscription, TimeoutError } from '@nats-io/transport-node';
import type { Origin, PerformOptions } from '../engine/commands/history.js';
import { type ErrorCode, ERROR_CODES, FootlightError, unavailable } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import type { ForwardedCall, ForwardedReply } from '../tools/cluster-link.js';
import type { ToolRegistry } from '../tools/invoke.js';
import type { Payload } from '../sound/host/host.js';

/** How long a render node waits for the leader's reply (a call still queued on the leader times out there after 30 s). */
const REQUEST_TIMEOUT_MS = 35_000;
/** How long a render node waits for its replay to reach a forwarded call before answering anyway. */
const REPLAY_WAIT_MS = 10_000;

/** The leader's reply on the wire. */
type Reply =
  | { readonly ok: true; readonly reply: ForwardedReply; readonly seq?: number }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** A protocol-3 write line on the wire: the line as its client sent it, and the client's origin. */
interface ForwardedLine {
  readonly line: string;
  readonly origin: Origin;
}

/** The leader's reply to a forwarded line: the dispatcher's reply (errors included), and where the log holds the line. */
interface LineReply {
  readonly reply: Payload;
  readonly seq?: number;
}

/**
 * The subject the leader serves forwarded calls (`invoke`) or protocol-3 lines (`line`) on. Not under
 * the stream's own subjects (`footlight-<show>.>`): JetStream would store the request and answer it with an ack.
 */
function forwardSubject(stream: string, kind: 'invoke' | 'line'): string {
  return `${stream}-forward.${kind}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/** A merge window as JSON carries it (Infinity does not survive JSON: the leader's default applies instead). */
function wireMerge(merge: PerformOptions | undefined): PerformOptions | undefined {
  if (merge === undefined) return undefined;
  return Number.isFinite(merge.mergeWindowMs) ? merge : merge.mergeKey === undefined ? undefined : { mergeKey: merge.mergeKey };
}

/** Leader: runs each forwarded call through `invoke` with the caller's origin; stops when `unsubscribe` is called. */
export function serveForwarded(nc: NatsConnection, stream: string, tools: ToolRegistry, log: Logger): Subscription {
  return nc.subscribe(forwardSubject(stream, 'invoke'), {
    callback: (err, msg) => {
      if (err !== null) {
        log.error({ err }, 'the forwarded-call service stopped');
        return;
      }
      let call: ForwardedCall;
      try {
        call = JSON.parse(decoder.decode(msg.data)) as ForwardedCall;
      } catch {
        msg.respond(encode({ ok: false, code: 'invalid_argument', message: 'the forwarded call is not JSON' } satisfies Reply));
        return;
      }
      // Called synchronously on arrival: invoke queues the call before it first awaits, so calls keep the order they were sent in.
      const seen: { logged?: number } = {};
      const merge = wireMerge(call.merge);
      tools.invoke(call.tool, call.args, call.origin, { ...(merge === undefined ? {} : { merge }), seen }).then(
        ({ payload, attachments }) =>
          msg.respond(encode({ ok: true, reply: { payload, attachments }, ...(seen.logged === undefined ? {} : { seq: seen.logged }) } satisfies Reply)),
        (failure: unknown) => {
          if (!(failure instanceof FootlightError)) log.error({ err: failure, tool: call.tool }, 'a forwarded call failed unexpectedly');
          const reply: Reply =
            failure instanceof FootlightError
              ? { ok: false, code: failure.code, message: failure.message }
              : { ok: false, code: 'internal', message: `${call.tool} failed unexpectedly on the leader (logged there)` };
          msg.respond(encode(reply));
        },
      );
    },
  });
}

/**
 * Leader: runs each forwarded protocol-3 line through `run` (its dispatcher, the line admitted and
 * logged as an outside client's); stops when `unsubscribe` is called.
 */
export function serveForwardedLines(nc: NatsConnection, stream: string, run: (line: string, origin: Origin) => Promise<LineReply>, log: Logger): Subscription {
  return nc.subscribe(forwardSubject(stream, 'line'), {
    callback: (err, msg) => {
      if (err !== null) {
        log.error({ err }, 'the forwarded-line service stopped');
        return;
      }
      let forwarded: ForwardedLine;
      try {
        forwarded = JSON.parse(decoder.decode(msg.data)) as ForwardedLine;
      } catch {
        msg.respond(encode({ ok: false, code: 'invalid_argument', message: 'the forwarded line is not JSON' } satisfies Reply));
        return;
      }
      run(forwarded.line, forwarded.origin).then(
        (reply) => msg.respond(encode({ ok: true, reply } satisfies { ok: true; reply: LineReply })),
        (failure: unknown) => {
          log.error({ err: failure, line: forwarded.line.slice(0, 200) }, 'a forwarded protocol-3 line failed unexpectedly');
          msg.respond(encode({ ok: false, code: 'internal', message: 'the line failed unexpectedly on the leader (logged there)' } satisfies Reply));
        },
      );
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

/** Render node: sends `body` to the leader; `unavailable` when no leader serves the show (nothing changed) or it does not answer. */
async function ask(nc: NatsConnection, subject: string, body: unknown, what: string, leader: string | null): Promise<unknown> {
  let data: Uint8Array;
  try {
    data = (await nc.request(subject, encode(body), { timeout: REQUEST_TIMEOUT_MS })).data;
  } catch (err) {
    const who = leader ?? 'not yet known';
    if (err instanceof TimeoutError || (err as Error).cause instanceof TimeoutError)
      throw unavailable(
        `the leader (${who}) did not answer ${what} within ${REQUEST_TIMEOUT_MS / 1000} s: it may still have run it; ` +
          're-read state before deciding what to do.',
      );
    throw unavailable(`no leader serves this show's writes (leader: ${who}; ${(err as Error).message}), so ${what} was not run and nothing changed.`);
  }
  const reply = JSON.parse(decoder.decode(data)) as Reply | { ok: true; reply: unknown };
  if (!reply.ok) throw new FootlightError(ERROR_CODES.includes(reply.code) ? reply.code : 'internal', reply.message);
  return reply;
}

/** Render node: waits until its replay has applied the leader's record at `seq` (answering anyway, with a warning, after a while). */
async function replayedTo(replayed: ReplayMark, seq: number | undefined, what: string, log: Logger): Promise<void> {
  if (seq !== undefined && !(await replayed.until(seq, REPLAY_WAIT_MS)))
    log.warn({ what, seq }, 'the leader ran a forwarded write but this render node has not replayed it yet; answering anyway');
}

/** Render node: sends a write to the leader and returns its reply once this node's replay has applied it. */
export async function forwardCall(
  nc: NatsConnection,
  stream: string,
  call: ForwardedCall,
  leader: string | null,
  replayed: ReplayMark,
  log: Logger,
): Promise<ForwardedReply> {
  const reply = (await ask(nc, forwardSubject(stream, 'invoke'), { ...call, merge: wireMerge(call.merge) }, call.tool, leader)) as Reply & { ok: true };
  await replayedTo(replayed, reply.seq, call.tool, log);
  return reply.reply;
}

/**
 * Render node: sends an outside client's protocol-3 write line to the leader and returns the leader's
 * reply (a refusal included) once this node's replay has applied the line.
 */
export async function forwardLine(
  nc: NatsConnection,
  stream: string,
  command: string,
  line: ForwardedLine,
  leader: string | null,
  replayed: ReplayMark,
  log: Logger,
): Promise<Payload> {
  const { reply } = (await ask(nc, forwardSubject(stream, 'line'), line, command, leader)) as { reply: LineReply };
  await replayedTo(replayed, reply.seq, command, log);
  return reply.reply;
}
