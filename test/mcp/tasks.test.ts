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

/** One 2026-07-28 request over HTTP, the envelope and standard headers included; the SDK client has no Tasks-extension support. */
async function modern(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: { tasks?: boolean; meta?: Record<string, unknown> } = {},
): Promise<{ status: number; result?: any; error?: { code: number; message: string; data?: any }; notifications: any[] }> {
  const caps = options.tasks === false ? {} : { extensions: { 'io.modelcontextprotocol/tasks': {} } };
  const _meta = {
    ...options.meta,
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': caps,
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  const name = params.taskId ?? params.name;
  if (typeof name === 'string') headers['mcp-name'] = name;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } }) });
  const text = await res.text();
  const messages = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)))
    : [JSON.parse(text)];
  const reply = messages.find((m) => m.id !== undefined);
  return { status: res.status, result: reply?.result, error: reply?.error, notifications: messages.filter((m) => m.id === undefined) };
}

async function poll(url: string, taskId: string, done: (task: any) => boolean): Promise<any> {
  for (let i = 0; i < 400; i++) {
    const got = await modern(url, 'tasks/get', { taskId });
    assert.equal(got.error, undefined, JSON.stringify(got.error));
    if (done(got.result)) return got.result;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail(`task ${taskId} never reached the expected state`);
}

test('tasks (2026-07-28): get_frame as a task — CreateTaskResult, tasks/get inlines the result; the plain call and the SDK client unchanged', async (t) => {
  const show = await startShow(t);
  // The official SDK client on the 2026 era: the extension is declared, tools carry no execution field, plain calls are plain.
  const sdk = await show.connect('modern', 'auto');
  const caps = sdk.getServerCapabilities() as { tasks?: unknown; extensions?: Record<string, unknown> };
  assert.equal(caps.tasks, undefined, 'capabilities.tasks is 2025 vocabulary');
  assert.deepEqual(caps.extensions?.['io.modelcontextprotocol/tasks'], {});
  const listed = (await sdk.listTools()).tools;
  assert.equal(listed.find((x) => x.name === 'get_frame')?.execution, undefined);
  const progress: number[] = [];
  const viaSdk = await sdk.callTool(
    { name: 'get_frame', arguments: { include_image: true, width: 64 } },
    { onprogress: (p) => void progress.push(p.progress) },
  );
  assert.notEqual(viaSdk.isError, true);
  assert.deepEqual(progress, [0, 1], 'a plain long call reports progress to the SDK client');
  const legacyProgress: number[] = [];
  await show.client.callTool({ name: 'get_frame', arguments: {} }, { onprogress: (p) => void legacyProgress.push(p.progress) });
  assert.deepEqual(legacyProgress, [0, 1], 'and on a 2025-era session too');

  const created = await modern(show.url, 'tools/call', { name: 'get_frame', arguments: { include_image: true, width: 64 } });
  assert.equal(created.result.resultType, 'task');
  assert.equal(created.result.content, undefined, 'a CreateTaskResult, not a tool result');
  assert.equal(created.result.status, 'working');
  assert.equal(created.result.ttlMs, 600_000);
  assert.equal(typeof created.result.pollIntervalMs, 'number');
  assert.match(created.result.taskId, /^[0-9a-f-]{36}$/);
  const done = await poll(show.url, created.result.taskId, (x) => x.status !== 'working');
  assert.equal(done.status, 'completed');
  assert.equal(done.resultType, 'complete');
  assert.equal(done.createdAt, created.result.createdAt);
  assert.equal(done.result.structuredContent.image.width, 64);
  assert.equal(done.result.content[1].mimeType, 'image/png');
  assert.deepEqual(Object.keys(done.result.structuredContent), Object.keys(viaSdk.structuredContent as object), 'the task ran the plain call');

  // A plain 2026 call (no extension) with a progress token: the result, with progress 0 and 1 before it.
  const plain = await modern(show.url, 'tools/call', { name: 'get_frame', arguments: {} }, { tasks: false, meta: { progressToken: 'p-1' } });
  assert.equal(plain.result.resultType, 'complete');
  assert.equal(plain.result.taskId, undefined);
  assert.deepEqual(
    plain.notifications.map((n) => [n.method, n.params.progressToken, n.params.progress, n.params.total]),
    [
      ['notifications/progress', 'p-1', 0, 1],
      ['notifications/progress', 'p-1', 1, 1],
    ],
  );
  // A quick tool is never a task, extension or not.
  const quick = await modern(show.url, 'tools/call', { name: 'get_status', arguments: {} });
  assert.equal(quick.result.resultType, 'complete');
  assert.equal(typeof quick.result.structuredContent.serverName, 'string');

  // Refusals: unknown id → -32602; task methods without the extension → -32021 naming it; cancel of an ended task is acknowledged, unchanged.
  const unknown = await modern(show.url, 'tasks/get', { taskId: 'nope' });
  assert.equal(unknown.error?.code, -32602);
  assert.match(unknown.error?.message ?? '', /no task nope/);
  const undeclared = await modern(show.url, 'tasks/get', { taskId: created.result.taskId }, { tasks: false });
  assert.equal(undeclared.error?.code, -32021);
  assert.deepEqual(undeclared.error?.data, { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } });
  const late = await modern(show.url, 'tasks/cancel', { taskId: created.result.taskId });
  assert.deepEqual(Object.keys(late.result).sort(), ['_meta', 'resultType']);
  assert.equal((await poll(show.url, created.result.taskId, () => true)).status, 'completed', 'unchanged');
  const update = await modern(show.url, 'tasks/update', { taskId: created.result.taskId, inputResponses: {} });
  assert.equal(update.result.resultType, 'complete');
  assert.equal((await modern(show.url, 'tasks/update', { taskId: 'nope', inputResponses: {} })).error?.code, -32602);
  assert.deepEqual((await show.call('get_history')).steps, [], 'nothing here changed the show');
});

