// MIDI out through the console's real WebSocket: a page turns MTC and clock on, the song plays,
// and the stream it receives is decoded here by the MIDI spec (quarter frames assembled into a
// label, clocks counted per beat, the full frame, SPP, start/continue/stop). A bad setting is
// refused with the reason and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { baseOf, SocketClient } from './helpers.js';

const STEP_MS = 1000 / 60;
type Sent = { readonly data: readonly number[]; readonly at: number };

test('MIDI out over the socket: MTC with the offset and 24 clocks a beat while the song plays; locate, stop; bad settings change nothing', async (t) => {
  const show = await startShow(t, { soundCooperative: true, timecode: { rate: '30', offset: '01:00:00:00' } });
  const { engine, sound } = show.app;
  const bpm = sound.project.tempo.getBaseValue();
  const beatMs = 60000 / bpm;
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  /** Steps frames one at a time; returns the position (beats) after each. */
  const step = async (n: number): Promise<number[]> => {
    const at: number[] = [];
    for (let i = 0; i < n; i++)
      at.push(
        await engine.queue.submit(() => {
          engine.clock.stepFixed(1, STEP_MS);
          return sound.transport.position;
        }),
      );
    return at;
  };
  const errors = (): string[] => ws.of('error').map((e) => e.message);

  // Refused before anything runs: an unknown rate, a setting that is not a boolean.
  ws.send({ type: 'midiOut', mtc: true, clock: false, rate: '23.976' });
  ws.send({ type: 'midiOut', mtc: 'yes', clock: false });
  await ws.until(() => errors().length === 2, 5000, 'two refusals');
  assert.match(errors()[0], /^midiOut: rate is one of 24, 25, 29\.97df, 30; got "23\.976"/);
  assert.match(errors()[1], /mtc and clock are true or false/);
  await step(3);
  assert.equal(ws.of('midiSend').length + ws.of('midiOut').length, 0, 'nothing turned on');

  ws.send({ type: 'midiOut', mtc: true, clock: true, rate: '25' });
  await ws.until(() => ws.of('midiOut').length === 1, 5000, 'the answer');
  const ack = ws.of('midiOut')[0];
  assert.deepEqual([ack.mtc, ack.clock], ['25', true]);
  assert.equal(ack.latencyMs, Math.round(1000 / 60) + 25, 'one engine frame and the 25 ms look-ahead');
  // A bad change is refused; the page keeps MTC at 25 and the clock.
  ws.send({ type: 'midiOut', mtc: true, clock: true, rate: 'fast' });
  await ws.until(() => errors().length === 3, 5000, 'the third refusal');

  // Stopped: one batch saying where the song stands (the offset 01:00:00:00 as 25 fps; SPP 0).
  await step(3);
  await ws.until(() => ws.of('midiSend').length === 1, 5000, 'the stopped position');
  assert.deepEqual(
    ws.of('midiSend')[0].messages.map((m) => m.data),
    [
      [0xf0, 0x7f, 0x7f, 1, 1, 0x21, 0, 0, 0, 0xf7],
      [0xf2, 0, 0],
    ],
  );

  await show.call('song_control_transport', { operation: 'play' });
  const positions = await step(150);
  // Every frame of 16.7 ms holds a quarter frame (every 10 ms at 25 fps): one batch per frame, in order.
  await ws.until(() => ws.of('midiSend').length === 1 + positions.length, 10_000, 'a batch a frame');
  const frames = ws.of('midiSend').map((b) => b.t);
  assert.ok(
    frames.every((f, i) => i === 0 || f >= frames[i - 1]),
    "each batch carries its frame's moment on the server's clock",
  );
  const played: { m: Sent; t: number }[] = [];
  ws.of('midiSend')
    .slice(1)
    .forEach((b, i) => {
      for (const m of b.messages) played.push({ m, t: positions[i] * beatMs + m.at });
    });
  assert.deepEqual(played[0].m.data, [0xfa], 'MIDI start at the song start');
  assert.deepEqual(played[1].m.data, [0xf0, 0x7f, 0x7f, 1, 1, 0x21, 0, 0, 0, 0xf7], 'the start sends a full frame');
  assert.ok(Math.abs(played[0].t) < 0.01, 'placed at the start of the frame that began playing');
  // Clocks: 24 in each beat.
  const clocks = played.filter((x) => x.m.data[0] === 0xf8).map((x) => x.t);
  assert.equal(clocks.filter((c) => c < beatMs - 0.05).length, 24);
  assert.equal(clocks.filter((c) => c >= beatMs - 0.05 && c < 2 * beatMs - 0.05).length, 24);
  // Quarter frames assembled per the spec: the label of piece 0's frame, +2 frames at piece 7.
  let nibbles: number[] = [];
  const labels: { frame: number; t: number }[] = [];
  for (const x of played) {
    if (x.m.data[0] !== 0xf1) continue;
    const piece = x.m.data[1] >> 4;
    if (piece !== nibbles.length) {
      nibbles = [];
      continue;
    }
    nibbles.push(x.m.data[1] & 0x0f);
    if (piece < 7) continue;
    const n = nibbles;
    nibbles = [];
    assert.equal(n[7] >> 1, 1, 'rate code 1: 25 fps');
    const hours = n[6] | ((n[7] & 1) << 4);
    labels.push({ frame: ((hours * 60 + (n[4] | (n[5] << 4))) * 60 + (n[2] | (n[3] << 4))) * 25 + (n[0] | (n[1] << 4)) + 2, t: x.t });
  }
  assert.ok(labels.length >= 30, `${labels.length} labels in 2.5 s`);
  for (const l of labels) {
    // The transport's timecode at that moment: 25 fps from 01:00:00:00 (90000 frames).
    const expected = 90000 + Math.floor((l.t / 1000) * 25 + 1e-9);
    assert.ok(Math.abs(l.frame - expected) <= 1, `label frame ${l.frame}, transport ${expected}`);
  }

  // A locate while playing: stop, SPP to beat 32 (128 sixteenths = 1·128 + 0: LSB 0, MSB 1), continue, a full frame there.
  const sent = ws.of('midiSend').length;
  await show.call('song_control_transport', { operation: 'seek', position_beats: 32 });
  await step(1);
  await ws.until(() => ws.of('midiSend').length === sent + 1, 5000, 'the locate');
  const located = ws.of('midiSend')[sent].messages;
  const s32 = (32 * beatMs) / 1000;
  const at32 = Math.round(s32 * 25 * 1000) / 1000;
  assert.deepEqual(
    located.slice(0, 4).map((m) => m.data),
    [[0xfc], [0xf2, 0, 1], [0xfb], [0xf0, 0x7f, 0x7f, 1, 1, 0x21, 0, Math.floor(at32 / 25) % 60, Math.floor(at32 % 25), 0xf7]],
  );

  // Stop: FC and a full frame; then nothing while it stands.
  await show.call('song_control_transport', { operation: 'stop' });
  await step(5);
  await ws.until(() => ws.of('midiSend').length === sent + 2, 5000, 'the stop');
  assert.deepEqual(ws.of('midiSend')[sent + 1].messages[0].data, [0xfc]);
  assert.equal(ws.of('midiSend')[sent + 1].messages[1].data[0], 0xf0);

  // Off: the answer, and no more batches.
  ws.send({ type: 'midiOut', mtc: false, clock: false });
  await ws.until(() => ws.of('midiOut').length === 2, 5000, 'off');
  await show.call('song_control_transport', { operation: 'play' });
  await step(10);
  await show.call('song_control_transport', { operation: 'stop' });
  ws.send({ type: 'ping', t: 1 });
  await ws.until(() => ws.of('pong').length === 1, 5000, 'pong');
  assert.equal(ws.of('midiSend').length, sent + 2, 'nothing after off');
});

test('serve --timecode-out mtc: each page hears that MTC starts on, at the timecode rate; without it, nothing is said', async (t) => {
  const show = await startShow(t, { timecode: { out: ['mtc'], rate: '29.97df' } });
  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.until(() => ws.of('sound').length > 0, 5000, 'the state');
  await ws.until(() => ws.of('midiOutDefault').length === 1, 5000, 'the default');
  assert.equal(ws.of('midiOutDefault')[0].mtc, '29.97df');
  assert.equal(show.app.timecodeOut.status().destinations.length, 0, 'no Art-Net destination for it');

  const plain = await startShow(t);
  const other = new SocketClient(baseOf(plain.url));
  t.after(() => other.close());
  await other.until(() => other.of('sound').length > 0, 5000, 'the state');
  other.send({ type: 'ping', t: 1 });
  await other.until(() => other.of('pong').length === 1, 5000, 'pong');
  assert.equal(other.of('midiOutDefault').length, 0);
});
