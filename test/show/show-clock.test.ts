import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertUndoable, history } from '../light/operations/helpers.js';

type Reply = Record<string, any> & { ok: boolean };

async function protocol3(t: import('node:test').TestContext, show: TestShow): Promise<(line: string) => Promise<Reply>> {
  const client = new Protocol3Client();
  await client.connect(show.app.protocol3.host, show.app.protocol3.port);
  t.after(() => client.close());
  return async (line) => {
    const r = (await client.request(line)) as Reply;
    assert.equal(r.ok, true, `${line} → ${JSON.stringify(r).slice(0, 300)}`);
    return r;
  };
}

async function stepFrames(show: TestShow, n: number): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 1000 / 60));
}

test('one clock: the light tempo and the song tempo are one value, set from either side in one undo step', async (t) => {
  const show = await startShow(t);
  const p3 = await protocol3(t, show);
  const song = async () => (await p3('song-state')).transport as { tempo: number; meter: { numerator: number } };
  const tempo = async () => ({ bpm: (await show.call('get_tempo')).bpm.value as number });
  assert.equal((await song()).tempo, (await tempo()).bpm);

  // Light side (MCP) → read on protocol 3.
  await assertUndoable(
    show,
    () => show.call('set_parameter', { path: '/lx/tempo/bpm', value: 96 }),
    async () => {
      assert.equal((await song()).tempo, 96);
      assert.equal((await tempo()).bpm, 96);
    },
    [song, tempo],
  );
  assert.equal((await song()).tempo, 120, 'undo put the song tempo back too');

  // Song side (protocol 3) → read on the light side; one undo step for both.
  const token = (await p3('song-state')).project_token as string;
  await p3(`song-transport-tempo ${token} 87.5`);
  assert.equal((await tempo()).bpm, 87.5);
  await show.call('undo');
  assert.equal((await tempo()).bpm, 120);
  assert.equal((await song()).tempo, 120);

  // The meter: the light's beats per bar is the song's numerator.
  await assertUndoable(
    show,
    () => show.call('set_parameter', { path: '/lx/tempo/beatsPerBar', value: 3 }),
    async () => {
      assert.equal((await song()).meter.numerator, 3);
    },
    [song, tempo],
  );
});

test("one clock: a clip launched on the next bar while the song plays starts on the song's bar; seek moves the light beat", async (t) => {
  const show = await startShow(t);
  const p3 = await protocol3(t, show);
  const CH = '/lx/mixer/channel/1';
  await show.call('add_clip', { bus: CH, slot: 3, label: 'Drop', length: { beats: 4 } });
  await show.call('set_parameter', { path: '/lx/tempo/launchQuantization', value: '1 Bar' });
  const token = (await p3('song-state')).project_token as string;
  await p3(`song-transport-seek ${token} 5`);
  await stepFrames(show, 1);
  assert.equal(show.app.light.lx.tempo.beatCount(), 5, 'seek while stopped moves the light beat');
  await p3(`song-transport-play ${token}`);
  await stepFrames(show, 20); // ≈ beat 5.67
  const launched = await show.call('launch_clip', { bus: CH, slot: 3 });
  assert.equal(launched.launched[0].pending, true);
  const position = () => show.app.sound.transport.position;
  let before = position();
  for (let frame = 0; frame < 200; frame++) {
    await stepFrames(show, 1);
    const clip = (await show.call('list_clips', { detail: 'full' })).buses[0].clips.find((c: { slot: number }) => c.slot === 3);
    const now = position();
    if (clip.running) {
      assert.ok(before < 8 && now >= 8, `the clip started between song beats ${before} and ${now}: on bar 3 (beat 8)`);
      assert.equal(show.app.light.lx.tempo.beatCount(), 8);
      return;
    }
    assert.ok(now < 8 + 1e-9 || before >= 8, `still pending past the bar at ${now}`);
    before = now;
  }
  assert.fail('the clip never started');
});