test('tasks (2026-07-28): a cancelled read is cancelled and its result dropped', async (t) => {
  const show = await startShow(t);
  show.app.engine.queue.pause(); // the frame call waits in the queue
  t.after(() => show.app.engine.queue.resume());
  const created = await modern(show.url, 'tools/call', { name: 'get_frame', arguments: {} });
  assert.equal(created.result.status, 'working');
  const ack = await modern(show.url, 'tasks/cancel', { taskId: created.result.taskId });
  assert.equal(ack.result.resultType, 'complete');
  const cancelled = await poll(show.url, created.result.taskId, () => true);
  assert.equal(cancelled.status, 'cancelled');
  assert.match(cancelled.statusMessage, /changes nothing, so its result was dropped/);
  show.app.engine.queue.resume();
  await show.call('get_status'); // the queue ran the held frame call
  const after = await poll(show.url, created.result.taskId, () => true);
  assert.equal(after.status, 'cancelled', 'a finished read does not revive a cancelled task');
  assert.equal(after.result, undefined);
});

test('tasks (2026-07-28): a started save cannot be called back — the cancel is acknowledged, the save finishes and says so', async (t) => {
  const root = await tempDir(t, 'footlight-saves-');
  const proxy = await startProxy(t, 1);
  const show = await startSound(t, { soundHost: `127.0.0.1:${proxy.port}`, soundOutputRoot: root, soundCooperative: true });
  proxy.upstreamPort = show.app.protocol3.port;
  await show.call('sound_get_status'); // connected and ready
  const release = proxy.hold((line) => /\bsave\b/.test(line));
  const created = await modern(show.url, 'tools/call', { name: 'song_save_project', arguments: {} });
  assert.equal(created.result.resultType, 'task');
  const taskId = created.result.taskId as string;
  await until('the save reached the host', () => proxy.lines.some((l) => /\bsave\b/.test(l)));

  const ack = await modern(show.url, 'tasks/cancel', { taskId });
  assert.equal(ack.error, undefined);
  const still = await poll(show.url, taskId, () => true);
  assert.equal(still.status, 'working');
  assert.match(still.statusMessage, /had already started and cannot be called back: it will finish/);

  release();
  const done = await poll(show.url, taskId, (x) => x.status !== 'working');
  assert.equal(done.status, 'completed');
  assert.match(done.statusMessage, /a cancel was asked for after it started; it could not be called back and ran to the end/);
  assert.equal(done.result.structuredContent.ok, true);
  assert.equal(done.result.structuredContent.status, 'native_save_completed');
  assert.deepEqual(await readdir(done.result.structuredContent.output_directory), ['PromptTrack']);
});

test('tasks (2026-07-28): song_import_plan runs as a task; a tool error completes the task with the error result', async (t) => {
  const show = await startSound(t);
  await show.call('sound_get_status');
  const before = await show.call('sound_get_history');
  const args = { song_session_id: 'no-such-session', revision: 1, project_token: 'a'.repeat(64), confirmation_token: 'b'.repeat(64) };
  const created = await modern(show.url, 'tools/call', { name: 'song_import_plan', arguments: args });
  assert.equal(created.result.resultType, 'task');
  const done = await poll(show.url, created.result.taskId, (x) => x.status !== 'working');
  assert.equal(done.status, 'completed', 'a tool error is a completed task (failed is for JSON-RPC errors)');
  assert.equal(done.result.isError, true);
  assert.match(done.result.content[0].text, /^(not_found|invalid_argument|stale): /);
  assert.match(done.statusMessage, /ended with a tool error/);
  assert.deepEqual(await show.call('sound_get_history'), before, 'nothing changed');
});
