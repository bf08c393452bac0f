import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDigest } from '../../src/engine/guards.js';
import { doUndoRedo, refusedUnchanged, startStack, type Reply, type Stack } from './helpers.js';

type Transport = {
  playing: boolean;
  position_beats: number;
  tempo: number;
  meter: { numerator: number; denominator: number };
  arranger_loop_enabled: boolean;
  arranger_loop_start: number;
  arranger_loop_duration: number;
};
type Clip = {
  native_id: number;
  name: string;
  start: number;
  length: number;
  loop_enabled: boolean;
  loop_start: number;
  loop_length: number;
  source_notes: { count: number; first_start: number; last_end: number };
  notes: { pitch: number; start: number; duration: number }[];
};

const songState = (s: Stack): Promise<Reply> => s.ok('song-state');
const tok = async (s: Stack): Promise<string> => (await songState(s)).project_token as string;
const transport = async (s: Stack): Promise<Transport> => (await songState(s)).transport as Transport;

test('song-state: project token, selected target, flat inventory, transport, conservative recording, meters unavailable without live playback', async (t) => {
  const s = await startStack(t);
  const r = await songState(s);
  assert.ok(isDigest(r.project_token));
  assert.equal(r.project_name, 'Footlight Demo');
  assert.equal(r.project_modified, false);
  assert.equal(r.project_save_pending, false);
  assert.deepEqual(r.selected_target, { index: 6, track_id: (r.selected_target as Reply).track_id, name: 'Lead', type: 'instrument', import_target: true });
  const inv = r.inventory as Reply;
  assert.equal(inv.bank, 'ALL_CHANNELS');
  assert.equal(inv.count, 11);
  const { song_end_beats: end, at_song_end: atEnd, ...transport } = r.transport as Transport & { song_end_beats: number; at_song_end: string };
  assert.ok(end > 0, 'the demo song has an end');
  assert.equal(atEnd, 'stop');
  assert.deepEqual(transport, {
    playing: false,
    position_beats: 0,
    tempo: 120,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop_enabled: false,
    arranger_loop_start: 0,
    arranger_loop_duration: 16,
    metronome: false,
  });
  const rec = r.recording as Reply;
  assert.equal(rec.any_recording, false);
  assert.equal(rec.conservative, true);
  assert.deepEqual(rec.armed_track_indexes, []);
  const meters = r.meters as Reply;
  assert.equal(meters.available, false);
  assert.match(meters.reason as string, /live playback is off/);
  assert.equal((await songState(s)).project_token, r.project_token, 'reads do not change the token');
});

test('project_token covers tempo, meter, loop fields, mute/arm, selection and recording; not position or playing', async (t) => {
  const s = await startStack(t);
  const t0 = await tok(s);
  await s.ok(`song-transport-play ${t0}`);
  await s.engine.queue.submit(() => s.engine.clock.step(1000));
  const tr = await transport(s);
  assert.equal(tr.playing, true);
  assert.equal(tr.position_beats, 2, 'one second at 120 BPM is two quarter-note beats');
  assert.equal(await tok(s), t0, 'playing and position are outside the token');
  await s.ok(`song-transport-seek ${t0} 8`);
  assert.equal(await tok(s), t0);
  await s.ok(`song-transport-stop ${t0}`);
  assert.equal(await tok(s), t0);
  await s.engine.queue.submit(() => s.host.project.loopStart.setBase(4));
  const t1 = await tok(s);
  assert.notEqual(t1, t0, 'arranger loop start is in the token');
  await s.engine.queue.submit(() => s.host.project.loopDuration.setBase(8));
  const t2 = await tok(s);
  assert.notEqual(t2, t1, 'arranger loop duration is in the token');
  await s.ok('track 3');
  assert.notEqual(await tok(s), t2, 'the selected target is in the token');
  const t3 = await tok(s);
  await s.ok('action Record');
  assert.notEqual(await tok(s), t3, 'recording state is in the token');
});

