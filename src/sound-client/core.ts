import type * as z from 'zod';
import { ERROR_CODES, FootlightError, internal, invalidArgument, type ErrorCode } from '../engine/errors.js';
import { failureOf, PROTOCOL3, type CommandName, type ReadCommandName, type Reply } from '../protocol3/replies/index.js';
import type { Authorizer, CallAuthority, WritePlan } from './authorization.js';
import type { HostConnection, NativeReply } from './connection.js';
import { confirmationResult, declinedResult, fromOutcome, reviewedResult, type WriteResult } from './results.js';

/** A read's result: the native reply whole, `ok: false` included. */
export interface ReadResult {
  ok: boolean;
  command: string;
  native: NativeReply;
  error?: string;
  code?: string;
  reason?: string;
  [extra: string]: unknown;
}

interface WriteRequest {
  readonly tool: string;
  /** The tool's arguments as called (a confirmation binds to them). */
  readonly args: Readonly<Record<string, unknown>>;
  readonly authority: CallAuthority;
  /** Reads fresh state and says what the write would do; throws when it cannot be done. */
  readonly plan: () => Promise<WritePlan>;
  /** What to read to observe the outcome when a reply is lost. */
  readonly observe: string;
  /** Runs the authorized write; default: send `plan.line` once and shape the outcome. */
  readonly execute?: (plan: WritePlan, mode: 'cooperative' | 'confirmed' | 'elicited') => Promise<WriteResult>;
  readonly notes?: (plan: WritePlan) => string[];
  /**
   * False for a change of selection or of the editor window: it changes no project content, is no
   * undo step, and every write that follows re-checks the selection it binds to, so it runs at
   * once with neither the cooperative grant nor a confirmation.
   */
  readonly needsAuthorization?: false;
}

/** The parts every workflow shares: the connection, authorization, and the write pipeline. */
export class AdapterCore {
  constructor(
    readonly connection: HostConnection,
    readonly authorizer: Authorizer,
  ) {}

  /** One read-only command; the native reply whole. */
  async read(line: string): Promise<ReadResult> {
    const native = await this.connection.read(line);
    const out: ReadResult = { ok: native.ok === true, command: line, native };
    const failure = failureOf(native);
    if (failure !== undefined) {
      if (typeof failure.error === 'string') out.error = failure.error;
      if (failure.code !== undefined) out.code = failure.code;
      if (failure.reason !== undefined) out.reason = failure.reason;
    }
    return out;
  }

  /** song-listen: a region (optionally one track solo) or the last seconds of the live output. */
  listen(o: {
    region?: { from_beat: number; to_beat: number; track_index?: number };
    liveSeconds?: number;
    clip: boolean;
    spectrogram: boolean;
    reference?: string;
  }): Promise<ReadResult> {
    if ((o.region === undefined) === (o.liveSeconds === undefined)) throw invalidArgument('give exactly one of region or live_seconds');
    const reference = o.reference === undefined ? [] : [`reference=${Buffer.from(o.reference, 'utf8').toString('base64url')}`];
    const source =
      o.region !== undefined
        ? ['region', String(o.region.from_beat), String(o.region.to_beat), ...(o.region.track_index === undefined ? [] : [`track=${o.region.track_index}`])]
        : ['live', String(o.liveSeconds)];
    return this.read(['song-listen', ...source, ...(o.clip ? ['clip'] : []), ...(o.spectrogram ? ['spectrogram'] : []), ...reference].join(' '));
  }

  /**
   * A read-only protocol-3 command with its arguments: one token each, or a free-text query
   * (the rest of the line) for the catalog and action searches.
   */
  async readCommand(name: ReadCommandName, ...args: string[]): Promise<ReadResult> {
    for (const a of args) {
      if (a.length === 0 || /[\s\u0000-\u001f\u007f]/.test(a))
        throw invalidArgument(`${name}: argument ${JSON.stringify(a.slice(0, 40))} must be one token without spaces or control characters`);
    }
    return this.read([name, ...args].join(' '));
  }

  /** A catalog or action search: QUERY is the rest of the line (words, no control characters). */
  async search(name: 'device-catalog' | 'graph-catalog' | 'graph-modulators' | 'actions', query: string | undefined): Promise<ReadResult> {
    const q = (query ?? '').trim();
    if (/[\u0000-\u001f\u007f]/.test(q)) throw invalidArgument('query: no control characters or line breaks');
    return this.read(q.length === 0 ? name : `${name} ${q.split(/\s+/).join(' ')}`);
  }

  /** A read a decision depends on, as its reply schema types it; `ok: false` becomes an error with the host's code and words. */
  async need<C extends ReadCommandName>(command: C, purpose: string, ...args: string[]): Promise<Reply<C>> {
    return this.replyOf(command, this.needOk(await this.read([command, ...args].join(' ')), purpose));
  }

  /** The native reply of a successful read; `ok: false` becomes an error with the host's code and words. */
  needOk(read: ReadResult, purpose: string): NativeReply {
    if (read.ok) return read.native;
    const code: ErrorCode = ERROR_CODES.includes(read.code as ErrorCode) ? (read.code as ErrorCode) : 'internal';
    const reason = read.reason === undefined ? '' : ` (${read.reason})`;
    throw new FootlightError(
      code,
      `${purpose}: the host answered ${read.command.split(' ')[0]} with: ${read.error ?? 'ok: false'}${reason}. Nothing was sent.`,
    );
  }

  /**
   * A successful reply to `command`, checked against the command's reply schema and typed by it.
   * The reply object itself is returned (not a copy), so what is passed on stays the host's bytes.
   */
  replyOf<C extends CommandName>(command: C, native: NativeReply): Reply<C> {
    return checked(PROTOCOL3[command].reply, native, command) as Reply<C>;
  }

  /** Authorize, then write once. Previews and declines are results, not errors. */
  async write(req: WriteRequest): Promise<WriteResult> {
    const step = req.authority.planStep;
    if (step?.phase === 'review') return reviewedResult(await req.plan());
    if (step?.phase === 'apply') {
      const plan = await req.plan();
      await step.check(plan);
      if (req.execute !== undefined) return req.execute(plan, step.mode);
      return fromOutcome(await this.connection.write(plan.line), plan, step.mode, req.observe, req.notes?.(plan) ?? []);
    }
    if (req.needsAuthorization === false) {
      const plan = await req.plan();
      return fromOutcome(await this.connection.write(plan.line), plan, 'not_required', req.observe, req.notes?.(plan) ?? []);
    }
    const a = await this.authorizer.authorize(req.tool, req.args, req.authority, req.plan);
    if (a.kind === 'confirm') return confirmationResult(a.plan, a.token, a.expiresAt, a.elicitationError);
    if (a.kind === 'declined') return declinedResult(a.plan, a.action);
    if (req.execute !== undefined) return req.execute(a.plan, a.mode);
    const outcome = await this.connection.write(a.plan.line);
    return fromOutcome(outcome, a.plan, a.mode, req.observe, req.notes?.(a.plan) ?? []);
  }
}

/** `native` when it matches `schema` (the reply itself, typed by the caller); a reply that does not is the host's fault, never the caller's. */
function checked(schema: z.ZodType, native: NativeReply, what: string): NativeReply {
  const result = schema.safeParse(native);
  if (!result.success) throw internal(`the host's reply to ${what} does not follow protocol 3 (${result.error.issues[0]?.message ?? 'malformed'})`);
  return native;
}
