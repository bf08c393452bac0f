// Faults inside one process: clients that vanish mid-call (MCP, protocol 3, the console API), an
// MCP session deleted or expired while its stream is open and a call is queued, and requests whose
// deadline passes while queued on every surface that queues (MCP batch, console, OSC). Each call
// is all or nothing, the history agrees with the state, nothing leaks, and the surface serves the
// next client. Process-level faults (SIGKILL during a save, a restart) are in faults-process.test.ts.
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { request } from 'node:http';
import { connect } from 'node:net';
import { test } from 'node:test';
import { encodeMessage } from '../../src/osc/codec.js';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { fingerprint, prng, RawMcp, stateDigest } from './helpers.js';

const FADER = '/lx/mixer/channel/1/fader';
/** The queue deadline of the deadline test: long enough that no setup call expires on a loaded machine. */
const DEADLINE_MS = 3000;

async function waitFor(what: string, predicate: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Every queued task has run (the queue is FIFO). */
const drained = (show: TestShow): Promise<unknown> => show.app.engine.queue.submit(() => undefined);

/** Bounded 0–1 parameters of the show (not the structure): targets for batches. */
async function targets(show: TestShow, count: number): Promise<string[]> {
  const out = await show.app.engine.queue.submit(() => {
    const found: string[] = [];
    for (const c of show.app.light.lx.descendants()) {
      for (const p of c.parameters.values()) {
        const b = p as unknown as { min?: number; max?: number };
        if (p.kind === 'bounded' && !p.internal && b.min === 0 && b.max === 1 && !p.path.includes('/structure/')) found.push(p.path);
      }
    }
    return found;
  });
  assert.ok(out.length >= count, `${out.length} targets`);
  return out.slice(0, count);
}

const values = async (show: TestShow, paths: readonly string[]): Promise<number[]> =>
  show.app.engine.queue.submit(() => paths.map((p) => show.app.light.parameter(p).baseValue as number));

const batch = (paths: readonly string[], v: number): { operations: unknown[] } => ({
  operations: paths.map((path) => ({ tool: 'set_parameter', args: { path, value: v } })),
});

test('MCP: a client that disconnects mid-call — the call is applied whole or not at all, the history agrees, the server serves on', {
  timeout: 120_000,
}, async (t) => {
  const show = await startShow(t);
  const paths = await targets(show, 8);
  const initial = await stateDigest(show.app);
  const raw = new RawMcp(show.url);
  await raw.initialize();
  // 1. Queued when the client goes: the queue holds the task, the client aborts, the task runs.
  show.app.engine.queue.pause();
  const abort = new AbortController();
  const gone = raw.post(raw.callBody('apply_operations', batch(paths, 0.31)), { signal: abort.signal }).catch((err: unknown) => err);
  await waitFor('the call to reach the queue', () => show.app.engine.queue.depth > 0);
  abort.abort();
  assert.ok((await gone) instanceof Error, 'the client saw its own abort');
  show.app.engine.queue.resume();
  await drained(show);
  const after = await values(show, paths);
  assert.ok(
    after.every((v) => v === after[0]),
    `all or nothing: ${after.join(', ')}`,
  );
  const depth = show.app.engine.history.undoDepth;
  assert.equal(depth, after[0] === 0.31 ? 1 : 0, 'one undo step if and only if the batch applied');

  // 2. Many disconnects at random moments while frames render: every batch is whole.
  show.app.engine.clock.start(60);
  t.after(() => show.app.engine.clock.stop());
  const random = prng(77);
  const N = 40;
  await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const c = new AbortController();
      const p = raw.post(raw.callBody('apply_operations', batch(paths, (i + 1) / 100)), { signal: c.signal }).catch(() => undefined);
      setTimeout(() => c.abort(), Math.floor(random() * 80));
      await p;
    }),
  );
  await drained(show);
  show.app.engine.clock.stop();
  const end = await values(show, paths);
  assert.ok(
    end.every((v) => v === end[0]),
    `every batch applied whole: ${end.join(', ')}`,
  );
  const applied = show.app.engine.history.undoDepth - depth;
  assert.ok(applied >= 0 && applied <= N);
  // Undoing every step restores the exact initial state.
  for (let i = 0; i < 200 && show.app.engine.history.undoDepth > 0; i++) {
    const u = await raw.call('undo');
    assert.notEqual(u.result?.isError, true, JSON.stringify(u.result));
  }
  assert.equal(await stateDigest(show.app), initial);
  // The same session still works.
  const ok = await raw.call('get_parameter', { path: FADER });
  assert.equal(ok.result?.isError, undefined);
  t.diagnostic(`${N} racing disconnects: ${applied} batches applied whole, ${N - applied} not at all`);
});

