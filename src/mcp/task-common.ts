import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';

/**
 * What the two task vocabularies share: the 2025-11-25 session tasks (tasks.ts) and the 2026-07-28
 * Tasks extension (modern-tasks.ts) keep their records, stores and replies apart; the lifecycle of a
 * record, its sweep and the seat in front of the SDK's tools/call handler are the same, and live here.
 */

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export const POLL_INTERVAL_MS = 250;

type RequestHandler = (request: { method: string; params?: Record<string, unknown> }, ctx: ServerContext) => Promise<Record<string, unknown>>;

interface HandlerMap {
  readonly _requestHandlers: Map<string, RequestHandler>;
}

export const TaskIdParams = z.looseObject({ taskId: z.string() });

/** The fields every task record starts with, either era. */
export interface TaskLife {
  readonly taskId: string;
  readonly tool: string;
  /** A write cannot be called back once it started: a cancel does not stop it, and it finishes. */
  readonly write: boolean;
  readonly createdAt: string;
  lastUpdatedAt: string;
  status: TaskStatus;
  statusMessage?: string;
  readonly expiresAt: number;
}

/** A new record for a call of `tool`: working, kept `ttlMs` from now. */
export function newTask(tool: string, write: boolean, ttlMs: number): TaskLife & { statusMessage: string } {
  const now = new Date().toISOString();
  return {
    taskId: randomUUID(),
    tool,
    write,
    createdAt: now,
    lastUpdatedAt: now,
    status: 'working',
    statusMessage: `${tool} is running`,
    expiresAt: Date.now() + ttlMs,
  };
}

/** Moves a task to `status`, saying why. */
export function touch(t: TaskLife, status: TaskStatus, message: string): void {
  t.status = status;
  t.statusMessage = message;
  t.lastUpdatedAt = new Date().toISOString();
}

/** Bytes of finished task results one endpoint keeps at once, across every session and era. */
const DEFAULT_TASK_RESULT_BYTES = 64 * 1024 * 1024;

/** How a task that is gone is explained: unknown, expired, or dropped for memory. */
export const GONE = "unknown, its ttl ran out, or its result was dropped to keep the server's memory bounded";

/**
 * The results finished tasks hold, across every session of an endpoint and both eras, within a
 * byte budget: a result past it drops the oldest kept results first (their tasks are removed
 * from their stores, so asking for one answers that it is gone). An image-heavy result in each
 * of 64 sessions' 100 tasks would otherwise hold gigabytes.
 */
export class TaskResults {
  /** Insertion order is age: the first entry is the oldest result. */
  private readonly kept = new Map<TaskLife, { readonly bytes: number; readonly drop: () => void }>();
  private total = 0;

  constructor(readonly budgetBytes: number = DEFAULT_TASK_RESULT_BYTES) {}

  /** Keeps `task`'s result of `bytes`; `drop` removes the task from its store. The newest result is always kept. */
  keep(task: TaskLife, bytes: number, drop: () => void): void {
    this.forget(task);
    this.kept.set(task, { bytes, drop });
    this.total += bytes;
    for (const [old, k] of this.kept) {
      if (this.total <= this.budgetBytes || old === task) break;
      this.forget(old);
      k.drop();
    }
  }

  /** The task left its store (swept or dropped): its bytes no longer count. */
  forget(task: TaskLife): void {
    const k = this.kept.get(task);
    if (k === undefined) return;
    this.total -= k.bytes;
    this.kept.delete(task);
  }

  /** Bytes of results kept now. */
  get bytes(): number {
    return this.total;
  }
}

/** The size a result is counted at: its JSON (base64 images included). */
export function resultBytes(result: unknown): number {
  return JSON.stringify(result ?? null).length;
}

/** Drops the finished tasks whose ttl ran out, then the oldest finished ones while more than `max` are kept. */
export function sweepTasks(tasks: Map<string, TaskLife>, max: number, results: TaskResults): void {
  const now = Date.now();
  for (const [id, t] of tasks) {
    if (t.status === 'working' || t.expiresAt >= now) continue;
    tasks.delete(id);
    results.forget(t);
  }
  for (const [id, t] of tasks) {
    if (tasks.size <= max) break;
    if (t.status === 'working') continue;
    tasks.delete(id);
    results.forget(t);
  }
}

/**
 * Puts a task branch in front of the server's tools/call handler. The SDK validates a tools/call
 * reply as a CallToolResult (a task reply would be refused), so the branch sits in front of its
 * handler and hands plain calls to it untouched. `caller` names the server function in the error
 * when the tools are not registered yet.
 */
export function frontToolsCall(server: McpServer, caller: string, branch: (plain: RequestHandler) => RequestHandler): void {
  const handlers = (server.server as unknown as HandlerMap)._requestHandlers;
  const plain = handlers.get('tools/call');
  if (plain === undefined) throw new Error(`${caller}: register the tools first`);
  handlers.set('tools/call', branch(plain));
}

/** A long tool called plainly (either era): its result unchanged, with progress 0 and 1 when the request sent a progress token. */
export async function plainWithProgress(
  plain: RequestHandler,
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
  name: string,
): Promise<Record<string, unknown>> {
  const progressToken = (ctx.mcpReq._meta as { progressToken?: unknown } | undefined)?.progressToken;
  if (typeof progressToken !== 'string' && typeof progressToken !== 'number') return plain(request, ctx);
  const progress = (value: number, message: string): Promise<void> =>
    ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: value, total: 1, message } }).catch(() => undefined);
  await progress(0, `${name} started`);
  const result = await plain(request, ctx);
  await progress(1, result.isError === true ? `${name} ended with an error` : `${name} finished`);
  return result;
}