test('song-transport-tempo: finite 40–220, one undo step; refusals leave everything unchanged', async (t) => {
  const s = await startStack(t);
  await doUndoRedo(s, `song-transport-tempo ${await tok(s)} 87.5`, async (r) => {
    assert.equal(r.status, 'submitted');
    assert.equal(r.operation, 'transport_tempo');
    assert.equal(r.verified, false);
    assert.equal((r.host_observed as Transport).tempo, 87.5);
    assert.equal((await transport(s)).tempo, 87.5);
  });
  const token = await tok(s);
  await refusedUnchanged(s, `song-transport-tempo ${token} 39.99`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-transport-tempo ${token} 220.01`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-transport-tempo ${token} NaN`, 'invalid_argument');
  await refusedUnchanged(s, `song-transport-tempo ${token} 1e999`, 'invalid_argument');
  await refusedUnchanged(s, `song-transport-tempo ${'f'.repeat(64)} 100`, 'stale', 'stale_project_token');
  await refusedUnchanged(s, 'song-transport-tempo notatoken 100', 'invalid_argument');
  await s.ok(`song-transport-tempo ${token} 40`);
  await s.ok(`song-transport-tempo ${await tok(s)} 220`);
  await refusedUnchanged(s, `song-transport-tempo ${token} 100`, 'stale', 'stale_project_token');
});

test('song-transport-meter: numerator 2–12 over 4 or 8, one undo step', async (t) => {
  const s = await startStack(t);
  await doUndoRedo(s, `song-transport-meter ${await tok(s)} 7/8`, async () => assert.deepEqual((await transport(s)).meter, { numerator: 7, denominator: 8 }));
  const token = await tok(s);
  for (const m of ['1/4', '13/4', '4/16', '4/2', '4-4', '4/', '/4', 'x/4', '4.5/4'])
    await refusedUnchanged(s, `song-transport-meter ${token} ${m}`, 'invalid_argument');
  await s.ok(`song-transport-meter ${token} 12/4`);
  await s.ok(`song-transport-meter ${await tok(s)} 2/8`);
});

test('song-transport-seek: 0–24576 beats, no tempo or meter change, not an undo step', async (t) => {
  const s = await startStack(t);
  const token = await tok(s);
  const r = await s.ok(`song-transport-seek ${token} 24576`);
  assert.equal((r.host_observed as Transport).position_beats, 24576);
  assert.equal((r.host_observed as Transport).tempo, 120);
  assert.equal(s.engine.history.undoDepth, 0);
  await s.ok(`song-transport-seek ${token} 0`);
  await s.ok(`song-transport-seek ${token} 12.25`);
  await refusedUnchanged(s, `song-transport-seek ${token} -0.5`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-transport-seek ${token} 24576.01`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-transport-seek ${token} Infinity`, 'invalid_argument');
});

test('song-transport-loop: literal booleans, submitted/unverified reply, range and clip flags untouched', async (t) => {
  const s = await startStack(t);
  const r = await doUndoRedo(s, `song-transport-loop ${await tok(s)} true`, async () => assert.equal((await transport(s)).arranger_loop_enabled, true));
  assert.equal(r.status, 'submitted');
  assert.equal(r.operation, 'transport_loop');
  assert.equal(r.enabled, true);
  assert.equal(r.verified, false);
  const tr = await transport(s);
  assert.deepEqual([tr.arranger_loop_start, tr.arranger_loop_duration], [0, 16]);
  const kick = ((await s.ok('song-arranger 1')).arranger as { clips: Clip[] }).clips[0];
  assert.equal(kick.loop_enabled, true, 'clip loop flags are untouched (the Kick verse clip is an eight-bar loop)');
  const token = await tok(s);
  for (const v of ['True', '1', 'yes', 'keep']) await refusedUnchanged(s, `song-transport-loop ${token} ${v}`, 'invalid_argument');
  // Looping playback wraps inside the arranger loop.
  await s.ok(`song-transport-seek ${token} 15`);
  await s.ok(`song-transport-play ${token}`);
  await s.engine.queue.submit(() => s.engine.clock.step(1000));
  assert.equal((await transport(s)).position_beats, 1);
});

