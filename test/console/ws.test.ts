import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BIN_FRAME, BIN_HEADER_BYTES, BIN_MODEL, PROTOCOL_VERSION } from '../../src/console/protocol.js';
import { startShow } from '../helpers/show.js';
import { baseOf, SocketClient } from './helpers.js';

const FADER = '/lx/mixer/channel/2/fader';

async function renderFrames(show: Awaited<ReturnType<typeof startShow>>, count: number): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(count, 1000 / 60));
}

test('ws: hello, then the state; an MCP change arrives as a parameter delta, its history step and its activity item', async (t) => {
  const show = await startShow(t);
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.until(() => ws.of('light').length > 0 && ws.of('history').length > 0 && ws.of('policy').length > 0, 2000, 'initial state');
  const hello = ws.of('hello')[0];
  assert.equal(hello.protocol, PROTOCOL_VERSION);
  assert.match(hello.connection, /^c\d+$/);
  assert.equal(ws.of('light')[0].light.channels[1].params.fader.value, 0.25);
  // The waits have margin for a loaded machine: a test asserts that the change arrives, not how fast.
  await show.call('set_parameter', { path: FADER, value: 0.75 });
  await ws.until(() => ws.of('params').some((m) => m.parameters.some((p) => p.path === FADER && p.value === 0.75)), 10_000, 'the delta');
  await ws.until(() => ws.of('history').some((m) => m.history.steps[0]?.surface === 'mcp'), 10_000, 'the history step');
  await ws.until(() => ws.of('activity').some((m) => m.items.some((i) => i.tool === 'set_parameter')), 10_000, 'the activity item');
});

test('ws: a burst of calls reaches the page as a few activity messages holding every call, in order', async (t) => {
  const show = await startShow(t);
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.until(() => ws.of('activity').length > 0, 2000, 'the initial feed');
  const before = ws.of('activity').length;
  const values = Array.from({ length: 20 }, (_, i) => (i + 1) / 40);
  await Promise.all(values.map((value) => show.call('set_parameter', { path: FADER, value })));
  const items = () =>
    ws
      .of('activity')
      .slice(before)
      .flatMap((m) => m.items.filter((i) => i.tool === 'set_parameter'));
  await ws.until(() => items().length === 20, 10_000, 'all 20 activity items');
  // One message per call cost the engine thread more than the calls did under 32 agents.
  assert.ok(ws.of('activity').length - before < 20, `${ws.of('activity').length - before} messages for 20 calls`);
  const ids = items().map((i) => i.id);
  assert.deepEqual(
    ids,
    [...ids].sort((a, b) => a - b),
    'in the order the calls finished',
  );
});

test('ws: structure changes resend the light state', async (t) => {
  const show = await startShow(t);
  const base = baseOf(show.url);
  const ws = new SocketClient(base);
  t.after(() => ws.close());
  await ws.until(() => ws.of('light').length === 1, 2000, 'initial state');
  await fetch(`${base}/api/tools/add_pattern`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ containerPath: '/lx/mixer/channel/2', class: 'Gradient' }),
  });
  await ws.until(() => ws.of('light').some((m) => m.light.channels[1].patterns.length === 2), 1000, 'the new pattern');
});

test('ws preview: model positions, then RGB frames equal to the engine frame; only changed frames; stop stops', async (t) => {
  const show = await startShow(t);
  await renderFrames(show, 2);
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  ws.send({ type: 'preview', on: true, fps: 60 });
  await ws.until(() => ws.binaries.length >= 2, 2000, 'model and frame');
  const [model, frame] = ws.binaries;
  assert.equal(model[0], BIN_MODEL);
  assert.equal(model.readUInt32LE(8), 1024);
  assert.equal(model.readUInt32LE(12), 1, 'no decimation for 1024 points');
  assert.equal(model.length, BIN_HEADER_BYTES + 1024 * 12);
  assert.equal(frame[0], BIN_FRAME);
  assert.equal(frame.readUInt32LE(8), 1024);
  const main = show.app.light.main;
  for (let i = 0; i < main.length; i++) {
    const o = BIN_HEADER_BYTES + 3 * i;
    assert.deepEqual([frame[o], frame[o + 1], frame[o + 2]], [(main[i] >>> 16) & 255, (main[i] >>> 8) & 255, main[i] & 255], `point ${i}`);
  }
  // The demo is static: more frames render, nothing more is sent.
  await renderFrames(show, 5);
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(ws.binaries.length, 2, 'an unchanged frame is not resent');
  // A change in the look goes out.
  await show.call('set_parameter', { path: FADER, value: 1 });
  await renderFrames(show, 1);
  await ws.until(() => ws.binaries.length === 3, 1000, 'the changed frame');
  ws.send({ type: 'preview', on: false });
  await ws.until(() => ws.of('preview').some((m) => !m.on), 1000, 'preview off');
  await show.call('set_parameter', { path: FADER, value: 0.5 });
  await renderFrames(show, 1);
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(ws.binaries.length, 3, 'no frames while the preview is off');
});

test('ws preview: big models are decimated to maxPoints', async (t) => {
  const show = await startShow(t);
  await renderFrames(show, 1);
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  ws.send({ type: 'preview', on: true, maxPoints: 300 });
  await ws.until(() => ws.binaries.length >= 2, 2000, 'model and frame');
  const [model, frame] = ws.binaries;
  assert.equal(model.readUInt32LE(12), 4, 'every 4th point');
  assert.equal(model.readUInt32LE(8), 256);
  assert.equal(frame.length, BIN_HEADER_BYTES + 256 * 3);
  const main = show.app.light.main;
  const o = BIN_HEADER_BYTES + 3 * 10;
  assert.deepEqual([frame[o], frame[o + 1], frame[o + 2]], [(main[40] >>> 16) & 255, (main[40] >>> 8) & 255, main[40] & 255]);
});

test('ws: an idle console costs nothing — no listeners or timers once the last page leaves', async (t) => {
  const show = await startShow(t);
  const hub = show.app.console.hub;
  const ws = new SocketClient(baseOf(show.url));
  await ws.opened();
  ws.send({ type: 'preview', on: true });
  ws.send({ type: 'watch', paths: ['/lx/mixer/channel/1/pattern/1'] });
  await ws.until(() => ws.of('preview').length > 0, 1000, 'preview on');
  assert.equal(hub.connectionCount, 1);
  ws.close();
  const deadline = Date.now() + 2000;
  while (hub.connectionCount > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.equal(hub.connectionCount, 0);
  assert.deepEqual(hub.idle(), { listening: false, timers: 0 });
});

test('ws: bad messages get an error reply, oversized ones close the socket', async (t) => {
  const show = await startShow(t);
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  ws.ws.send('not json');
  ws.send({ type: 'dance' });
  await ws.until(() => ws.of('error').length === 2, 1000, 'two errors');
  assert.ok(ws.of('error').every((e) => e.error === 'invalid_argument'));
  const closed = new Promise<number>((resolve) => ws.ws.on('close', (code) => resolve(code)));
  ws.ws.send('x'.repeat(20_000));
  assert.equal(await closed, 1009, 'message too big');
});
