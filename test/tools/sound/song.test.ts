import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import tm from '@tonejs/midi';
import { Engine } from '../../../src/engine/engine.js';
import { createSoundHost, readProjectFile } from '../../../src/sound/index.js';
import { startSound, tempDir, type SoundShow } from './helpers.js';
import { openProject } from '../../../src/sound/operations/project.js';
import { tracks as listTracks } from '../../../src/sound/operations/tracks.js';

const { Midi } = tm;

/** A short song: two sections, a pattern bass, a lead with explicit notes, 6/8 at 96 BPM. */
export const NIGHT_DRIVE = {
  title: 'Night Drive',
  tempo: 96,
  meter: { numerator: 6, denominator: 8 },
  sections: [
    { name: 'Intro', bars: 2 },
    { name: 'Verse', bars: 4 },
  ],
  parts: [
    { name: 'Bass', patterns: [{ steps: ['C1', null, 'G1'], step_beats: 0.5, velocity: 90 }] },
    {
      name: 'Lead',
      notes: [
        { pitch: 'E3', start: 0, duration: 1.5, section: 'Verse' },
        { pitch: 67, start: 1.5, duration: 1.5, section: 'Verse', velocity: 110 },
        { pitch: 'C4', start: 3, duration: 3, section: 'Verse' },
      ],
    },
    { name: 'Pad', patterns: [{ sections: ['Verse'], steps: [['C3', 'E3', 'G3']], step_beats: 3 }] },
  ],
};

async function trackIndex(show: SoundShow, name: string): Promise<number> {
  const tracks = (await show.call('sound_list_tracks')).native.tracks as { index: number; name: string }[];
  const t = tracks.find((x) => x.name === name);
  assert.ok(t, `no track ${name}`);
  return t.index;
}

test('song_compile_plan: a type-1 export with tempo, meter, markers and named tracks, validated by @tonejs/midi; offline', async (t) => {
  const show = await startSound(t);
  const before = show.app.engine.history.undoDepth;
  const r = await show.call('song_compile_plan', { plan: NIGHT_DRIVE });
  assert.equal(r.revision, 1);
  assert.equal(r.import_available, true);
  assert.equal(r.export.note_track_count, 3);
  assert.equal(r.export.summary.beats_per_bar, 3);
  assert.equal(r.export.summary.length_beats, 18);
  assert.deepEqual(
    r.export.summary.sections.map((s: { start_beat: number }) => s.start_beat),
    [0, 6],
  );
  assert.equal(r.plan.parts[1].notes[0].velocity, 100, 'defaults are filled in');
  const bytes = await readFile(r.export.path);
  assert.equal(createHash('sha256').update(bytes).digest('hex'), r.export.sha256);
  assert.equal((await stat(r.export.path)).mode & 0o777, 0o600);
  assert.match(dirname(r.export.path), new RegExp(`^${show.home}/sound-projects/\\.footlight-song-exports/songs-`));

  // An independent reader: format 1, conductor first, names, tempo, meter, markers, notes.
  const midi = new Midi(bytes);
  assert.equal(midi.header.ppq, 480);
  assert.equal(midi.header.name, 'Night Drive');
  assert.equal(Math.round(midi.header.tempos[0].bpm * 1000) / 1000, 96);
  assert.deepEqual(midi.header.timeSignatures[0].timeSignature, [6, 8]);
  assert.deepEqual(
    midi.header.meta.filter((m) => m.type === 'marker').map((m) => [m.text, m.ticks]),
    [
      ['Intro', 0],
      ['Verse', 6 * 480],
    ],
  );
  assert.deepEqual(
    midi.tracks.map((x) => x.name),
    ['Bass', 'Lead', 'Pad'],
  );
  const bass = midi.tracks[0].notes;
  assert.equal(bass.length, 24, 'a 3-step pattern of half beats with one rest over 18 beats: 2 notes per 1.5 beats');
  assert.deepEqual(
    bass.slice(0, 2).map((n) => [n.midi, n.ticks, n.durationTicks, Math.round(n.velocity * 127)]),
    [
      [36, 0, 240, 90],
      [43, 480, 240, 90],
    ],
  );
  assert.deepEqual(
    midi.tracks[1].notes.map((n) => [n.midi, n.ticks / 480, n.durationTicks / 480]),
    [
      [64, 6, 1.5],
      [67, 7.5, 1.5],
      [72, 9, 3],
    ],
  );
  assert.equal(midi.tracks[2].notes.length, 12, '4 chords of 3 notes');
  assert.equal(show.app.engine.history.undoDepth, before, 'compiling touches nothing in the host');
  assert.equal((await show.call('sound_get_status')).workflow.song_sessions, 1);

  // A new revision in the same session.
  const r2 = await show.call('song_compile_plan', { plan: { ...NIGHT_DRIVE, tempo: 100 }, song_session_id: r.song_session_id });
  assert.equal(r2.revision, 2);
  assert.notEqual(r2.export.sha256, r.export.sha256);
  assert.equal((await show.call('song_get_workflow', { song_session_id: r.song_session_id })).revision, 2);
});

