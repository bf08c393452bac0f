// Feedback to a page's controllers through the console's real WebSocket: a page that turns
// feedback on gets every mapping's message, then only changes, at most one per mapping per engine
// frame, from whatever changed the parameter (MCP, undo, MIDI itself); a CC the controller sent is
// not echoed back to it; the inputs saved with Control off are named; off stops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { baseOf, SocketClient } from './helpers.js';

const FADER = '/lx/mixer/channel/1/fader';
const ENABLED = '/lx/mixer/channel/1/enabled';

test('MIDI feedback over the socket: the current state, then changes once a frame from any surface; no echo; off stops it', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const { engine } = show.app;
  await show.call('add_midi_mapping', { type: 'cc', channel: 2, number: 7, path: FADER });
  await show.call('add_midi_mapping', { type: 'note', channel: 1, number: 36, path: ENABLED });
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  const frame = (): Promise<void> => engine.queue.submit(() => engine.clock.stepFixed(1, 1000 / 60));
  let pings = 0;
  /** Everything the server sent before this point has arrived (the socket keeps order). */
  const settled = async (): Promise<void> => {
    const n = ++pings;
    ws.send({ type: 'ping', t: n });
    await ws.until(() => ws.of('pong').some((p) => p.t === n), 5000, 'the pong');
  };
  const batches = (): (readonly number[])[][] => ws.of('midiFeedback').map((b) => b.messages.map((m) => [...m]));

  ws.send({ type: 'midiFeedback', on: 'yes' });
  await ws.until(() => ws.of('error').length === 1, 5000, 'the refusal');
  assert.match(ws.of('error')[0].message, /^midiFeedback: on is true or false/);
  await frame();
  await settled();
  assert.equal(batches().length, 0, 'refused: nothing turned on');

  ws.send({ type: 'midiFeedback', on: true });
  await settled();
  await frame();
  await ws.until(() => batches().length === 1, 5000, 'the current state');
  assert.deepEqual(batches()[0], [
    [0xb1, 7, 127],
    [0x90, 36, 127],
  ]);
  assert.deepEqual(ws.of('midiFeedback')[0].controlOff, []);
  await frame();
  await settled();
  assert.equal(batches().length, 1, 'nothing changed: nothing sent');

  await show.call('set_parameter', { path: FADER, value: 0.5 });
  await frame();
  await ws.until(() => batches().length === 2, 5000, 'the change');
  assert.deepEqual(batches()[1], [[0xb1, 7, 64]], 'only the mapping that changed');

  // Two changes within one frame: one message, the latest value.
  await show.call('set_parameter', { path: FADER, value: 0.25 });
  await show.call('set_parameter', { path: FADER, value: 0.75 });
  await show.call('set_parameter', { path: ENABLED, value: false });
  await frame();
  await ws.until(() => batches().length === 3, 5000, 'one batch for the frame');
  assert.deepEqual(batches()[2], [
    [0xb1, 7, 95],
    [0x90, 36, 0],
  ]);

  // The controller moves the fader itself: the write is not echoed back to it.
  ws.send({ type: 'midi', input: 'Test Knobs', data: [0xb1, 7, 96] });
  for (let i = 0; i < 100 && (await show.call('get_parameter', { path: FADER })).parameter.value !== 96 / 127; i++) await settled();
  assert.equal((await show.call('get_parameter', { path: FADER })).parameter.value, 96 / 127);
  await frame();
  await settled();
  assert.equal(batches().length, 3, 'the device shows what it sent already');
  // Undo puts the agent's value back: the device is told.
  await show.call('undo');
  await frame();
  await ws.until(() => batches().length === 4, 5000, 'the undo');
  assert.deepEqual(batches()[3], [[0xb1, 7, 95]]);

  // Inputs saved with Control off are named, so the page does not light a device that drives nothing.
  await show.call('set_midi_input', { name: 'Keys', control: false });
  await show.call('set_parameter', { path: ENABLED, value: true });
  await frame();
  await ws.until(() => batches().length === 5, 5000, 'the switch');
  assert.deepEqual(ws.of('midiFeedback')[4], { type: 'midiFeedback', messages: [[0x90, 36, 127]], controlOff: ['Keys'] });

  // A second page gets the whole state when it turns feedback on; the first only the change.
  const ws2 = new SocketClient(baseOf(show.url));
  t.after(() => ws2.close());
  await ws2.opened();
  ws2.send({ type: 'midiFeedback', on: true });
  ws2.send({ type: 'ping', t: 1 });
  await ws2.until(() => ws2.of('pong').length === 1, 5000, 'the second page is on');
  await frame();
  await ws2.until(() => ws2.of('midiFeedback').length === 1, 5000, 'the second page gets the state');
  assert.deepEqual(ws2.of('midiFeedback')[0].messages, [
    [0xb1, 7, 95],
    [0x90, 36, 127],
  ]);
  await settled();
  assert.equal(batches().length, 5, 'the first page had it already');

  // Off: changes no longer reach the page.
  ws.send({ type: 'midiFeedback', on: false });
  await settled();
  await show.call('set_parameter', { path: FADER, value: 0.1 });
  await frame();
  await ws2.until(() => ws2.of('midiFeedback').length === 2, 5000, 'the second page still gets changes');
  await settled();
  assert.equal(batches().length, 5, 'off: nothing more');
});