test('one clock: tempo-synced divisions lock to the song position while it plays; stopped, the light beat runs on from there', async () => {
  const { Engine } = await import('../../src/engine/engine.js');
  const { LightShow } = await import('../../src/light/show/light-show.js');
  const { createSoundHost } = await import('../../src/sound/index.js');
  const { startPlayback, stopPlayback } = await import('../../src/sound/operations/song.js');
  const { linkShowClock } = await import('../../src/show/show-clock.js');
  const { Div } = await import('../../src/light/tempo/divisions.js');
  const engine = new Engine();
  const light = new LightShow(engine);
  const sound = createSoundHost(engine);
  linkShowClock(light, sound);
  sound.transport.position = 2.3;
  startPlayback(sound);
  const tempo = light.lx.tempo;
  for (let k = 0; k < 90; k++) {
    engine.clock.stepFixed(1, 1000 / 60);
    const pos = sound.transport.position;
    assert.ok(Math.abs(tempo.getBasis(Div.QUARTER) - (pos - Math.floor(pos))) < 1e-9, `quarter basis at beat ${pos}`);
    assert.ok(Math.abs(tempo.getBasis(Div.WHOLE) - ((pos / 4) % 1)) < 1e-9, `bar basis at beat ${pos}`);
  }
  stopPlayback(sound);
  const at = sound.transport.position;
  engine.clock.stepFixed(30, 1000 / 60);
  assert.equal(sound.transport.position, at);
  assert.ok(tempo.beatCount() + tempo.basis() > at + 0.9, 'the light beat runs on while the song is stopped');
});

test('one clock: a tempo nudge while the song plays moves the song transport too (read on protocol 3), forward and back', async (t) => {
  const show = await startShow(t);
  const p3 = await protocol3(t, show);
  const tempo = show.app.light.lx.tempo;
  const lightBeat = () => tempo.beatCount() + tempo.basis();
  const songBeat = async () => (await p3('song-state')).transport.position_beats as number;
  const token = (await p3('song-state')).project_token as string;
  await p3(`song-transport-play ${token}`);
  await stepFrames(show, 30);
  const start = await songBeat();

  // Nudge+ for 2 s of frames: the light runs ahead of the song while held...
  const depth = ((await history(show)) as { undoDepth: number }).undoDepth;
  await show.call('set_parameter', { path: '/lx/tempo/nudgeUp', value: true });
  await stepFrames(show, 120);
  const held = await songBeat();
  assert.ok(Math.abs(held - (start + 4)) < 1e-9, `the song ran on at its own tempo while the button was held (${held})`);
  const ahead = lightBeat() - held;
  assert.ok(ahead > 0.07 && ahead < 0.1, `the light ran ahead by ${ahead} beats (the nudge ramps to 10 % faster over 5 s: ≈ 0.08 in 2 s)`);
  // ...and on release the song's transport moves by what the light gained: one clock again.
  await show.call('set_parameter', { path: '/lx/tempo/nudgeUp', value: false });
  await stepFrames(show, 1);
  const released = await songBeat();
  assert.ok(Math.abs(released - (held + 1 / 30 + ahead)) < 1e-6, `the song caught up with the light (${released})`);
  assert.ok(Math.abs(lightBeat() - released) < 1e-9, 'the light beat is the song position again');
  await stepFrames(show, 30);
  assert.ok(Math.abs(lightBeat() - (await songBeat())) < 1e-9, 'and stays on it');
  // The buttons are parameters: press and release are one undo step each. The transport move
  // is a performance action, like a seek: undo puts the buttons back and leaves the song playing on.
  assert.equal(((await history(show)) as { undoDepth: number }).undoDepth, depth + 2);
  await show.call('undo');
  await show.call('undo');
  assert.equal((await show.call('get_parameter', { path: '/lx/tempo/nudgeUp' })).parameter.value, false);
  assert.equal(((await history(show)) as { undoDepth: number }).undoDepth, depth);
  await stepFrames(show, 1);
  assert.ok(Math.abs(lightBeat() - (await songBeat())) < 1e-9, 'undo did not split the clock');

  // Nudge-: the song falls back with the light.
  const before = await songBeat();
  await show.call('set_parameter', { path: '/lx/tempo/nudgeDown', value: true });
  await stepFrames(show, 60);
  await show.call('set_parameter', { path: '/lx/tempo/nudgeDown', value: false });
  await stepFrames(show, 1);
  const after = await songBeat();
  assert.ok(after < before + 61 / 30 - 0.015, `the song fell back (${after - before} beats in 61 frames, 2.033 without a nudge)`);
  assert.ok(Math.abs(lightBeat() - after) < 1e-9);

  // Stopped: a nudge acts on the light alone and the song stays where it stopped.
  await p3(`song-transport-stop ${token}`);
  await stepFrames(show, 1);
  const stopped = await songBeat();
  await show.call('set_parameter', { path: '/lx/tempo/nudgeUp', value: true });
  await stepFrames(show, 60);
  await show.call('set_parameter', { path: '/lx/tempo/nudgeUp', value: false });
  await stepFrames(show, 1);
  assert.equal(await songBeat(), stopped);
});