test('song_compile_plan refusals: empty part, unknown section, notes past the end, duplicates, bad pitch names', async (t) => {
  const show = await startSound(t);
  const base = { title: 'X', sections: [{ name: 'A', bars: 1 }] };
  assert.match(
    await show.callError('song_compile_plan', { plan: { ...base, parts: [{ name: 'Empty' }] } }),
    /^invalid_argument: parts\[0\] \(Empty\) has no notes/,
  );
  assert.match(
    await show.callError('song_compile_plan', { plan: { ...base, parts: [{ name: 'P', notes: [{ pitch: 60, start: 0, duration: 1, section: 'B' }] }] } }),
    /^invalid_argument: .*no section named "B"/,
  );
  assert.match(
    await show.callError('song_compile_plan', { plan: { ...base, parts: [{ name: 'P', notes: [{ pitch: 60, start: 3, duration: 2 }] }] } }),
    /^invalid_argument: .*ends at beat 5, after the song's last section ends \(beat 4\)/,
  );
  assert.match(
    await show.callError('song_compile_plan', {
      plan: {
        ...base,
        parts: [
          { name: 'P', notes: [{ pitch: 60, start: 0, duration: 1 }] },
          { name: 'P', notes: [{ pitch: 60, start: 0, duration: 1 }] },
        ],
      },
    }),
    /^invalid_argument: parts: the name "P" is used twice/,
  );
  assert.match(
    await show.callError('song_compile_plan', { plan: { ...base, parts: [{ name: 'P', notes: [{ pitch: 'H2', start: 0, duration: 1 }] }] } }),
    /^invalid_argument: plan\.parts\.0\.notes\.0\.pitch/,
  );
  assert.match(
    await show.callError('song_compile_plan', { plan: { ...base, tempo: 300, parts: [{ name: 'P', notes: [{ pitch: 60, start: 0, duration: 1 }] }] } }),
    /^invalid_argument: plan\.tempo/,
  );
  assert.match(
    await show.callError('song_compile_plan', {
      plan: { ...base, meter: { numerator: 4, denominator: 2 }, parts: [{ name: 'P', notes: [{ pitch: 60, start: 0, duration: 1 }] }] },
    }),
    /^invalid_argument: plan\.meter/,
  );
  assert.match(await show.callError('song_compile_plan', { plan: { ...base, parts: [] } }), /^invalid_argument: plan\.parts/);
  assert.match(await show.callError('song_get_workflow', { song_session_id: 'song-none' }), /^not_found: /);
});

