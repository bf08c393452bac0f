// A MIDI keyboard plays the sound host: notes through the console's real WebSocket reach the
// selected (or armed) sound track's instrument in the live engine (its worker, paced by the wall clock, no
// sound card), sound there, and stop when released; nothing is recorded (no history step). Notes
// that cannot play are answered with a clear error, malformed bytes are dropped, and an input
// whose Channel flag is off does not play. The engine's live-note path is checked offline too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AudioEngine } from '../../src/sound/audio/dsp/engine.js';
import { BLOCK } from '../../src/sound/audio/dsp/math.js';
import { buildPlan } from '../../src/sound/audio/plan.js';
import { demoProject } from '../../src/sound/demo.js';
import { startShow } from '../helpers/show.js';
import { baseOf, SocketClient } from '../console/helpers.js';

const ENABLED = '/lx/mixer/channel/1/enabled';

test('a keyboard plays the selected sound track live through the console socket; note-off releases it; no history', async (t) => {
  const show = await startShow(t, { liveAudio: 'clock', toolsets: ['all'], soundCooperative: true });
  const live = show.app.live!;
  await live.ready;
  const tracks = (await show.call('sound_list_tracks')).native.tracks as { index: number; name: string }[];
  const bass = tracks.find((x) => x.name === 'Bass')!.index;
  const bus = tracks.find((x) => x.name === 'Reverb Bus')!.index;
  const chords = tracks.find((x) => x.name === 'Chords')!.index;
  await show.call('sound_select_track', { index: bass });
  // The Bass's post-fader peak in each tick the worker sends (about every 50 ms of audio), the transport stopped.
  const peaks: number[] = [];
  const chordPeaks: number[] = [];
  t.after(
    live.onAudio(() => {
      peaks.push(live.lastMeters()![bass].peak);
      chordPeaks.push(live.lastMeters()![chords].peak);
    }),
  );
  const ticks = async (n: number): Promise<void> => {
    const from = peaks.length;
    for (let i = 0; i < 400 && peaks.length < from + n; i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(peaks.length >= from + n, `${n} more ticks arrived`);
  };
  const until = async (check: (p: number) => boolean, what: string): Promise<void> => {
    for (let i = 0; i < 400; i++) {
      if (peaks.length > 0 && check(peaks.at(-1)!)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail(`timed out: ${what} (last peaks ${peaks.slice(-5).join(', ')})`);
  };
  await ticks(3);
  assert.ok(
    peaks.every((p) => p === 0),
    'the stopped song is silent on the Bass',
  );
  const history = JSON.stringify((await show.call('get_history')).steps);

  const ws = new SocketClient(baseOf(show.url));
  t.after(() => ws.close());
  await ws.opened();
  // A note on a mapped control also drives the mapping (Channel and Control both on: both apply).
  await show.call('add_midi_mapping', { type: 'note', channel: 1, number: 40, path: ENABLED, mode: 'momentary' });
  const mapped = JSON.stringify((await show.call('get_history')).steps);
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 40, 100] });
  await until((p) => p > 0.01, 'the note sounds on the Bass');
  // Held: it keeps sounding, tick after tick.
  await ticks(6);
  assert.ok(
    peaks.slice(-6).every((p) => p > 0.01),
    `held, the note sounds on: ${peaks.slice(-6).join(', ')}`,
  );
  assert.equal((await show.call('get_parameter', { path: ENABLED })).parameter.value, true, 'the momentary mapping is held on too');
  ws.send({ type: 'midi', input: 'Keys', data: [0x80, 40, 0] });
  await until((p) => p < 1e-5, 'the release ends and the Bass falls silent');
  assert.equal((await show.call('get_parameter', { path: ENABLED })).parameter.value, false);
  const stats = (await show.call('list_midi_mappings')).stats;
  assert.deepEqual([stats.played, stats.unplayed], [1, 0]);
  const steps = (await show.call('get_history')).steps as unknown[];
  // Only the mapping's own writes are history (the midi surface); the played note made no step.
  assert.ok(!JSON.stringify(steps).includes('sound'), 'no sound step');
  assert.notEqual(mapped, history);
  // Its on and off each reached the worker and a rendered block, the off after the on (bench/midi-keys.ts times them).
  const [on, off] = live.noteReceipts.slice(-2);
  assert.ok(on !== undefined && off !== undefined && off.block > on.block, 'the note went through the worker, on then off');

  // With the sustain pedal down, the note-off waits for the pedal.
  ws.send({ type: 'midi', input: 'Keys', data: [0xb0, 64, 127] });
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 41, 90] });
  ws.send({ type: 'midi', input: 'Keys', data: [0x80, 41, 0] });
  await until((p) => p > 0.01, 'the sustained note sounds');
  await ticks(6);
  assert.ok(
    peaks.slice(-6).every((p) => p > 0.01),
    'the pedal holds it after its note-off',
  );
  ws.send({ type: 'midi', input: 'Keys', data: [0xb0, 64, 0] });
  await until((p) => p < 1e-5, 'the pedal up releases it');

  // Bad input: a track with no instrument, out-of-range bytes, an input with Channel off. Nothing changes, history included.
  const before = JSON.stringify((await show.call('get_history')).steps);
  await show.call('sound_select_track', { index: bus });
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 50, 100] });
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 51, 100] }); // the same refusal is not repeated to the page
  await ws.until(() => ws.of('error').length > 0, 3000, 'the refusal');
  assert.equal(ws.of('error')[0].error, 'invalid_argument');
  assert.match(ws.of('error')[0].message, /midi: the note cannot play: track "Reverb Bus" has no enabled instrument/);
  await show.call('sound_select_track', { index: bass });
  const dropped = (await show.call('list_midi_mappings')).stats.dropped;
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 200, 100] }); // a data byte past 127: dropped and counted
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 60, 300] }); // past 255: refused by the socket
  await ws.until(() => ws.of('error').length > 1, 3000, 'the socket refusal');
  assert.match(ws.of('error')[1].message, /each 0–255/);
  await show.call('set_midi_input', { name: 'Keys', channel: false, control: true });
  ws.send({ type: 'midi', input: 'Keys', data: [0x90, 52, 100] });
  await ticks(4);
  const after = (await show.call('list_midi_mappings')).stats;
  assert.equal(after.dropped, dropped + 1);
  assert.deepEqual([after.played, after.unplayed], [2, 2]);
  assert.ok(
    peaks.slice(-3).every((p) => p < 1e-5),
    'nothing sounded',
  );
  assert.equal(ws.of('error').length, 2, 'one refusal for the two unplayable notes, one for the bad byte');
  const steps2 = (await show.call('get_history')).steps as unknown[];
  assert.equal(JSON.stringify(steps2.slice(1)), before, 'only the set_midi_input step was added');

  // An armed track takes the keyboard from the selected one (arming is the song's saved state, one undo step).
  const arm = await show.call('song_set_track_state', { track_index: chords, armed: true });
  assert.equal(arm.status, 'completed', JSON.stringify(arm).slice(0, 600));
  ws.send({ type: 'midi', input: 'Keys 2', data: [0x90, 60, 100] });
  await ticks(8);
  assert.ok(
    chordPeaks.slice(-4).every((p) => p > 0.01) && peaks.slice(-4).every((p) => p < 1e-5),
    `the armed Chords play, the selected Bass does not: ${chordPeaks.slice(-4).join(', ')} | ${peaks.slice(-4).join(', ')}`,
  );
  ws.send({ type: 'midi', input: 'Keys 2', data: [0x80, 60, 0] });
});