test('protocol 3 and the console API: a client that vanishes mid-call — all or nothing, history consistent', async (t) => {
  const show = await startShow(t);
  const initial = await stateDigest(show.app);
  const depth = show.app.engine.history.undoDepth;
  // Protocol 3: a batch written, then the socket destroyed while the queue holds it.
  show.app.engine.queue.pause();
  const socket = await new Promise<ReturnType<typeof connect>>((resolve) => {
    const s = connect({ host: '127.0.0.1', port: show.app.protocol3.port }, () => s.write('batch 1=0.11 2=0.12 3=0.13 4=0.14\n', () => resolve(s)));
  });
  await waitFor('the protocol-3 line to reach the queue', () => show.app.engine.queue.depth > 0);
  socket.destroy();
  await new Promise((r) => setTimeout(r, 20));
  show.app.engine.queue.resume();
  await drained(show);
  const p3 = new Protocol3Client();
  await p3.connect('127.0.0.1', show.app.protocol3.port);
  t.after(() => p3.close());
  const controls = ((await p3.request('state')) as { controls: { index: number; value: number }[] }).controls;
  const asked = [0.11, 0.12, 0.13, 0.14];
  const hit = asked.filter((v, k) => Math.abs((controls.find((c) => c.index === k + 1)?.value ?? -1) - v) < 1e-9).length;
  assert.ok(hit === 0 || hit === 4, `all four controls or none: ${hit}`);
  assert.equal(show.app.engine.history.undoDepth - depth, hit === 4 ? 1 : 0);

  // Console API: a pattern added while the queue is paused, the request torn down before the reply.
  const d1 = show.app.engine.history.undoDepth;
  show.app.engine.queue.pause();
  const port = show.app.http.port;
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/api/tools/add_pattern',
    method: 'POST',
    headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
  });
  req.on('error', () => undefined);
  req.end(JSON.stringify({ containerPath: '/lx/mixer/channel/1', class: 'Solid' }));
  await waitFor('the console call to reach the queue', () => show.app.engine.queue.depth > 0);
  req.destroy();
  show.app.engine.queue.resume();
  await drained(show);
  const patterns = (await show.call('list_channels', { detail: 'full' })).channels[0].patterns.length;
  assert.equal(show.app.engine.history.undoDepth - d1, patterns - 1, 'a pattern was added if and only if a step was recorded');
  // Undo both surfaces' steps (one shared history): back to the exact initial state.
  for (let i = 0; i < 20 && show.app.engine.history.undoDepth > depth; i++) await show.call('undo');
  assert.equal(await stateDigest(show.app), initial);
});