test('song_import_plan: reviewed import, tempo/meter through the transport with fresh tokens, arranger read back', async (t) => {
  const show = await startSound(t);
  const compiled = await show.call('song_compile_plan', { plan: NIGHT_DRIVE });
  const state = (await show.call('song_get_state')).native;
  const markersBefore = state.cue_markers.length;
  const args = { song_session_id: compiled.song_session_id, revision: 1, project_token: state.project_token };
  const [preview, result] = await show.confirm('song_import_plan', args);
  assert.ok(
    preview.summary.startsWith(
      'Import "Night Drive" (revision 1: 3 note tracks — Bass 24 notes, Lead 3 notes, Pad 12 notes; 18 beats) ' +
        'as a new group after Lead, clips at beat 0, then set tempo 96 and meter',
    ),
    preview.summary,
  );
  assert.deepEqual(
    preview.preview.transport_after_import.map((x: { operation: string }) => x.operation),
    ['transport_tempo', 'transport_meter'],
  );
  assert.equal(result.status, 'completed');
  assert.equal(result.native.status, 'submitted');
  assert.equal(result.native.verified, false);
  assert.equal(result.native.requires_observation, true);
  assert.equal(result.native.artifact_sha256, compiled.export.sha256);
  assert.deepEqual(result.native.removed_global_events, { tempo: 1, time_signature: 1 });
  assert.equal(result.receipt_id, result.native.receipt_id);
  assert.deepEqual(
    result.transport_steps.map((s: { operation: string; status: string }) => [s.operation, s.status]),
    [
      ['transport_tempo', 'completed'],
      ['transport_meter', 'completed'],
    ],
  );
  const tokens = result.transport_steps.map((s: { command: string }) => s.command.split(' ')[1]);
  assert.notEqual(tokens[0], state.project_token, 'the tempo write used a fresh token, not the pre-import one');
  assert.notEqual(tokens[1], tokens[0], 'the meter write used a token read after the tempo change');
  assert.equal(result.song_session.import_available, false);

  const song = (await show.call('song_get_state')).native;
  assert.equal(song.transport.tempo, 96);
  assert.deepEqual(song.transport.meter, { numerator: 6, denominator: 8 });
  assert.equal(song.transport.playing, false);
  assert.equal(song.cue_markers.length, markersBefore + 2, 'one marker per section joined the cue markers');
  for (const [name, beat] of [
    ['Intro', 0],
    ['Verse', 6],
  ] as const)
    assert.ok(
      song.cue_markers.some((m: { name: string; beat: number }) => m.name === name && m.beat === beat),
      `marker ${name} at beat ${beat}`,
    );

  // The arranger, read back and checked against the export read by the independent library.
  const midi = new Midi(await readFile(compiled.export.path));
  const all = (await show.call('sound_list_tracks')).native.tracks as { index: number; name: string; track_id: number; parent_track_id: number | null }[];
  const group = all.find((x) => x.name === 'Night Drive')!;
  const children = all.filter((x) => x.parent_track_id === group.track_id);
  assert.deepEqual(
    children.map((x) => x.name),
    ['Bass', 'Lead', 'Pad'],
    'one named track per part, inside the new group',
  );
  for (const [i, name] of ['Bass', 'Lead', 'Pad'].entries()) {
    const arranger = (await show.call('song_get_arranger', { track_index: children[i].index, notes: true })).native;
    assert.equal(arranger.track_name, name);
    const clip = arranger.arranger.clips[0];
    const brief = (await show.call('song_get_arranger', { track_index: children[i].index })).native.arranger.clips[0];
    assert.deepEqual([brief.notes, brief.notes_truncated, brief.source_notes], [undefined, undefined, clip.source_notes], 'notes only when asked');
    assert.equal(clip.start, 0);
    assert.equal(clip.source_notes.count, midi.tracks[i].notes.length);
    const key = (n: { pitch: number; start: number; duration: number }): string => `${n.start}:${n.pitch}:${n.duration}`;
    assert.deepEqual(
      clip.notes.map((n: { pitch: number; start: number; duration: number }) => key(n)).sort(),
      midi.tracks[i].notes.map((n) => key({ pitch: n.midi, start: n.ticks / 480, duration: n.durationTicks / 480 })).sort(),
    );
  }
  const groupIndex = await trackIndex(show, 'Night Drive');
  assert.equal(groupIndex, 7, 'the new group sits right after the Lead target');
  const receipt = await show.call('song_get_import_status', { receipt_id: result.receipt_id });
  assert.equal(receipt.native.host_observed.all_notes_present, true);

  // Exactly one attempt per revision; a recompiled revision is a new export; an old revision is stale.
  assert.match(
    await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 }),
    /^invalid_argument: revision 1 of .* was already imported once \(status submitted/,
  );
  await show.call('song_compile_plan', { plan: NIGHT_DRIVE, song_session_id: compiled.song_session_id });
  assert.match(
    await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 }),
    /^stale: song session .* is at revision 2, not the reviewed 1/,
  );
  // Undo: the meter, the tempo and the import are three steps.
  for (let i = 0; i < 3; i++) await show.confirm('sound_undo');
  assert.equal((await show.call('song_get_import_status', { receipt_id: result.receipt_id })).native.host_observed.group_present, false);
});

