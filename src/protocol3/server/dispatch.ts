import { FootlightError, invalidArgument } from '../../engine/errors.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Logger } from '../../engine/log.js';
import type { Request } from '../../engine/request.js';
import { SoundRefusal } from '../../sound/model/errors.js';
import { GRAPH_MUTATIONS, type GraphGuard } from '../../sound/operations/grid.js';
import type { Payload, SoundHost } from '../../sound/host/host.js';
import { digestArg } from './args.js';
import { COMMAND_NAMES, COMMANDS_BY_NAME, GUARD_SYNOPSIS, usage, type CommandDef } from './commands.js';

/** ASCII whitespace separates tokens; other Unicode spaces are part of a token. */
const SEPARATORS = /[ \t\r\v\f]+/;

export function tokenize(line: string): string[] {
  return line.split(SEPARATORS).filter((t) => t.length > 0);
}

/** A failure as a protocol-3 reply: ok false, the message, the kernel code, and what was asked. */
export function errorReply(err: unknown, log: Logger, command?: string, synopsis?: string): Payload {
  let e: FootlightError;
  if (err instanceof FootlightError) e = err;
  else {
    log.error({ err, command }, 'protocol-3 command failed unexpectedly');
    e = new FootlightError('internal', 'unexpected host failure (logged); read state before deciding anything');
  }
  const out: Payload = { ok: false, error: e.message, code: e.code };
  if (e instanceof SoundRefusal) out.reason = e.reason;
  if (e.code === 'timeout' || e.code === 'busy') out.applied = false;
  if (command !== undefined) out.command = command;
  if (synopsis !== undefined) out.usage = synopsis;
  return out;
}

function arity(def: CommandDef, got: number): void {
  if (got >= def.min && got <= def.max) return;
  const takes =
    def.min === def.max
      ? def.min === 0
        ? 'no arguments'
        : `${def.min} argument${def.min === 1 ? '' : 's'}`
      : def.max === Infinity
        ? `at least ${def.min} argument${def.min === 1 ? '' : 's'}`
        : `${def.min}–${def.max} arguments`;
  throw invalidArgument(`${def.name} takes ${takes}: ${usage(def)}; got ${got}`);
}

/** Success shaping: `ok` first; a payload that carries its own `ok` (a failed save, a rejected receipt) keeps it. */
function shape(payload: Payload): Payload {
  const { ok, ...rest } = payload;
  return { ok: ok === undefined ? true : ok, ...rest };
}

/**
 * Runs a command's host operation: a queued one as one engine-queue task under the request's
 * remaining deadline (so it is atomic with respect to frames and other calls); a staged one with
 * the request, whose tasks it runs between its off-queue parts. A write that succeeded is handed to
 * `logged` (a cluster's leader appends it) from inside the task that changed the show, and the reply
 * waits for that.
 */
async function execute(
  host: SoundHost,
  def: CommandDef,
  args: readonly string[],
  request: Request,
  guard: GraphGuard,
  logged: (step?: number) => Promise<unknown> | undefined,
): Promise<Payload> {
  const run = def.run;
  // A write is handed to the log inside the queue task that changed the show, so a cluster's log keeps
  // the queue's order (an undo line and a tool call racing run on render nodes in the order they ran here).
  let appended: Promise<unknown> | undefined;
  const { history } = host.engine;
  const logInside = <T>(fn: () => T, ok: (r: T) => boolean): T => {
    const before = history.nextUndo;
    const r = fn();
    const top = history.nextUndo;
    if (def.write && ok(r)) appended = logged(top === before ? undefined : top?.seq);
    appended?.catch(() => {}); // awaited below; this only keeps an early refusal from counting as unhandled
    return r;
  };
  if ('staged' in run) {
    // A staged write's committing task (the one that changes the show) logs it; one that commits
    // nothing in a queue task (song-save writes files after its snapshot) is logged once it succeeded.
    const staging: Request = {
      origin: request.origin,
      deadlineAt: request.deadlineAt,
      task: (label, fn) => request.task(label, fn),
      commit: (label, fn) => request.commit(label, () => logInside(fn, () => true)),
      checkDeadline: (message) => request.checkDeadline(message),
    };
    const reply = shape(await run.staged(host, args, staging));
    if (appended === undefined && def.write && reply.ok === true) appended = logged();
    await appended;
    return reply;
  }
  const reply = await request.task(def.name, () =>
    logInside(
      () => shape(run.queued(host, args, request.origin, guard)),
      (r) => r.ok === true,
    ),
  );
  await appended;
  return reply;
}

