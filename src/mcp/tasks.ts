import * as z from 'zod';
import { ProtocolError, ProtocolErrorCode, RELATED_TASK_META_KEY, type McpServer } from '@modelcontextprotocol/server';
import {
  frontToolsCall,
  GONE,
  resultBytes,
  type TaskResults,
  newTask,
  plainWithProgress,
  POLL_INTERVAL_MS,
  sweepTasks,
  TaskIdParams,
  type TaskLife,
  type TaskStatus,
  touch,
} from './task-common.js';

/**
 * MCP Tasks (the 2025-11-25 task vocabulary, which the SDK ships as message schemas only) for one
 * 2025-era session: a task-augmented `tools/call` of a long tool answers at once with a task,
 * runs the call as the plain call would, and keeps its result for `tasks/result`. 2026-07-28
 * requests get the Tasks extension instead (modern-tasks.ts).
 */

/** A 2025-era task. A write cannot be called back once it started: a cancel is refused and it finishes. */
interface TaskRecord extends TaskLife {
  readonly ttl: number;
  result?: Record<string, unknown>;
  /** Settles when the run ends or the task is cancelled: what tasks/result waits for. */
  readonly done: Promise<void>;
  readonly finish: () => void;
}

/** How long a finished task's result is kept when the client asks for none (ms). */
const DEFAULT_TTL_MS = 10 * 60_000;
const MAX_TTL_MS = 60 * 60_000;
/** Tasks a session keeps at most; the oldest finished ones go first. */
const MAX_TASKS = 100;

/** The capability a session declares when it serves tasks. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } } as const;

/**
 * Serves tasks on this session's server for the named tools. `writes` names the ones that change
 * the show or the sound project. Call after the tools are registered.
 */
export function serveTasks(server: McpServer, longTools: ReadonlySet<string>, writes: ReadonlySet<string>, results: TaskResults): void {
  const tasks = new Map<string, TaskRecord>();
  const low = server.server;
  const view = (t: TaskRecord) => ({
    taskId: t.taskId,
    status: t.status,
    ttl: t.ttl,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    pollInterval: POLL_INTERVAL_MS,
    ...(t.statusMessage === undefined ? {} : { statusMessage: t.statusMessage }),
  });
  const notify = (method: string, params: Record<string, unknown>): void => {
    low.notification({ method, params } as never).catch(() => undefined); // a client gone away misses it; tasks/get still answers
  };
  const settle = (t: TaskRecord, status: TaskStatus, message: string): void => {
    touch(t, status, message);
    notify('notifications/tasks/status', view(t));
  };
  const sweep = (): void => sweepTasks(tasks, MAX_TASKS, results);
  const keep = (t: TaskRecord): void => results.keep(t, resultBytes(t.result), () => tasks.delete(t.taskId));
  const find = (taskId: string): TaskRecord => {
    sweep();
    const t = tasks.get(taskId);
    if (t === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no task ${taskId} in this session (${GONE})`);
    return t;
  };

  frontToolsCall(server, 'serveTasks', (plain) => async (request, ctx) => {
    const params = request.params ?? {};
    const name = String(params.name);
    if (params.task === undefined) return longTools.has(name) ? plainWithProgress(plain, request, ctx, name) : plain(request, ctx);
    if (!longTools.has(name)) {
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        `${name} does not run as a task (its execution.taskSupport is not "optional"); call it without "task"`,
      );
    }
    const asked = (params.task as { ttl?: unknown }).ttl;
    const ttl = typeof asked === 'number' && asked > 0 ? Math.min(asked, MAX_TTL_MS) : DEFAULT_TTL_MS;
    const { task: _task, ...rest } = params;
    const progressToken = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
    const progress = (value: number, message: string): void => {
      if (progressToken !== undefined) notify('notifications/progress', { progressToken, progress: value, total: 1, message });
    };
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const record: TaskRecord = { ...newTask(name, writes.has(name), ttl), ttl, done, finish };
    tasks.set(record.taskId, record);
    sweep();
    // Started after the reply is on its way, so the client holds the task id before any status notice.
    setImmediate(() => {
      progress(0, `${name} started`);
      plain({ ...request, params: rest }, ctx)
        .then(
          (result) => {
            if (record.status === 'cancelled') return; // a cancelled read: its result is dropped
            record.result = result;
            keep(record);
            const failed = result.isError === true;
            settle(record, failed ? 'failed' : 'completed', failed ? `${name} failed; tasks/result has the error` : `${name} finished`);
            progress(1, record.statusMessage ?? '');
          },
          (err: unknown) => {
            if (record.status === 'cancelled') return;
            const message = err instanceof Error ? err.message : String(err);
            record.result = { isError: true, content: [{ type: 'text', text: message }] };
            keep(record);
            settle(record, 'failed', message);
          },
        )
        .finally(record.finish);
    });
    return { task: view(record) };
  });

  low.setRequestHandler('tasks/get', { params: TaskIdParams }, (params) => view(find(params.taskId)));

  low.setRequestHandler('tasks/result', { params: TaskIdParams }, async (params) => {
    const t = find(params.taskId);
    await t.done;
    if (t.status === 'cancelled') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `task ${t.taskId} was cancelled; it has no result`);
    const result = t.result ?? {};
    const meta = { ...(result._meta as Record<string, unknown> | undefined), [RELATED_TASK_META_KEY]: { taskId: t.taskId } };
    return { ...result, _meta: meta } as never;
  });

  low.setRequestHandler('tasks/list', { params: z.looseObject({}) }, () => {
    sweep();
    return { tasks: [...tasks.values()].map(view) };
  });

  low.setRequestHandler('tasks/cancel', { params: TaskIdParams }, (params) => {
    const t = find(params.taskId);
    if (t.status !== 'working' && t.status !== 'input_required') {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `task ${t.taskId} is already ${t.status}; there is nothing to cancel`);
    }
    if (t.write) {
      // Honest: the write is with the engine or the sound host already and cannot be called back.
      t.statusMessage = `${t.tool} had already started and cannot be called back: it will finish, and tasks/result will say how it ended`;
      t.lastUpdatedAt = new Date().toISOString();
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `task ${t.taskId} was not cancelled: ${t.statusMessage}`);
    }
    settle(t, 'cancelled', `cancelled by the client; ${t.tool} changes nothing, so its result was dropped`);
    t.finish(); // a waiting tasks/result is answered now; the read may still end later, unseen
    return view(t);
  });
}