test('song_import_plan refusals before anything is sent: a stale reviewed token, a target that cannot take an import, an export changed on disk', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const compiled = await show.call('song_compile_plan', { plan: NIGHT_DRIVE });
  const token = (await show.call('song_get_state')).native.project_token;
  await show.call('sound_select_track', { index: 10 }); // the master
  assert.match(
    await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1, project_token: token }),
    /^stale: project_token .* is not the current one/,
  );
  assert.match(
    await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 }),
    /^invalid_argument: the import goes after the selected target track, .*; the selection is Master \(master\)/,
  );
  await show.call('sound_select_track', { index: 6 }); // the Lead
  const { writeFile } = await import('node:fs/promises');
  await writeFile(compiled.export.path, Buffer.from('tampered'));
  assert.match(
    await show.callError('song_import_plan', { song_session_id: compiled.song_session_id, revision: 1 }),
    /^internal: the workflow's export .* changed on disk/,
  );
  const wf = await show.call('song_get_workflow', { song_session_id: compiled.song_session_id });
  assert.equal(wf.import_available, true, 'none of these counted as the attempt: nothing was sent');
  assert.deepEqual(wf.imports, []);
});

test('song writes: clip loop, transport (play, stop, seek, tempo, meter, loop), track state — bound to the project token', async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const arr = (await show.call('song_get_arranger', { track_index: 6 })).native; // the Lead
  const clip = arr.arranger.clips[0];
  const loop = await show.call('song_set_clip_loop', { track_index: 6, clip_id: clip.native_id, enabled: true });
  assert.equal(loop.command, `song-clip-loop ${arr.project_token} 6 ${clip.native_id} false true`);
  assert.equal(loop.native.loop_enabled, true);
  assert.equal(loop.native.read_back, true);
  assert.match(
    await show.callError('song_set_clip_loop', { track_index: 6, clip_id: 123456, enabled: true }),
    /^not_found: track 6 \(Lead\) has no arranger clip/,
  );
  const wrongExpectation = await show.call('song_set_clip_loop', { track_index: 6, clip_id: clip.native_id, enabled: false, expected_enabled: false });
  assert.equal(wrongExpectation.status, 'refused');
  assert.equal(wrongExpectation.code, 'stale');

  const tempo = await show.call('song_control_transport', { operation: 'tempo', bpm: 132.5 });
  assert.equal(tempo.native.operation, 'transport_tempo');
  assert.equal((await show.call('song_get_state')).native.transport.tempo, 132.5);
  assert.equal((await show.call('song_control_transport', { operation: 'meter', meter: { numerator: 7, denominator: 8 } })).command.split(' ')[2], '7/8');
  assert.equal((await show.call('song_control_transport', { operation: 'loop', enabled: true })).native.enabled, true);
  assert.equal((await show.call('song_control_transport', { operation: 'seek', position_beats: 12 })).native.operation, 'transport_seek');
  const play = await show.call('song_control_transport', { operation: 'play' });
  assert.equal(play.native.operation, 'transport_play');
  assert.match(play.summary, /^Transport play \(now stopped\)\./, 'the summary says in words where the transport was');
  assert.equal((await show.call('song_get_state')).native.transport.playing, true);
  await show.call('song_control_transport', { operation: 'stop' });
  assert.match(await show.callError('song_control_transport', { operation: 'tempo' }), /^invalid_argument: operation tempo needs bpm/);
  assert.match(await show.callError('song_control_transport', { operation: 'play', bpm: 100 }), /^invalid_argument: bpm does not apply to operation play/);
  assert.match(await show.callError('song_control_transport', { operation: 'tempo', bpm: 300 }), /^invalid_argument: bpm: /);

  const muted = await show.call('song_set_track_state', { track_index: 3, muted: true });
  assert.equal(muted.command.endsWith(' 3 true keep'), true);
  assert.equal(muted.native.host_observed.muted, true);
  const armFx = await show.call('song_set_track_state', { track_index: 9, armed: true }); // the Reverb Bus
  assert.equal(armFx.status, 'refused', 'the host refuses arming an FX track; the reply keeps its payload');
  assert.equal(armFx.native.ok, false);
  assert.match(await show.callError('song_set_track_state', { track_index: 3 }), /^invalid_argument: give muted, armed or both/);
});

