import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SetParameter } from '../../../src/engine/commands/set-parameter.js';
import { Component } from '../../../src/engine/component.js';
import { silentLogger } from '../../../src/engine/log.js';
import { BoundedParameter } from '../../../src/engine/parameters/bounded.js';
import { LivePlayer } from '../../../src/sound/live/player.js';
import { openProject } from '../../../src/sound/operations/project.js';
import { clip, dev, project, track } from '../audio/helpers.js';
import { startStack, type Reply, type Stack } from '../../protocol3/helpers.js';

/** A refusal while playing: the fingerprint covers the moving position, so the document and history are compared. */
async function refusedUnchangedLive(s: Stack, line: string, reason: string): Promise<void> {
  const doc = s.document();
  const depth = s.engine.history.undoDepth;
  await s.fail(line, 'invalid_argument', reason);
  assert.equal(s.document(), doc);
  assert.equal(s.engine.history.undoDepth, depth);
}

type Meters = {
  available: boolean;
  reason?: string;
  output: string;
  window_ms: number;
  observed_at: { sample: number; beat: number; playing: boolean };
  master: { peak_dbfs: number | null; rms_dbfs: number | null };
  tracks: { index: number; name: string; peak_dbfs: number | null }[];
  late_blocks: number;
};

async function state(
  s: Stack,
): Promise<Reply & { project_token: string; meters: Meters; transport: { playing: boolean; position_beats: number; tempo: number } }> {
  return (await s.ok('song-state')) as never;
}

/** Waits (bounded) until the predicate holds on song-state. */
async function until(s: Stack, what: string, ok: (r: Awaited<ReturnType<typeof state>>) => boolean): Promise<Awaited<ReturnType<typeof state>>> {
  for (let i = 0; i < 100; i++) {
    const r = await state(s);
    if (ok(r)) return r;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}: ${JSON.stringify((await state(s)).meters).slice(0, 300)}`);
}

test('live playback: the worker renders the demo in real time; song-state reports its position and post-fader meters', async (t) => {
  const s = await startStack(t);
  const live = new LivePlayer(s.host, { output: 'none', log: silentLogger });
  s.engine.clock.start(60);
  t.after(async () => {
    s.engine.clock.stop();
    await live.close();
  });
  const opened = await live.ready;
  assert.equal(opened.output, 'none', `node-web-audio-api's deviceless real-time context opens: ${opened.reason}`);
  const before = await state(s);
  assert.equal((before.capabilities as { meters_available: boolean }).meters_available, true);
  await s.ok(`song-transport-play ${before.project_token}`);
  const playing = await until(
    s,
    'a loud master while playing',
    (r) => r.meters.available && r.meters.observed_at.playing && (r.meters.master.peak_dbfs ?? -Infinity) > -40,
  );
  assert.ok(playing.meters.tracks.length >= 3);
  assert.ok(
    playing.meters.tracks.some((x) => x.peak_dbfs !== null),
    'some track sounds',
  );
  assert.ok(playing.meters.master.peak_dbfs! < 0.1, 'the demo does not clip');
  // The position is the one heard: it follows the output's clock (a real-time context), read once
  // a frame, so over a second it moves as many beats as the worker rendered in that time to keep
  // its lead, give or take a frame and the output's tick. (How close that clock keeps to the wall
  // clock is the machine's matter, measured in bench/, not here: a starved context plays slower.)
  const a = await state(s);
  await sleep(1000);
  const b = await state(s);
  const rendered = (b.meters.observed_at.sample - a.meters.observed_at.sample) / 48000;
  const moved = b.transport.position_beats - a.transport.position_beats;
  assert.ok(rendered > 0, `the worker rendered ${rendered} s in a second (late blocks ${b.meters.late_blocks})`);
  const expected = (rendered * b.transport.tempo) / 60;
  assert.ok(Math.abs(moved - expected) < 0.3, `moved ${moved} beats while ${rendered} s were rendered at ${b.transport.tempo} BPM (${expected} expected)`);
  // Listening to the live output: what the engine played over the last second.
  const heard = (await s.ok('song-listen live 1 clip')) as Reply & {
    seconds: number;
    silent: boolean;
    integrated_lufs: number | null;
    tracks: { name: string; silent: boolean }[];
    source: { kind: string };
    clip: { base64: string };
  };
  assert.equal(heard.source.kind, 'live');
  // At most the second asked for; less when a loaded machine made the engine skip late blocks.
  assert.ok(heard.seconds > 0.3 && heard.seconds <= 1.001, `${heard.seconds} s`);
  assert.equal(heard.silent, false);
  assert.ok(
    heard.tracks.some((x) => !x.silent),
    'the live per-track meters cover the second',
  );
  // The clip is that audio (seconds are given to the millisecond: 48 samples).
  assert.ok(Math.abs(Buffer.from(heard.clip.base64, 'base64').length - (44 + heard.seconds * 48000 * 2)) <= 2 * 48);
  await refusedUnchangedLive(s, 'song-listen live 1 track=1', 'live_track');
  // A seek while playing moves the engine: the position continues from the sought beat (inside the song: past its end it stops).
  const back = Math.floor(b.transport.position_beats) >= 4 ? 1 : 12;
  await s.ok(`song-transport-seek ${b.project_token} ${back}`);
  const sought = await until(s, 'the position after the seek', (r) => r.transport.position_beats >= back && r.transport.position_beats < back + 2);
  assert.equal(sought.transport.playing, true);
  // Stop: the engine stops, the position stays; tails ring out.
  await s.ok(`song-transport-stop ${sought.project_token}`);
  const stopped = await until(s, 'the engine stopped', (r) => !r.meters.observed_at.playing);
  await sleep(200);
  assert.equal((await state(s)).transport.position_beats, stopped.transport.position_beats);
  assert.ok(live.blocks > 0);
});

