// Control surfaces through the console's real WebSocket: synthetic presses from an APC mini mk2 and a
// Midi Fighter Twister change patterns, clips, faders and knobs through the tool path (one undo step
// each, history surface `midi`), and the show's state comes back as the LED messages the page sends to
// the device's output (`midiSend` with `output`), only what changed after the first full set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { baseOf, SocketClient } from '../console/helpers.js';

const APC = 'APC mini mk2 Control';
const TWISTER = 'Midi Fighter Twister';

/** The LEDs a device was last sent, by "status-high note" (pads and buttons: note on; rings: CC with its channel). */
function ledsOf(ws: SocketClient, device: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of ws.of('midiSend')) {
    if (m.output !== device) continue;
    for (const { data } of m.messages) out.set(data[0] >= 0xb0 ? `cc${data[0] & 15} ${data[1]}` : `note ${data[1]}`, [...data]);
  }
  return out;
}

async function frame(show: TestShow): Promise<void> {
  const { engine } = show.app;
  await engine.queue.submit(() => engine.clock.stepFixed(1, 1000 / 60));
}

/** Sends a message from `device` and waits until the show has handled it (the engine queue runs in order). */
async function press(show: TestShow, ws: SocketClient, device: string, data: number[]): Promise<void> {
  const before = show.app.light.lx.midi.stats.received;
  ws.send({ type: 'midi', input: device, data });
  for (let i = 0; i < 200 && show.app.light.lx.midi.stats.received === before; i++) await new Promise((r) => setTimeout(r, 5));
  await frame(show);
}

test('APC mini mk2 over the socket: pads launch patterns and clips, faders take over softly, LEDs follow', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  const { light } = show.app;
  await show.call('add_pattern', { containerPath: '/lx/mixer/channel/1', class: 'Solid' });
  await show.call('set_midi_surface', { device: APC, driver: 'APCminiMk2' });
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  const sends = () => ws.of('midiSend').filter((m) => m.output === APC).length;

  // The first message from the device: the page gets every LED (64 pads, 8 track buttons).
  await press(show, ws, APC, [0x80, 122, 0]);
  await ws.until(() => sends() === 1, 5000, 'the full LED set');
  assert.equal(ws.of('midiSend')[0].messages.length, 72);
  let leds = ledsOf(ws, APC);
  assert.deepEqual(leds.get('note 56'), [0x96, 56, 5], 'channel 1, pattern 1: active (red, full)');
  assert.deepEqual(leds.get('note 48'), [0x92, 48, 3], 'channel 1, pattern 2: another of the playlist (white, half)');
  assert.deepEqual(leds.get('note 57'), [0x96, 57, 5], 'channel 2, pattern 1: active');
  assert.deepEqual(leds.get('note 49'), [0x96, 49, 0], 'channel 2 has one pattern: the pad is dark');
  assert.deepEqual(leds.get('note 58'), [0x96, 58, 0], 'no channel 3');
  assert.deepEqual(leds.get('note 100'), [0x90, 100, 1], 'track button 1: the focused channel');
  assert.deepEqual(leds.get('note 101'), [0x90, 101, 0]);
  await frame(show);
  assert.equal(sends(), 1, 'nothing changed, nothing sent');

  // A pad launches channel 1's second pattern, through the tool path: one undo step, surface midi.
  const depth = (await show.call('get_history', { limit: 1 })).undoDepth;
  await press(show, ws, APC, [0x90, 48, 127]);
  const active = async () => (await show.call('list_channels')).channels[0].activePattern.index;
  assert.equal(await active(), 1);
  const history = await show.call('get_history', { limit: 1 });
  assert.equal(history.undoDepth, depth + 1, 'one undo step');
  assert.equal(history.steps[0].surface, 'midi');
  await ws.until(() => sends() === 2, 5000, 'the changed pads');
  assert.deepEqual(
    ws
      .of('midiSend')
      .at(-1)!
      .messages.map((m) => m.data),
    [
      [0x96, 56, 12],
      [0x96, 48, 5],
    ],
    'only the two pads that changed: pattern 1 keeps the focus (yellow), pattern 2 is active',
  );
  await show.call('undo');
  assert.equal(await active(), 0, 'undo puts pattern 1 back');
  await frame(show);
  await ws.until(() => sends() === 3, 5000, 'the pads after undo');
  leds = ledsOf(ws, APC);
  assert.deepEqual(
    [leds.get('note 56'), leds.get('note 48')],
    [
      [0x96, 56, 5],
      [0x92, 48, 3],
    ],
  );

  // Faders: channel 1 sits at 1 (the fader at the top picks it up), channel 2 at 0.25 (the fader waits until it crosses).
  const faders = async () => (await show.call('list_channels')).channels.map((c: { fader: number }) => c.fader);
  await press(show, ws, APC, [0xb0, 48, 127]);
  await press(show, ws, APC, [0xb0, 48, 0]);
  await press(show, ws, APC, [0xb0, 49, 127]);
  assert.deepEqual(await faders(), [0, 0.25], 'channel 2 waits: its fader is above the value');
  await press(show, ws, APC, [0xb0, 49, 0]);
  assert.deepEqual(await faders(), [0, 0], 'crossing 0.25 picks channel 2 up');
  await press(show, ws, APC, [0xb0, 56, 64]);
  assert.equal((await show.call('list_channels')).mixer.master.fader, 1, 'the master fader waits too');

  // A track button focuses its channel; its LED follows.
  await press(show, ws, APC, [0x90, 101, 127]);
  assert.equal(light.lx.mixer.focusedChannel.getValue(), 1);
  await ws.until(() => ledsOf(ws, APC).get('note 101')?.[2] === 1, 5000, 'track 2 lit');
  assert.deepEqual(ledsOf(ws, APC).get('note 100'), [0x90, 100, 0]);

  // Shift + Pan: the grid shows clips. An empty slot is dark, a stopped clip grey, a playing one pulses green.
  await show.call('add_clip', { bus: '/lx/mixer/channel/2', slot: 0 });
  await press(show, ws, APC, [0x90, 122, 127]);
  await press(show, ws, APC, [0x90, 101, 127]);
  await press(show, ws, APC, [0x80, 122, 0]);
  await ws.until(() => ledsOf(ws, APC).get('note 57')?.[2] === 1, 5000, 'the stopped clip');
  assert.deepEqual(ledsOf(ws, APC).get('note 57'), [0x96, 57, 1]);
  assert.deepEqual(ledsOf(ws, APC).get('note 56'), [0x96, 56, 0], 'channel 1 slot 1: no clip');
  await press(show, ws, APC, [0x90, 57, 127]);
  const running = async () => (await show.call('list_clips', {})).buses[1].clips[0].running;
  assert.equal(await running(), true, 'the pad launched the clip');
  await ws.until(() => ledsOf(ws, APC).get('note 57')?.[0] === 0x9a, 5000, 'the playing clip');
  assert.deepEqual(ledsOf(ws, APC).get('note 57'), [0x9a, 57, 21]);
  await press(show, ws, APC, [0x90, 57, 127]);
  assert.equal(await running(), false, 'a second press stops it');

  // Malformed bytes from the surface are dropped and counted; a disabled surface hands its device back to the mappings.
  const dropped = light.lx.midi.stats.dropped;
  await press(show, ws, APC, [0x90, 200, 1]);
  assert.equal(light.lx.midi.stats.dropped, dropped + 1);
  await show.call('set_midi_surface', { device: APC, enabled: false });
  await show.call('add_midi_mapping', { type: 'cc', channel: 1, number: 50, path: '/lx/mixer/channel/1/fader' });
  await press(show, ws, APC, [0xb0, 50, 0]);
  await press(show, ws, APC, [0xb0, 50, 127]);
  assert.equal((await faders())[0], 1, 'the mapping drove the fader');
  const surfaces = (await show.call('list_midi_surfaces')).surfaces;
  assert.match(surfaces[0].lastSeen, /^\d{4}-/);

  // Enabled again: the page gets every LED again, as the surface's state may have moved meanwhile.
  const before = sends();
  await show.call('set_midi_surface', { device: APC, enabled: true });
  await frame(show);
  await ws.until(() => sends() === before + 1, 5000, 'the full set again');
  assert.equal(ws.of('midiSend').at(-1)!.messages.length, 72);
});

