import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import type { Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { startShow } from '../helpers/show.js';
import { startProxy, startSound, tempDir } from '../tools/sound/helpers.js';

interface Task {
  taskId: string;
  status: string;
  ttl: number | null;
  createdAt: string;
  lastUpdatedAt: string;
  pollInterval?: number;
  statusMessage?: string;
}

/** Raw requests: the SDK client has no task helpers (and would read a task reply as a bad tool result). */
const raw = async (client: Client, method: string, params: Record<string, unknown>): Promise<any> => client.request({ method, params }, z.looseObject({}));

async function rawError(client: Client, method: string, params: Record<string, unknown>): Promise<{ code: number; message: string }> {
  try {
    await raw(client, method, params);
  } catch (err) {
    return err as { code: number; message: string };
  }
  assert.fail(`${method} was expected to fail`);
}

/** Notifications the server sends outside any request (the session's GET stream). */
function collect(client: Client): { progress: any[]; status: Task[] } {
  const seen = { progress: [] as any[], status: [] as Task[] };
  client.setNotificationHandler('notifications/progress', (n) => void seen.progress.push(n.params));
  client.setNotificationHandler('notifications/tasks/status' as never, ((n: { params: Task }) => void seen.status.push(n.params)) as never);
  return seen;
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(check(), what);
}

test('tasks: get_frame as a task — CreateTaskResult, progress, tasks/get, tasks/result, tasks/list; the plain call unchanged', async (t) => {
  const show = await startShow(t);
  const seen = collect(show.client);
  const caps = show.client.getServerCapabilities() as { tasks?: unknown };
  assert.deepEqual(caps.tasks, { list: {}, cancel: {}, requests: { tools: { call: {} } } });
  const listed = (await show.client.listTools()).tools;
  assert.deepEqual(listed.find((x) => x.name === 'get_frame')?.execution, { taskSupport: 'optional' });
  assert.equal(listed.find((x) => x.name === 'get_status')?.execution, undefined, 'quick tools are not tasks');

  const created = await raw(show.client, 'tools/call', {
    name: 'get_frame',
    arguments: { include_image: true, width: 64 },
    task: { ttl: 30_000 },
    _meta: { progressToken: 'frame-1' },
  });
  assert.equal(created.content, undefined, 'a CreateTaskResult, not a tool result');
  const task = created.task as Task;
  assert.equal(task.status, 'working');
  assert.equal(task.ttl, 30_000);
  assert.equal(typeof task.pollInterval, 'number');

  const result = await raw(show.client, 'tasks/result', { taskId: task.taskId });
  assert.notEqual(result.isError, true);
  assert.equal(result._meta['io.modelcontextprotocol/related-task'].taskId, task.taskId);
  assert.equal(result.structuredContent.image.width, 64);
  assert.equal(result.content[1].mimeType, 'image/png');
  const plain = await show.client.callTool({ name: 'get_frame', arguments: { include_image: true, width: 64 } });
  assert.equal((plain as { task?: unknown }).task, undefined);
  assert.deepEqual(Object.keys(plain.structuredContent as object), Object.keys(result.structuredContent), 'the task ran the plain call');

  const got = (await raw(show.client, 'tasks/get', { taskId: task.taskId })) as Task;
  assert.equal(got.status, 'completed');
  assert.equal(got.createdAt, task.createdAt);
  const list = (await raw(show.client, 'tasks/list', {})).tasks as Task[];
  assert.deepEqual(
    list.map((x) => x.taskId),
    [task.taskId],
  );
  await until('progress 0 and 1 arrive', () => seen.progress.length >= 2);
  assert.deepEqual(
    seen.progress.map((p) => [p.progressToken, p.progress, p.total]),
    [
      ['frame-1', 0, 1],
      ['frame-1', 1, 1],
    ],
  );
  await until('a status notice arrives', () => seen.status.some((s) => s.taskId === task.taskId && s.status === 'completed'));

  // A finished task cannot be cancelled; unknown ids and tools that are not tasks are refused in words.
  const late = await rawError(show.client, 'tasks/cancel', { taskId: task.taskId });
  assert.match(late.message, /already completed; there is nothing to cancel/);
  assert.equal(((await raw(show.client, 'tasks/get', { taskId: task.taskId })) as Task).status, 'completed', 'unchanged');
  assert.match((await rawError(show.client, 'tasks/get', { taskId: 'nope' })).message, /no task nope in this session/);
  const notTask = await rawError(show.client, 'tools/call', { name: 'set_parameter', arguments: { path: '/lx/mixer/master/fader', value: 0.5 }, task: {} });
  assert.equal(notTask.code, -32601);
  assert.match(notTask.message, /set_parameter does not run as a task/);
  assert.deepEqual((await show.call('get_history')).steps, [], 'the refused task call changed nothing');
  // Another session sees none of this session's tasks.
  const other = await show.connect('other');
  assert.deepEqual((await raw(other, 'tasks/list', {})).tasks, []);
  assert.match((await rawError(other, 'tasks/get', { taskId: task.taskId })).message, /no task/);
});

test('tasks: a started save cannot be cancelled — the refusal says so, the save finishes, tasks/result reports it', async (t) => {
  const root = await tempDir(t, 'footlight-saves-');
  const proxy = await startProxy(t, 1);
  const show = await startSound(t, { soundHost: `127.0.0.1:${proxy.port}`, soundOutputRoot: root, soundCooperative: true });
  proxy.upstreamPort = show.app.protocol3.port;
  await show.call('sound_get_status'); // connected and ready
  const release = proxy.hold((line) => /\bsave\b/.test(line));
  const created = await raw(show.client, 'tools/call', { name: 'song_save_project', arguments: {}, task: {} });
  const task = created.task as Task;
  assert.equal(task.status, 'working');
  await until('the save reached the host', () => proxy.lines.some((l) => /\bsave\b/.test(l)));

  const refused = await rawError(show.client, 'tasks/cancel', { taskId: task.taskId });
  assert.equal(refused.code, -32602);
  assert.match(refused.message, /was not cancelled: song_save_project had already started and cannot be called back: it will finish/);
  const still = (await raw(show.client, 'tasks/get', { taskId: task.taskId })) as Task;
  assert.equal(still.status, 'working');
  assert.match(still.statusMessage ?? '', /cannot be called back/);

  release();
  const result = await raw(show.client, 'tasks/result', { taskId: task.taskId });
  assert.equal(result.structuredContent.ok, true);
  assert.equal(result.structuredContent.status, 'native_save_completed');
  assert.deepEqual(await readdir(result.structuredContent.output_directory), ['PromptTrack']);
  assert.equal(((await raw(show.client, 'tasks/get', { taskId: task.taskId })) as Task).status, 'completed');
});

test('tasks: a 2026-era request is served plain (no session to keep a task in)', async (t) => {
  const show = await startShow(t);
  const modern = await show.connect('modern', 'auto');
  const listed = (await modern.listTools()).tools;
  assert.equal(listed.find((x) => x.name === 'get_frame')?.execution, undefined);
  assert.equal((modern.getServerCapabilities() as { tasks?: unknown }).tasks, undefined);
});
