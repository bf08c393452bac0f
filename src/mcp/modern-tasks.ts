import { ProtocolError, ProtocolErrorCode, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import {
  frontToolsCall,
  GONE,
  newTask,
  plainWithProgress,
  POLL_INTERVAL_MS,
  resultBytes,
  sweepTasks,
  TaskIdParams,
  type TaskLife,
  type TaskResults,
  touch,
} from './task-common.js';

/**
 * MCP Tasks on 2026-07-28 requests: the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663).
 * A request that declares the extension in its per-request client capabilities and calls a long
 * tool is answered at once with a task (`resultType: "task"`); the call runs as the plain call
 * would, and `tasks/get` returns its status with the final result inlined. There is no session, so
 * the tasks live in one store per endpoint, addressed by unguessable ids. A request without the
 * extension gets the plain result, with progress notifications when it sent a progress token.
 */

const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** The 2026-07-28 error for a request that lacks a client capability the server needs. */
const MISSING_CLIENT_CAPABILITY = -32021;

/** A 2026-era task. A write cannot be called back once it was handed to the engine: a cancel is acknowledged, and it finishes. */
interface ModernTask extends TaskLife {
  statusMessage: string;
  readonly ttlMs: number;
  cancelRequested: boolean;
  /** Handed to the tool: from here on a write cannot be called back. */
  started: boolean;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** How long a task (and its result) is kept after it was created (ms). */
const TTL_MS = 10 * 60_000;
/** Tasks the store keeps at most; the oldest finished ones go first. */
const MAX_TASKS = 256;

/** The tasks of 2026-era requests: one store per `/mcp` endpoint, shared by the per-request servers. */
export class ModernTaskStore {
  private readonly tasks = new Map<string, ModernTask>();

  constructor(private readonly results: TaskResults) {}

  /** Keeps a finished task's result (or error) within the endpoint's byte budget. */
  keep(task: ModernTask): void {
    this.results.keep(task, resultBytes(task.result ?? task.error), () => this.tasks.delete(task.taskId));
  }

  add(task: ModernTask): void {
    this.tasks.set(task.taskId, task);
    this.sweep();
  }

  find(taskId: string): ModernTask {
    this.sweep();
    const t = this.tasks.get(taskId);
    if (t === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: no task ${taskId} (${GONE})`);
    return t;
  }

  get size(): number {
    return this.tasks.size;
  }

  private sweep(): void {
    sweepTasks(this.tasks, MAX_TASKS, this.results);
  }
}

/** The capability a 2026-era server declares (server/discover) when it serves the Tasks extension. */
export const TASKS_EXTENSION = { [TASKS_EXTENSION_ID]: {} } as const;

/** Whether this request declared the Tasks extension in its per-request client capabilities. */
function declaresTasks(ctx: ServerContext): boolean {
  const caps = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_KEY] as { extensions?: Record<string, unknown> } | undefined;
  const ext = caps?.extensions?.[TASKS_EXTENSION_ID];
  return typeof ext === 'object' && ext !== null;
}

function requireTasks(ctx: ServerContext, method: string): void {
  if (declaresTasks(ctx)) return;
  throw new ProtocolError(
    MISSING_CLIENT_CAPABILITY as ProtocolErrorCode,
    `${method} needs the ${TASKS_EXTENSION_ID} extension in this request's client capabilities`,
    {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } },
    },
  );
}

/** A task as tasks/get and CreateTaskResult show it; the final result or error is inlined once it ended. */
function view(t: ModernTask): Record<string, unknown> {
  const out: Record<string, unknown> = {
    taskId: t.taskId,
    status: t.status,
    statusMessage: t.statusMessage,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: t.ttlMs,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
  if (t.status === 'completed' && t.result !== undefined) out.result = t.result;
  if (t.status === 'failed' && t.error !== undefined) out.error = t.error;
  return out;
}

/**
 * Serves the Tasks extension on one 2026-era request's server for the named long tools. `writes`
 * names the ones that change the show or the sound project. Call after the tools are registered.
 */
export function serveModernTasks(server: McpServer, store: ModernTaskStore, longTools: ReadonlySet<string>, writes: ReadonlySet<string>): void {
  const low = server.server;
  frontToolsCall(server, 'serveModernTasks', (plain) => async (request, ctx) => {
    const name = String(request.params?.name);
    if (!longTools.has(name)) return plain(request, ctx);
    if (!declaresTasks(ctx)) return plainWithProgress(plain, request, ctx, name);
    const task: ModernTask = { ...newTask(name, writes.has(name), TTL_MS), ttlMs: TTL_MS, cancelRequested: false, started: false };
    store.add(task); // durable before the reply: a tasks/get for this id resolves from now on
    // Started after the reply is on its way; the run outlives this request and its server.
    setImmediate(() => {
      if (task.status === 'cancelled') return; // cancelled before it started: it never runs
      task.started = true;
      plain(request, ctx).then(
        (result) => {
          if (task.status === 'cancelled') return; // a cancelled read: its result is dropped
          const { resultType: _r, ...rest } = result;
          task.result = rest;
          store.keep(task);
          const failed = result.isError === true;
          let message = failed ? `${name} ended with a tool error; result has it` : `${name} finished`;
          if (task.cancelRequested) message += ' (a cancel was asked for after it started; it could not be called back and ran to the end)';
          touch(task, 'completed', message);
        },
        (err: unknown) => {
          if (task.status === 'cancelled') return;
          const code = err instanceof ProtocolError ? err.code : ProtocolErrorCode.InternalError;
          const message = err instanceof Error ? err.message : String(err);
          task.error = { code, message, ...(err instanceof ProtocolError && err.data !== undefined ? { data: err.data } : {}) };
          store.keep(task);
          touch(task, 'failed', `${name} failed: ${message}`);
        },
      );
    });
    return { resultType: 'task', ...view(task) };
  });

  low.setRequestHandler('tasks/get' as never, { params: TaskIdParams }, ((params: { taskId: string }, ctx: ServerContext) => {
    requireTasks(ctx, 'tasks/get');
    return view(store.find(params.taskId));
  }) as never);

  low.setRequestHandler('tasks/update' as never, { params: TaskIdParams }, ((params: { taskId: string }, ctx: ServerContext) => {
    requireTasks(ctx, 'tasks/update');
    store.find(params.taskId); // no Footlight task asks for input: responses are ignored, as for keys not outstanding
    return {};
  }) as never);

  low.setRequestHandler('tasks/cancel' as never, { params: TaskIdParams }, ((params: { taskId: string }, ctx: ServerContext) => {
    requireTasks(ctx, 'tasks/cancel');
    const t = store.find(params.taskId);
    if (t.status !== 'working' && t.status !== 'input_required') return {}; // it ended first; tasks/get says how
    if (t.write && t.started) {
      // Honest: the write is with the engine or the sound host already and cannot be called back.
      t.cancelRequested = true;
      t.statusMessage = `${t.tool} had already started and cannot be called back: it will finish, and tasks/get will show how it ended`;
      t.lastUpdatedAt = new Date().toISOString();
      return {};
    }
    touch(
      t,
      'cancelled',
      t.started
        ? `cancelled by the client; ${t.tool} changes nothing, so its result was dropped`
        : `cancelled by the client before ${t.tool} started; it never ran`,
    );
    return {};
  }) as never);
}