test('song-transport-play / stop: explicit token-guarded operations; play refuses recording and armed tracks', async (t) => {
  const s = await startStack(t);
  let token = await tok(s);
  const p = await s.ok(`song-transport-play ${token}`);
  assert.deepEqual([p.status, p.operation, p.verified, (p.host_observed as Transport).playing], ['submitted', 'transport_play', false, true]);
  const st = await s.ok(`song-transport-stop ${token}`);
  assert.equal((st.host_observed as Transport).playing, false);
  assert.equal(s.engine.history.undoDepth, 0, 'transport play/stop are not undo steps');
  await refusedUnchanged(s, `song-transport-stop ${'0'.repeat(64)}`, 'stale', 'stale_project_token');
  await s.ok(`song-track-state ${token} 3 keep true`);
  token = await tok(s);
  await refusedUnchanged(s, `song-transport-play ${token}`, 'invalid_argument', 'armed_tracks');
  await s.ok(`song-track-state ${token} 3 keep false`);
  await s.ok('action Record');
  token = await tok(s);
  assert.equal((await transport(s)).playing, true);
  await refusedUnchanged(s, `song-transport-play ${token}`, 'invalid_argument', 'recording');
  const stop = await s.ok(`song-transport-stop ${token}`);
  assert.equal((stop.host_observed as Transport).playing, false);
  assert.equal(((await songState(s)).recording as Reply).any_recording, false, 'stop ends recording');
});

test('recording refuses tempo, meter, seek, loop, track state, clip loop and save', async (t) => {
  const s = await startStack(t);
  const clip = ((await s.ok('song-arranger 1')).arranger as { clips: Clip[] }).clips[0];
  await s.ok('action Record');
  const token = await tok(s);
  for (const line of [
    `song-transport-tempo ${token} 100`,
    `song-transport-meter ${token} 3/4`,
    `song-transport-seek ${token} 4`,
    `song-transport-loop ${token} true`,
    `song-track-state ${token} 3 true keep`,
    `song-clip-loop ${token} 1 ${clip.native_id} true false`,
    `song-save ${token} ${Buffer.from('/tmp').toString('base64url')}`,
  ]) {
    const r = await s.call(line);
    assert.equal(r.ok, false, line);
    if (!line.startsWith('song-save')) assert.equal(r.reason, 'recording', `${line} → ${JSON.stringify(r)}`);
  }
  await refusedUnchanged(s, 'action toggle_arranger_loop', 'invalid_argument', 'recording');
});

test('song-track-state TOKEN INDEX MUTED ARMED: true/false/keep, one undo step; bad input refused unchanged', async (t) => {
  const s = await startStack(t);
  const r = await doUndoRedo(s, `song-track-state ${await tok(s)} 1 true true`, async () => {
    const tracks = (await s.ok('tracks')).tracks as { muted: boolean; armed: boolean }[];
    assert.deepEqual([tracks[1].muted, tracks[1].armed], [true, true], 'a hidden child of a collapsed group is addressed by bank index');
  });
  assert.deepEqual(r.host_observed, { muted: true, armed: true });
  assert.equal(r.changed, true);
  const token = await tok(s);
  const keep = await s.ok(`song-track-state ${token} 1 keep keep`);
  assert.equal(keep.changed, false);
  await doUndoRedo(s, `song-track-state ${token} 10 true keep`, (x) => assert.deepEqual(x.host_observed, { muted: true, armed: false }));
  const t2 = await tok(s);
  await refusedUnchanged(s, `song-track-state ${t2} 10 keep true`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-state ${t2} 9 keep true`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-state ${t2} 64 true keep`, 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, `song-track-state ${t2} 20 true keep`, 'not_found');
  await refusedUnchanged(s, `song-track-state ${t2} 1 maybe keep`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-state ${t2} 1 TRUE keep`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-state ${t2} 1 true`, 'invalid_argument');
  await refusedUnchanged(s, `song-track-state ${token} 1 false keep`, 'stale', 'stale_project_token');
});