test('MCP: a session deleted while its stream is open and a call is queued — the stream ends, the call is whole or absent, the id is gone', async (t) => {
  const show = await startShow(t);
  const paths = await targets(show, 6);
  const sessions0 = show.app.mcp.activeSessions;
  const a = new RawMcp(show.url);
  await a.initialize('doomed');
  assert.equal(show.app.mcp.activeSessions, sessions0 + 1);
  // The standalone notification stream.
  const stream = await fetch(show.url, { headers: { ...a.headers(), accept: 'text/event-stream' } });
  assert.equal(stream.status, 200);
  const reader = stream.body!.getReader();
  const streamEnded = (async () => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return true;
  })();
  // A call queued behind a paused queue.
  show.app.engine.queue.pause();
  const call = a.post(a.callBody('apply_operations', batch(paths, 0.42))).catch((err: unknown) => err);
  await waitFor('the call to reach the queue', () => show.app.engine.queue.depth > 0);
  // Deleted by the client (another request with the same id), mid-stream.
  const killer = new RawMcp(show.url);
  killer.session = a.session;
  assert.equal(await killer.delete(), 200);
  assert.equal(await streamEnded, true, 'the open stream was closed');
  show.app.engine.queue.resume();
  await call;
  await drained(show);
  const v = await values(show, paths);
  assert.ok(
    v.every((x) => x === v[0]),
    `all or nothing: ${v.join(', ')}`,
  );
  assert.equal(show.app.engine.history.undoDepth, v[0] === 0.42 ? 1 : 0);
  assert.equal((await a.call('get_status')).status, 404, 'the deleted id gets 404');
  assert.equal(show.app.mcp.activeSessions, sessions0, 'no session leaked');
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.path, FADER, 'other sessions are unaffected');
});

test('MCP: a session that expires with its stream open is closed and forgotten', async (t) => {
  const show = await startShow(t, { sessionIdleMs: 1000 });
  const a = new RawMcp(show.url);
  await a.initialize('idle-with-stream');
  const stream = await fetch(show.url, { headers: { ...a.headers(), accept: 'text/event-stream' } });
  const reader = stream.body!.getReader();
  const ended = (async () => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return true;
  })();
  assert.equal(await ended, true, 'the idle sweep closed the stream');
  assert.equal((await a.call('get_status')).status, 404);
  // The test client's own session may have expired too: nothing else is open.
  await waitFor('every idle session to be swept', () => show.app.mcp.activeSessions <= 1, 10_000);
});

test('deadlines: an apply_operations batch, a console edit and an OSC datagram still queued at their deadline are refused and never applied', async (t) => {
  // The deadline has margin: under load a process can go without the CPU for a few hundred ms, and
  // the setup and read-back calls below run under the same deadline.
  const show = await startShow(t, { deadlineMs: DEADLINE_MS, oscReceivePort: 0 });
  const paths = await targets(show, 4);
  const before = await fingerprint(show.app);
  show.app.engine.queue.pause();
  // MCP batch.
  const mcp = show.client.callTool({ name: 'apply_operations', arguments: batch(paths, 0.77) });
  // Console edit.
  const port = show.app.http.port;
  const consoleReply = fetch(`http://127.0.0.1:${port}/api/parameter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: FADER, value: 0.66 }),
  });
  // OSC datagram.
  const sock = dgram.createSocket('udp4');
  t.after(() => new Promise<void>((r) => sock.close(() => r())));
  const packets0 = show.app.osc!.stats.packets;
  await new Promise<void>((r) => sock.send(encodeMessage(FADER, [{ type: 'float', value: 0.55 }]), show.app.osc!.receivePort!, '127.0.0.1', () => r()));
  await waitFor('the OSC datagram to arrive', () => show.app.osc!.stats.packets > packets0);
  const m = await mcp;
  const text = (m.content as { text: string }[])[0].text;
  assert.equal(m.isError, true);
  assert.match(text, /^timeout: .*not applied/);
  const c = await consoleReply;
  assert.equal(c.status, 503);
  assert.equal(((await c.json()) as { error: string }).error, 'timeout');
  // The OSC task has no reply to wait for: wait until its deadline has refused it too.
  await waitFor('the three tasks to expire', () => show.app.engine.queue.stats().expired >= 3, DEADLINE_MS + 10_000);
  show.app.engine.queue.resume();
  await drained(show);
  assert.equal(show.app.osc!.stats.applied, 0);
  assert.equal(await fingerprint(show.app), before, 'nothing applied, history unchanged');
  assert.ok(show.app.engine.queue.stats().expired >= 3);
});
