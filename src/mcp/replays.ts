import { invalidArgument } from '../engine/errors.js';
import { RequestId } from './retry-key.js';

/**
 * Retry keys. A write that is not idempotent (an add, a copy, undo, a batch…) doubles when an
 * agent resends it after a lost reply. Such a tool takes an optional `request_id`: a repeat of the
 * same call with the same id by the same client (its session, or on the 2026-07-28 era its
 * identity: src/mcp/register-tools.ts's retryScope) gets the first reply back and changes nothing.
 */

const KEEP_MS = 10 * 60_000;
const MAX_KEPT = 1_000;

/** Splits `request_id` off the arguments the tool itself parses. */
export function splitRequestId(args: unknown): { requestId?: string; rest: unknown } {
  if (args === null || typeof args !== 'object' || !('request_id' in args)) return { rest: args };
  const { request_id: id, ...rest } = args as Record<string, unknown>;
  const parsed = RequestId.safeParse(id);
  if (!parsed.success) throw invalidArgument('request_id: 1 to 128 letters, digits or . _ : - (a fresh UUID per distinct call is best); nothing was done');
  return { requestId: parsed.data, rest };
}

interface Kept {
  readonly args: string;
  /** The first call's reply; pending while it runs, so a retry sent meanwhile waits for it. */
  readonly reply: Promise<Reply>;
  at: number;
}

/** What a call answered, and whether it did something worth replaying. */
interface Reply {
  readonly result: { structuredContent?: Record<string, unknown>; isError?: boolean; content: unknown[] };
}

const kept = new Map<string, Kept>();

const keyOf = (scope: string, tool: string, id: string): string => `${scope}\u0000${tool}\u0000${id}`;

/** A reply worth replaying did something: not an error, a sound preview (`confirmation_required`) or a host refusal (`ok: false`). */
function didSomething(reply: Reply): boolean {
  const p = reply.result.structuredContent;
  return reply.result.isError !== true && p !== undefined && p.status !== 'confirmation_required' && p.ok !== false;
}

/**
 * Runs the call once per (client scope, tool, id): a repeat with the same arguments gets the
 * first reply (`replayed: true`) and runs nothing; an id reused for different arguments is
 * refused. A first call that failed or changed nothing is forgotten, so the same id may run it
 * for real. `scope.where` words the scope in refusals ("in this session").
 */
export async function once(
  scope: { readonly key: string; readonly where: string },
  tool: string,
  id: string,
  args: unknown,
  run: () => Promise<Reply>,
): Promise<Reply & { replayed: boolean }> {
  const key = keyOf(scope.key, tool, id);
  const json = JSON.stringify(args ?? {});
  const now = Date.now();
  const k = kept.get(key);
  if (k !== undefined && now - k.at <= KEEP_MS) {
    if (k.args !== json) {
      throw invalidArgument(
        `request_id ${JSON.stringify(id)} was already used for a different ${tool} call ${scope.where}, so nothing was done; use a fresh id for a new call`,
      );
    }
    return { ...(await k.reply), replayed: true };
  }
  const reply = run();
  kept.set(key, { args: json, reply, at: now });
  try {
    const done = await reply;
    if (!didSomething(done)) kept.delete(key);
    else prune(now);
    return { ...done, replayed: false };
  } catch (err) {
    kept.delete(key);
    throw err;
  }
}

function prune(now: number): void {
  for (const [key, k] of kept) {
    if (kept.size <= MAX_KEPT && now - k.at <= KEEP_MS) break;
    kept.delete(key);
  }
}
