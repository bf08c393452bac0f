// MCP Tasks and retry keys under hostile use (issue #26): task parameters and ids of every wrong
// shape, ids across sessions; retry keys of every wrong shape, resent concurrently, reused across
// tools, sessions and 2026-era clients. Never `internal` (nor JSON-RPC −32603), never a leak of
// one client's task or reply to another, exactly one effect per (client, tool, id).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { startShow } from '../helpers/show.js';
import { fingerprint, RawMcp } from './helpers.js';

const raw = async (client: Client, method: string, params: Record<string, unknown>): Promise<any> => client.request({ method, params }, z.looseObject({}));

/** A request's JSON-RPC error code, or 0 when it succeeded. */
async function errorCode(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
    return { code: 0, message: '' };
  } catch (err) {
    const e = err as { code?: number; message?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, message: String(e.message) };
  }
}

const HOSTILE_IDS: readonly unknown[] = ['', 'x'.repeat(10_000), '\u0000', '../../etc/passwd', '\ud800', 123, null, {}, [], true, 'no-such-task'];
const HOSTILE_TTLS: readonly unknown[] = [-1, 0, 1e308, -1e308, 2 ** 53, 0.5, 'x', null, [], {}, true];
const HOSTILE_KEYS: readonly unknown[] = ['', ' ', 'a b', 'x'.repeat(129), '\ud800', '\u0000', '../x', 'é', 1, null, {}, [], true, 1e308];

test("tasks: hostile task parameters and ids are refused in words, never internal; one session never sees another's task", { timeout: 600_000 }, async (t) => {
  const show = await startShow(t);
  const other = await show.connect('tasks-other');
  const before = await fingerprint(show.app);
  let requests = 0;
  const internalFree = (r: { code: number; message: string }, what: string): void => {
    requests++;
    assert.notEqual(r.code, -32603, `${what}: ${r.message}`);
    assert.doesNotMatch(r.message, /^internal:/, what);
  };
  const made: string[] = [];
  for (const ttl of HOSTILE_TTLS) {
    const what = `get_frame task ttl ${JSON.stringify(ttl)}`;
    try {
      const created = await raw(show.client, 'tools/call', { name: 'get_frame', arguments: {}, task: { ttl } });
      requests++;
      assert.equal(typeof created.task?.taskId, 'string', what);
      assert.ok(created.task.ttl > 0 && created.task.ttl <= 3_600_000, `${what}: ttl ${created.task.ttl}`);
      made.push(created.task.taskId);
    } catch (err) {
      internalFree({ code: (err as { code: number }).code, message: String((err as Error).message) }, what);
    }
  }
  for (const task of [null, 1, 'x', [], { ttl: 1 }]) {
    internalFree(
      await errorCode(raw(show.client, 'tools/call', { name: 'set_parameter', arguments: { path: '/lx/nope', value: 1 }, task })),
      `set_parameter task ${JSON.stringify(task)}`,
    );
  }
  for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
    for (const taskId of HOSTILE_IDS) {
      const r = await errorCode(raw(show.client, method, { taskId }));
      internalFree(r, `${method} ${JSON.stringify(taskId).slice(0, 40)}`);
      assert.notEqual(r.code, 0, `${method} ${JSON.stringify(taskId).slice(0, 40)} was answered`);
    }
    // Another session's real ids are unknown here.
    for (const taskId of made) {
      const r = await errorCode(raw(other, method, { taskId }));
      internalFree(r, `${method} of another session's task`);
      assert.notEqual(r.code, 0, `${method}: another session's task ${taskId} was visible`);
    }
  }
  internalFree(await errorCode(raw(show.client, 'tasks/list', { cursor: 'x'.repeat(5000) })), 'tasks/list with a cursor');
  const listed = (await raw(other, 'tasks/list', {})).tasks as unknown[];
  assert.deepEqual(listed, [], "another session lists none of this session's tasks");
  assert.equal(await fingerprint(show.app), before, 'nothing changed');
  t.diagnostic(`${requests} hostile task requests`);
});

test('retry keys: hostile ids refused; concurrent resends run once; the key is per client, per tool', { timeout: 600_000 }, async (t) => {
  const show = await startShow(t);
  const channels = (): number => show.app.light.mixer.channels.items.length;
  const start = channels();
  let calls = 0;
  for (const id of HOSTILE_KEYS) {
    calls++;
    const text = await show.callError('add_channel', { class: 'Solid', request_id: id });
    assert.match(text, /^invalid_argument: request_id/, JSON.stringify(id));
  }
  assert.equal(channels(), start, 'no hostile key added anything');

  // Eight identical resends at once, one session: one channel, every reply the first one.
  const args = { class: 'Solid', label: 'Once', request_id: 'concurrent-1' };
  const replies = await Promise.all(Array.from({ length: 8 }, () => show.client.callTool({ name: 'add_channel', arguments: args })));
  calls += 8;
  assert.equal(channels(), start + 1);
  const first = replies.find((r) => (r.content as unknown[]).length === 1)!;
  for (const r of replies) assert.deepEqual(r.structuredContent, first.structuredContent);
  assert.equal(replies.filter((r) => (r.content as unknown[]).length === 2).length, 7, 'seven were replays');

  // The same id on another tool is another key; the same id with other arguments is refused.
  await show.call('add_effect', { containerPath: '/lx/mixer/channel/1', class: 'Blur', request_id: 'concurrent-1' });
  calls++;
  assert.match(await show.callError('add_channel', { class: 'Noise', request_id: 'concurrent-1' }), /already used for a different add_channel call/);
  calls++;

  // Four legacy sessions and four 2026-era clients reuse one id: each runs its own add once.
  const sessions = [await show.connect('r-1'), await show.connect('r-2'), await show.connect('r-3'), await show.connect('r-4')];
  const modern = [await show.connect('m-1', 'auto'), await show.connect('m-2', 'auto'), await show.connect('m-3', 'auto'), await show.connect('m-4', 'auto')];
  const shared = { class: 'Solid', request_id: 'shared-key' };
  const before = channels();
  for (const c of [...sessions, ...modern]) {
    for (let k = 0; k < 3; k++) await c.callTool({ name: 'add_channel', arguments: shared });
    calls += 3;
  }
  assert.equal(channels(), before + 8, 'one add per client, resends replayed');

  // A stateless request naming no client has no one to keep its key for: refused, nothing done.
  const bare = new RawMcp(show.url);
  const res = await fetch(show.url, {
    method: 'POST',
    headers: { ...bare.headers(), 'mcp-protocol-version': '2026-07-28' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add_channel', arguments: shared, _meta: {} } }),
  });
  await res.text();
  calls++;
  assert.equal(channels(), before + 8, 'an anonymous stateless resend added nothing');
  t.diagnostic(`${calls} retry-key calls`);
});