test('live playback: a light parameter step leaves the song plan alone; a song step (and its undo) sends a new one', async (t) => {
  const s = await startStack(t);
  const live = new LivePlayer(s.host, { output: 'none', log: silentLogger });
  t.after(() => live.close());
  await live.ready;
  // A root outside the song, as the light engine is in a show.
  const light = new Component('Light');
  const level = light.addParameter('level', new BoundedParameter('Level', 0));
  s.engine.graph.addRoot(light);
  const origin = { surface: 'mcp', session: 'a' } as const;
  // The plan goes out on a frame at most every 30 ms after a change.
  const frameLater = async (): Promise<number> => {
    await sleep(40);
    live.frame();
    return live.plans;
  };
  const first = await frameLater();
  for (const v of [0.2, 0.4, 0.6]) s.engine.history.perform(new SetParameter(level, v), origin);
  assert.equal(await frameLater(), first, 'light steps: no new plan');
  s.engine.history.undo();
  assert.equal(await frameLater(), first, 'undoing a light step: no new plan');
  const st = await state(s);
  await s.ok(`song-track-state ${st.project_token} 0 true false`);
  assert.equal(await frameLater(), first + 1, 'a song step: one new plan');
  s.engine.history.undo();
  assert.equal(await frameLater(), first + 2, 'its undo: another');
});

test('live playback: a mute reaches the playing engine at once (no rebuild) and silences that track', async (t) => {
  const s = await startStack(t);
  const live = new LivePlayer(s.host, { output: 'clock', log: silentLogger });
  s.engine.clock.start(60);
  t.after(async () => {
    s.engine.clock.stop();
    await live.close();
  });
  await live.ready;
  // From the demo song's verse, where the drums (track 0) play from the first beat.
  await s.ok(`song-transport-seek ${(await state(s)).project_token} 32`);
  const st = await state(s);
  await s.ok(`song-transport-play ${st.project_token}`);
  const loud = await until(s, 'track 0 sounding', (r) => r.meters.available && r.meters.tracks[0]?.peak_dbfs !== null);
  const name = loud.meters.tracks[0].name;
  await s.ok(`song-track-state ${loud.project_token} 0 true false`);
  await sleep(500);
  const muted = await until(s, `${name} silent`, (r) => r.meters.tracks[0].peak_dbfs === null);
  assert.ok(
    muted.meters.tracks.some((x, i) => i > 0 && x.peak_dbfs !== null),
    'the others still sound',
  );
});