test("song tools report the song's end: the transport stops there, play starts the song again, a second stop returns to the start", async (t) => {
  const show = await startSound(t, { soundCooperative: true });
  const before = (await show.call('song_get_state')).native.transport;
  assert.ok(before.song_end_beats > 0, 'the demo has an end');
  assert.equal(before.at_song_end, 'stop');
  // At the end, as the song leaves the transport after playing through.
  await show.call('song_control_transport', { operation: 'seek', position_beats: before.song_end_beats });
  const play = await show.call('song_control_transport', { operation: 'play' });
  assert.equal(play.native.host_observed.position_beats, 0, 'play at the end starts the song again');
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(30, 1000 / 60));
  const stop = await show.call('song_control_transport', { operation: 'stop' });
  assert.ok(stop.native.host_observed.position_beats > 0, 'the first stop stays where it is');
  const again = await show.call('song_control_transport', { operation: 'stop' });
  assert.equal(again.native.host_observed.position_beats, 0, 'the second returns to the start');
});

test('song_save_project: a fresh sound-project-* folder, kept in the reply; the saved project loads back', async (t) => {
  const root = await tempDir(t, 'footlight-saves-');
  const show = await startSound(t, { soundOutputRoot: root });
  await show.coop('sound_set_controls', { controls: [{ index: 3, value: 50 }] });
  const [preview, saved] = await show.confirm('song_save_project');
  assert.match(preview.summary, /into a fresh, empty sound-project-\* folder under/);
  assert.equal(saved.ok, true);
  assert.equal(saved.status, 'native_save_completed');
  assert.equal(saved.retry_performed, false);
  assert.equal(dirname(saved.output_directory), root);
  assert.match(basename(saved.output_directory), /^sound-project-/);
  assert.equal(saved.project_file, join(saved.output_directory, 'PromptTrack', 'PromptTrack.bwproject'));
  assert.equal(saved.native_response.status, 'native_save_completed');
  assert.deepEqual(await readdir(saved.output_directory), ['PromptTrack']);
  assert.equal((await show.call('song_get_state')).native.project_modified, false);
  // A second save gets another fresh folder; nothing is overwritten.
  const again = await show.coop('song_save_project');
  assert.notEqual(again.output_directory, saved.output_directory);
  assert.equal((await show.call('sound_get_status')).workflow.saves.length, 2);

  // Load it back into a fresh host: the same project, the same shuffle value.
  const engine = new Engine();
  const host = createSoundHost(engine, { project: 'empty' });
  t.after(() => host.dispose());
  const json = await readProjectFile(saved.project_file);
  await engine.queue.submit(() => openProject(host, { surface: 'cli' }, json));
  const tracks = (await engine.queue.submit(() => listTracks(host))).tracks as { name: string }[];
  assert.deepEqual(
    tracks.map((x) => x.name),
    ((await show.call('sound_list_tracks')).native.tracks as { name: string }[]).map((x) => x.name),
  );
});

test('song_save_project while recording: refused up front — nothing sent, no folder, no confirmation round', async (t) => {
  const root = await tempDir(t, 'footlight-saves-');
  const show = await startSound(t, { soundOutputRoot: root });
  await show.coop('sound_invoke_action', { action_id: 'Record' });
  const lines = (await show.call('sound_get_status')).workflow.saves.length;
  assert.match(
    await show.callError('song_save_project'),
    /^invalid_argument: recording is active, so the host would refuse a save; stop the transport first .*Nothing was sent and no confirmation was asked/,
  );
  assert.deepEqual(
    (await readdir(root)).filter((n) => n.startsWith('sound-project-')),
    [],
    'no folder allocated',
  );
  assert.equal((await show.call('sound_get_status')).workflow.saves.length, lines, 'no save attempt');
  assert.match(
    await show.callError('song_control_transport', { operation: 'play' }),
    /^invalid_argument: recording is active, so the host would refuse transport play/,
  );
  assert.equal(
    (await show.coop('song_control_transport', { operation: 'stop' })).status,
    'completed',
    'stop is what ends recording, so it is never refused for it',
  );
  assert.match(await show.callError('song_save_project', { project_token: 'e'.repeat(64) }), /^stale: project_token/);
});