test("defect 13: light-side tempo and meter stay in the song's ranges: refused from every surface, clamped when computed", async (t) => {
  const show = await startShow(t);
  const p3 = await protocol3(t, show);
  const state = async () => (await p3('song-state')) as Reply;
  const ranges = (await state()).capabilities as { tempo_range: [number, number]; meter_numerator_range: [number, number] };
  assert.deepEqual(ranges.tempo_range, [40, 220]);
  assert.deepEqual(ranges.meter_numerator_range, [2, 12]);
  const song = async () => (await state()).transport as { tempo: number; meter: { numerator: number } };
  const tempo = async () => (await show.call('get_tempo')) as unknown;
  const both = [song, tempo];
  const bpmRange = /^invalid_argument: \/lx\/tempo\/bpm: takes 40–220 \(the song's tempo range: light and song share one clock\); got /;
  for (const value of [240, 20, 39.9, 220.5]) await assertRefusedTempo(show, 'set_parameter', { path: '/lx/tempo/bpm', value }, bpmRange, both);
  await assertRefusedTempo(
    show,
    'set_parameter',
    { path: '/lx/tempo/period', value: 250 },
    /^invalid_argument: \/lx\/tempo\/period: takes .*the song's tempo range/,
    both,
  );
  const meterRange = /^invalid_argument: \/lx\/tempo\/beatsPerBar: takes 2–12 \(the song's meter numerators: light and song share one clock\); got /;
  for (const value of [16, 1]) await assertRefusedTempo(show, 'set_parameter', { path: '/lx/tempo/beatsPerBar', value }, meterRange, both);
  await assertRefusedTempo(
    show,
    'apply_operations',
    { operations: [{ tool: 'set_parameter', args: { path: '/lx/tempo/bpm', value: 240 } }] },
    /takes 40–220/,
    both,
  );
  // Protocol 3 refuses the same values, with the same code and range.
  const token = (await state()).project_token as string;
  const client = new Protocol3Client();
  await client.connect(show.app.protocol3.host, show.app.protocol3.port);
  t.after(() => client.close());
  const refused = (await client.request(`song-transport-tempo ${token} 240`)) as Reply;
  assert.equal(refused.ok, false);
  assert.match(JSON.stringify(refused), /40–220/);

  // A tap computing a tempo past the song's range clamps both sides to it, in one undo step.
  const before = await history(show);
  await show.app.engine.queue.submit(() => {
    const t0 = show.app.light.lx.tempo;
    show.app.engine.history.performVerified(
      { label: 'taps', perform: () => [0, 200, 400, 600].forEach((ms) => t0.tapAt(ms)), undo: () => undefined },
      { surface: 'console' },
      () => undefined,
    );
  });
  assert.equal((await song()).tempo, 220, 'the song is at its top, not 300');
  assert.equal(((await tempo()) as { bpm: { value: number } }).bpm.value, 220, 'the light agrees');
  assert.equal(((await history(show)) as { undoDepth: number }).undoDepth, (before as { undoDepth: number }).undoDepth + 1);
  await show.call('undo');
  assert.equal((await song()).tempo, 120);
  assert.equal(((await tempo()) as { bpm: { value: number } }).bpm.value, 120);
});

/** A light-side tempo write refused: the code and range, and neither side nor the history changed. */
async function assertRefusedTempo(
  show: TestShow,
  tool: string,
  args: Record<string, unknown>,
  expected: RegExp,
  read: (() => Promise<unknown>)[],
): Promise<void> {
  const before = await Promise.all(read.map((f) => f()));
  const h = await history(show);
  assert.match(await show.callError(tool, args), expected);
  assert.deepEqual(await Promise.all(read.map((f) => f())), before, `${tool} ${JSON.stringify(args)} changed the tempo`);
  assert.deepEqual(await history(show), h);
}