test('live playback: the song stops at its end (the engine stops too), Play plays it again from the start; past the loop it comes back', async (t) => {
  const s = await startStack(t);
  const live = new LivePlayer(s.host, { output: 'clock', log: silentLogger });
  s.engine.clock.start(60);
  t.after(async () => {
    s.engine.clock.stop();
    await live.close();
  });
  await live.ready;
  const st = await state(s);
  const end = (st.transport as unknown as { song_end_beats: number }).song_end_beats;
  assert.ok(end > 4, `the demo has an end: ${end}`);
  await s.ok(`song-transport-seek ${st.project_token} ${end - 1}`);
  await s.ok(`song-transport-play ${st.project_token}`);
  const ended = await until(s, 'the song to end', (r) => !r.transport.playing);
  assert.equal(ended.transport.position_beats, end, 'stopped on the end');
  await until(s, 'the engine to stop', (r) => !r.meters.observed_at.playing);
  await s.ok(`song-transport-play ${ended.project_token}`);
  const again = await until(s, 'the engine playing from the start', (r) => r.meters.observed_at.playing && r.meters.observed_at.beat < 3);
  assert.ok(again.transport.position_beats < 3, `from the start: ${again.transport.position_beats}`);
  // Loop 0–4 on, the playhead past it: at the song's end it returns to the loop start, the engine with it.
  await s.engine.queue.submit(() => s.host.project.loopDuration.setBase(4));
  await s.ok(`song-transport-loop ${(await state(s)).project_token} true`);
  await s.ok(`song-transport-seek ${(await state(s)).project_token} ${end - 1}`);
  await until(s, 'the position past the loop', (r) => r.transport.position_beats >= end - 1);
  const back = await until(s, 'back in the loop', (r) => r.transport.position_beats < 4 && r.meters.observed_at.beat < 4);
  assert.equal(back.transport.playing, true, 'still playing');
});

test('live playback: a Sampler zone playing a SoundFont preset sounds in the render worker', async (t) => {
  const folder = mkdtempSync(join(tmpdir(), 'footlight-live-sf-'));
  t.after(() => rmSync(folder, { recursive: true, force: true }));
  // Debian's General MIDI SoundFont (timgm6mb-soundfont, see .ci/run), copied into the granted folder.
  copyFileSync('/usr/share/sounds/sf2/TimGM6mb.sf2', join(folder, 'gm.sf2'));
  const s = await startStack(t, { project: 'empty', samples: folder });
  await s.host.samples.loadSoundFont('gm.sf2');
  const zone = { sample: 'gm.sf2', key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: 60, bank: 0, program: 0 };
  openProject(s.host, { surface: 'cli' }, project([track('Keys', [{ ...dev('Sampler'), zones: [zone] }], [clip(0, 16, [[69, 0, 16, 100]])])]));
  const live = new LivePlayer(s.host, { output: 'none', log: silentLogger });
  s.engine.clock.start(60);
  t.after(async () => {
    s.engine.clock.stop();
    await live.close();
  });
  assert.equal((await live.ready).output, 'none');
  await s.ok(`song-transport-play ${(await state(s)).project_token}`);
  const playing = await until(
    s,
    'the preset sounding',
    (r) => r.meters.available && r.meters.observed_at.playing && (r.meters.master.peak_dbfs ?? -Infinity) > -40,
  );
  assert.ok(playing.meters.master.peak_dbfs! < 0, `${playing.meters.master.peak_dbfs} dBFS`);
});