/** How a cluster node takes part in a write line (docs/cluster.md); every hook is absent outside a cluster. */
export interface WriteHooks {
  /** Throws when a write from this origin may not run on this host (a leader whose outbox is full, a stopped node). */
  readonly admit?: (command: string, origin: Origin) => void;
  /**
   * Takes a write line that succeeded, before its reply (a cluster's leader logs it); a queued one from inside its engine-queue task,
   * with the history step it performed. A rejection fails the line's reply.
   */
  readonly logWrite?: (line: string, origin: Origin, step?: number) => Promise<unknown>;
  /** Runs a write line elsewhere and resolves with that reply (a render node sends it to its leader); undefined: it runs here. */
  readonly forward?: (command: string, line: string, origin: Origin) => Promise<Payload> | undefined;
}

/**
 * Parses one command line, runs its one host operation under the request (its origin and one
 * deadline), and shapes the JSON reply. Never throws.
 */
export async function dispatchLine(host: SoundHost, line: string, request: Request, log: Logger, hooks: WriteHooks = {}): Promise<Payload> {
  const tokens = tokenize(line);
  if (tokens.length === 0) return errorReply(invalidArgument('empty command; send one command per line, e.g. ping'), log);
  const [name, ...args] = tokens;
  if (name === 'guard') return dispatchGuard(host, line, args, request, log, hooks);
  const def = COMMANDS_BY_NAME.get(name);
  if (def === undefined) {
    return errorReply(
      invalidArgument(`unknown command ${JSON.stringify(name.slice(0, 40))}; protocol 3 commands: ${COMMAND_NAMES.join(', ')}`),
      log,
      name.slice(0, 64),
    );
  }
  try {
    arity(def, args.length);
    if (def.write) {
      const forwarded = hooks.forward?.(def.name, line, request.origin);
      if (forwarded !== undefined) return await forwarded;
      hooks.admit?.(def.name, request.origin);
    }
    return await execute(host, def, args, request, {}, (step) => hooks.logWrite?.(line, request.origin, step));
  } catch (err) {
    return errorReply(err, log, def.name, usage(def));
  }
}

async function dispatchGuard(host: SoundHost, line: string, args: readonly string[], request: Request, log: Logger, hooks: WriteHooks): Promise<Payload> {
  const synopsis = `guard ${GUARD_SYNOPSIS}`;
  try {
    if (args.length < 2)
      throw invalidArgument(
        `guard takes ${GUARD_SYNOPSIS}: the reviewed revision and one graph mutation; got ${args.length} argument${args.length === 1 ? '' : 's'}`,
      );
    const revision = digestArg(args[0], 'REVISION');
    const inner = COMMANDS_BY_NAME.get(args[1]);
    if (inner === undefined || !inner.graphMutation) {
      throw invalidArgument(
        `guard accepts only graph mutations (${GRAPH_MUTATIONS.join(', ')}); ${JSON.stringify(args[1].slice(0, 40))} is ` +
          `${inner === undefined ? (args[1] === 'guard' ? 'guard itself' : 'not a command') : 'not a graph mutation'}`,
      );
    }
    try {
      arity(inner, args.length - 2);
      const forwarded = hooks.forward?.(inner.name, line, request.origin);
      if (forwarded !== undefined) return await forwarded;
      hooks.admit?.(inner.name, request.origin);
      return { ...(await execute(host, inner, args.slice(2), request, { revision }, (step) => hooks.logWrite?.(line, request.origin, step))), guarded: true };
    } catch (err) {
      return { ...errorReply(err, log, inner.name, `guard REVISION ${usage(inner)}`), guarded: true };
    }
  } catch (err) {
    return errorReply(err, log, 'guard', synopsis);
  }
}
