import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startShow } from '../helpers/show.js';

const FADER = '/lx/mixer/channel/2/fader';

test('mcp: initialize gives a session; list tools; set → read back → undo → restored → redo', async (t) => {
  const show = await startShow(t);
  const transport = (show.client as unknown as { _transport?: { sessionId?: string } })._transport;
  assert.match(transport?.sessionId ?? '', /^[0-9a-f-]{36}$/);
  assert.match(show.client.getInstructions() ?? '', /Discover, never guess/);
  const { tools } = await show.client.listTools();
  const names = tools.map((x) => x.name);
  for (const n of ['get_status', 'get_project_info', 'list_channels', 'list_parameters', 'get_parameter', 'set_parameter', 'undo', 'redo'])
    assert.ok(names.includes(n), n);

  const before = await show.call('get_parameter', { path: FADER });
  assert.equal(before.parameter.value, 0.25);
  const set = await show.call('set_parameter', { path: FADER, value: 0.8 });
  assert.equal(set.parameter.value, 0.8);
  assert.deepEqual((await show.call('get_parameter', { path: FADER })).parameter.value, 0.8);
  const undone = await show.call('undo');
  assert.equal(undone.changed, true);
  assert.equal(undone.step.surface, 'mcp');
  assert.equal(undone.step.client, 'footlight-test');
  assert.deepEqual(await show.call('get_parameter', { path: FADER }), before);
  const redone = await show.call('redo');
  assert.equal(redone.changed, true);
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 0.8);
});

test('mcp: a 2026-era client negotiates the modern protocol and calls tools', async (t) => {
  const show = await startShow(t);
  const modern = await show.connect('modern-agent', 'auto');
  const transport = (modern as unknown as { _transport?: { sessionId?: string } })._transport;
  assert.equal(transport?.sessionId, undefined, 'the 2026 era has no sessions');
  const status = (await modern.callTool({ name: 'get_status', arguments: {} })).structuredContent as { serverName: string };
  assert.equal(status.serverName, 'footlight');
  await modern.callTool({ name: 'set_parameter', arguments: { path: FADER, value: 0.5 } });
  const history = await show.call('get_history', {});
  assert.equal(history.steps[0].client, 'modern-agent');
  assert.equal(history.steps[0].session, 'stateless');
});

test('mcp: unknown session id → 404; missing session on a non-initialize request → 400', async (t) => {
  const show = await startShow(t);
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const unknown = await fetch(show.url, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': 'no-such-session', 'mcp-protocol-version': '2025-11-25' },
    body,
  });
  assert.equal(unknown.status, 404);
  assert.equal(((await unknown.json()) as { error: { code: number } }).error.code, -32001);
  const missing = await fetch(show.url, { method: 'POST', headers, body });
  assert.equal(missing.status, 400);
  const get = await fetch(show.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': 'nope' } });
  assert.equal(get.status, 404);
});

test('mcp: DELETE ends a session; its id then gets 404', async (t) => {
  const show = await startShow(t);
  const client = await show.connect('short-lived');
  const transport = (client as unknown as { _transport: { sessionId: string; terminateSession(): Promise<void> } })._transport;
  const sid = transport.sessionId;
  await transport.terminateSession();
  const res = await fetch(show.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  assert.equal(res.status, 404);
});

test('mcp: foreign Host and foreign Origin get 403 and change nothing', async (t) => {
  const show = await startShow(t);
  const before = await show.call('get_history', {});
  const port = new URL(show.url).port;
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'evil', version: '1' } },
  });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const { request } = await import('node:http');
  const status = (extra: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { ...headers, ...extra } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(init);
    });
  assert.equal(await status({ host: `evil.example:${port}` }), 403);
  assert.equal(await status({ origin: 'http://evil.example' }), 403);
  assert.equal(await status({ origin: 'null' }), 403);
  assert.equal(await status({ origin: `http://localhost:${port}` }), 200);
  assert.equal(show.app.mcp.activeSessions, 2, 'only the allowed initialize opened a session');
  assert.deepEqual(await show.call('get_history', {}), before);
});

test('mcp: an oversized body gets a JSON 413', async (t) => {
  const show = await startShow(t, { maxBodyBytes: 64 * 1024 });
  const res = await fetch(show.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(100_000) } }),
  });
  assert.equal(res.status, 413);
  assert.match(((await res.json()) as { error: { message: string } }).error.message, /too large/);
});

test('mcp: idle sessions expire and their ids get 404', async (t) => {
  const show = await startShow(t, { sessionIdleMs: 1000 });
  const client = await show.connect('idler');
  const sid = (client as unknown as { _transport: { sessionId: string } })._transport.sessionId;
  await new Promise((r) => setTimeout(r, 2600));
  const res = await fetch(show.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  assert.equal(res.status, 404);
});

test('mcp: the session cap evicts the least recently used idle session', async (t) => {
  const show = await startShow(t, { maxSessions: 2 });
  const second = await show.connect('second');
  await show.call('get_status');
  await show.connect('third');
  assert.equal(show.app.mcp.activeSessions, 2);
  const res = await second.callTool({ name: 'get_status', arguments: {} }).then(
    () => 'ok',
    (e: unknown) => String(e),
  );
  assert.match(res, /404|Session not found/);
});

test('status.json keeps lastActivityAt current while agents work (rewritten at most every 5 s)', async (t) => {
  const show = await startShow(t);
  const read = async () => JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8')) as { connected: boolean; lastActivityAt?: string };
  await show.call('get_status');
  let first = await read();
  for (let i = 0; i < 50 && !first.connected; i++) first = (await new Promise((r) => setTimeout(r, 20)), await read());
  assert.equal(first.connected, true);
  await new Promise((r) => setTimeout(r, 5_100));
  await show.call('get_status');
  let later = await read();
  for (let i = 0; i < 50 && later.lastActivityAt === first.lastActivityAt; i++) later = (await new Promise((r) => setTimeout(r, 20)), await read());
  assert.ok(Date.parse(later.lastActivityAt!) >= Date.parse(first.lastActivityAt!) + 5_000, `${first.lastActivityAt} → ${later.lastActivityAt}`);
});