test('song-arranger INDEX: bounded clips in quarter-note beats with source-note summaries', async (t) => {
  const s = await startStack(t);
  const r = await s.ok('song-arranger 6');
  assert.equal(r.track_index, 6);
  assert.equal(r.track_name, 'Lead');
  assert.equal(r.atomic, false);
  assert.ok(isDigest(r.project_token));
  const arr = r.arranger as { available: boolean; clips: Clip[]; truncated: boolean; count_complete: boolean };
  assert.equal(arr.available, true);
  assert.equal(arr.truncated, false);
  // The lead's first clip is the build: eight bars of held chords for its arpeggiator.
  const build = arr.clips[0];
  assert.deepEqual([build.name, build.start, build.length, build.loop_enabled], ['Build', 96, 32, false]);
  assert.deepEqual([build.source_notes.count, build.source_notes.first_start, build.source_notes.last_end], [24, 0, 31]);
  assert.equal(build.notes[2].duration, 4);
  const kick = ((await s.ok('song-arranger 1')).arranger as { clips: Clip[] }).clips[0];
  assert.deepEqual([kick.name, kick.loop_enabled, kick.loop_start, kick.loop_length], ['Verse', true, 0, 32]);
  await s.ok('action Create%20Audio%20Track');
  const created = ((await s.ok('tracks')).tracks as { index: number; type: string }[]).find((x) => x.type === 'audio')!;
  const audio = (await s.ok(`song-arranger ${created.index}`)).arranger as { clips: Clip[]; reasons: Reply };
  assert.deepEqual(audio.clips, []);
  assert.match(audio.reasons.notes as string, /audio tracks hold no note clips/);
  await refusedUnchanged(s, 'song-arranger 64', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'song-arranger 12', 'not_found');
  await refusedUnchanged(s, 'song-arranger -1', 'invalid_argument');
});

test('song-clip-loop: sets only the exact clip flag after checking the expected state; do → undo → redo', async (t) => {
  const s = await startStack(t);
  const clip = ((await s.ok('song-arranger 4')).arranger as { clips: Clip[] }).clips[0];
  const r = await doUndoRedo(s, `song-clip-loop ${await tok(s)} 4 ${clip.native_id} false true`, async () => {
    const after = ((await s.ok('song-arranger 4')).arranger as { clips: Clip[] }).clips[0];
    assert.equal(after.loop_enabled, true);
    assert.deepEqual({ ...after, loop_enabled: false }, clip, 'only the loop flag changed: notes, timing, loop range and length untouched');
  });
  assert.deepEqual([r.status, r.loop_enabled, r.previous_loop_enabled, r.read_back], ['completed', true, false, true]);
  const token = await tok(s);
  await refusedUnchanged(s, `song-clip-loop ${token} 4 ${clip.native_id} false true`, 'stale');
  await refusedUnchanged(s, `song-clip-loop ${token} 3 ${clip.native_id} true false`, 'not_found');
  await refusedUnchanged(s, `song-clip-loop ${token} 4 2147483647 true false`, 'not_found');
  await refusedUnchanged(s, `song-clip-loop ${token} 4 2147483648 true false`, 'invalid_argument');
  await refusedUnchanged(s, `song-clip-loop ${token} 4 ${clip.native_id} 1 0`, 'invalid_argument');
  await refusedUnchanged(s, `song-clip-loop ${token} 4 ${clip.native_id} true keep`, 'invalid_argument');
  await refusedUnchanged(s, `song-clip-loop ${'1'.repeat(64)} 4 ${clip.native_id} true false`, 'stale', 'stale_project_token');
  const same = await s.ok(`song-clip-loop ${token} 4 ${clip.native_id} true true`);
  assert.equal(same.changed, false);
});