test('the engine starts a live note on the next block, stopped or playing, and a tap shorter than a block still sounds then releases', () => {
  const plan = buildPlan(demoProject());
  const bass = plan.tracks.findIndex((x) => x.name === 'Bass');
  const engine = new AudioEngine(plan, 48000);
  const l = new Float32Array(BLOCK);
  const r = new Float32Array(BLOCK);
  // The Bass's own output (post-fader, before the reverb its send feeds).
  const peak = (): number => {
    const out = engine.trackOutput(bass);
    return Math.max(...out.l.map(Math.abs), ...out.r.map(Math.abs));
  };
  engine.render(l, r);
  assert.equal(peak(), 0);
  assert.equal(engine.liveNote(99, true, 40, 1), false, 'no such track');
  assert.ok(engine.liveNote(bass, true, 40, 0.8));
  assert.ok(engine.liveNote(bass, false, 40, 0));
  engine.render(l, r);
  assert.ok(peak() > 0, 'the tap sounds on the next block');
  let silentAt = -1;
  for (let b = 0; b < 48000 / BLOCK && silentAt < 0; b++) {
    engine.render(l, r);
    if (peak() < 1e-6) silentAt = b;
  }
  assert.ok(silentAt > 0, 'its release ends within a second');
});

test('a shorter render lead plays a keyboard sooner: the note block is at most the lead ahead of the output; a lead out of range is refused', async (t) => {
  await assert.rejects(startShow(t, { liveAudio: 'clock', liveAudioLeadMs: 5 }), /liveAudioLeadMs takes 14–1000 ms, not 5/);
  const show = await startShow(t, { liveAudio: 'clock', liveAudioLeadMs: 20 });
  const live = show.app.live!;
  await live.ready;
  await show.call('sound_select_track', { index: 4 }); // the Bass
  const on = await show.app.keys.receive([0x90, 45, 100], 'Keys');
  assert.equal(on.played?.length, 1);
  await show.app.keys.receive([0x80, 45, 0], 'Keys');
  for (let i = 0; i < 200 && live.noteReceipts.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(live.noteReceipts.length, 2, 'both reached a rendered block');
  // 20 ms is 8 blocks: the worker renders a block no earlier than 8 blocks before the output plays it.
  for (const r of live.noteReceipts) assert.ok(r.playsAt - r.renderedAt <= (8 * BLOCK * 1000) / 48000 + 0.5, `lead ${r.playsAt - r.renderedAt} ms`);
});