test('Midi Fighter Twister over the socket: encoders drive the focused pattern, a push resets, rings follow', async (t) => {
  const show = await startShow(t, { toolsets: ['all'] });
  await show.call('set_midi_surface', { device: TWISTER, driver: 'MidiFighterTwister' });
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  // The encoders take the focused channel's focused pattern's first knobs, switches and choices (Gradient, here).
  const values = async () =>
    new Map(
      ((await show.call('list_parameters', { path: '/lx/mixer/channel/1/pattern/1' })).parameters as { path: string; value: unknown }[]).map((p) => [
        p.path,
        p.value,
      ]),
    );
  const before = await values();
  const depth = (await show.call('get_history', { limit: 1 })).undoDepth;
  await press(show, ws, TWISTER, [0xb0, 9, 64]);
  await ws.until(() => ledsOf(ws, TWISTER).size === 32, 5000, 'every ring and indicator');
  assert.deepEqual(ledsOf(ws, TWISTER).get('cc0 9'), [0xb0, 9, 64], 'ring 9 shows its knob half way');
  assert.deepEqual(ledsOf(ws, TWISTER).get('cc2 9'), [0xb2, 9, 95], 'its indicator lit: the encoder has a parameter');
  await press(show, ws, TWISTER, [0xb0, 9, 100]);
  await press(show, ws, TWISTER, [0xb0, 9, 127]);
  const after = await values();
  const changed = [...after.keys()].filter((k) => after.get(k) !== before.get(k));
  assert.equal(changed.length, 1, 'one parameter moved');
  const history = await show.call('get_history', { limit: 1 });
  assert.equal(history.undoDepth, depth + 1, 'a turn (a stream of CCs) is one undo step');
  assert.equal(history.steps[0].surface, 'midi');
  await ws.until(() => ledsOf(ws, TWISTER).get('cc0 9')?.[2] === 127, 5000, 'the ring at the top');

  // A push puts a knob back to its default; the ring follows.
  await press(show, ws, TWISTER, [0xb1, 9, 127]);
  await press(show, ws, TWISTER, [0xb1, 9, 0]);
  assert.equal((await values()).get(changed[0]), before.get(changed[0]), 'back to the default');
  await ws.until(() => ledsOf(ws, TWISTER).get('cc0 9')?.[2] === 64, 5000, 'the ring back');
  await show.call('undo');
  assert.notEqual((await values()).get(changed[0]), before.get(changed[0]), 'undo takes the reset back');
});
