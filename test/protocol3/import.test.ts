import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import tm from '@tonejs/midi';
import { b64, refusedUnchanged, startStack, tempDir, type Reply, type Stack } from './helpers.js';

const { Midi } = tm;

type Clip = {
  native_id: number;
  start: number;
  length: number;
  notes: { pitch: number; start: number; duration: number; velocity: number }[];
  source_notes: { count: number };
};
type Track = { index: number; name: string; type: string; parent_track_id: number | null; track_id: number };

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** A type-1 song built with @tonejs/midi (independent of the host's codec): conductor + note tracks. */
function buildSong(noteTracks = 2): Uint8Array {
  const m = new Midi();
  m.header.name = 'Night Drive';
  m.header.tempos.push({ ticks: 0, bpm: 96 });
  m.header.timeSignatures.push({ ticks: 0, timeSignature: [3, 4] });
  m.header.meta.push({ text: 'Verse', type: 'marker', ticks: 960 });
  m.header.update();
  const piano = m.addTrack();
  piano.name = 'Piano';
  [60, 64, 67, 72].forEach((midi, i) => piano.addNote({ midi, ticks: i * 480, durationTicks: 240, velocity: 100 / 127 }));
  if (noteTracks >= 2) {
    const bass = m.addTrack();
    bass.name = 'Bass';
    bass.addNote({ midi: 36, ticks: 0, durationTicks: 960, velocity: 90 / 127 });
    bass.addNote({ midi: 36, ticks: 480, durationTicks: 960, velocity: 80 / 127 }); // overlaps the same pitch
    bass.addNote({ midi: 43, ticks: 1920, durationTicks: 720, velocity: 70 / 127 });
  }
  for (let k = 2; k < noteTracks; k++) {
    const t = m.addTrack();
    t.name = `Extra ${k}`;
    t.addNote({ midi: 50 + k, ticks: 0, durationTicks: 120, velocity: 0.5 });
  }
  return Uint8Array.from(m.toArray());
}

async function artifact(t: TestContext, bytes: Uint8Array, name = 'song.mid'): Promise<{ path: string; sha: string }> {
  const dir = await tempDir(t, 'footlight-midi-');
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, sha: sha(bytes) };
}

const tok = async (s: Stack): Promise<string> => (await s.ok('song-state')).project_token as string;
const importLine = async (s: Stack, a: { path: string; sha: string }, count: number, token?: string): Promise<string> =>
  `song-import ${token ?? (await tok(s))} ${a.sha} ${count} ${b64(a.path)}`;

test('song-import: a reviewed type-1 artifact becomes a new group of arranger tracks after the target at beat 0', async (t) => {
  const s = await startStack(t);
  const bytes = buildSong();
  const a = await artifact(t, bytes);
  const before = s.document();
  const r = await s.ok(await importLine(s, a, 2));
  assert.equal(r.status, 'submitted');
  assert.equal(r.verified, false, 'the contract keeps verified false');
  assert.equal(r.requires_observation, true);
  assert.equal(r.artifact_sha256, a.sha);
  assert.notEqual(r.submitted_sha256, a.sha, 'the submitted derivative differs from the artifact');
  assert.deepEqual(r.removed_global_events, { tempo: 1, time_signature: 1 });
  assert.equal(r.playback_started, false);
  assert.equal((r.target as Track).name, 'Lead');
  const observed = r.host_observed as { all_notes_present: boolean; tracks: { name: string; note_count: number; notes_match: boolean }[] };
  assert.equal(observed.all_notes_present, true, 'the host proves what it placed');
  assert.deepEqual(
    observed.tracks.map((x) => [x.name, x.note_count]),
    [
      ['Piano', 4],
      ['Bass', 3],
    ],
  );

  const tracks = (await s.ok('tracks')).tracks as Track[];
  assert.deepEqual(
    tracks.slice(6, 10).map((x) => [x.name, x.type]),
    [
      ['Lead', 'instrument'],
      ['Night Drive', 'group'],
      ['Piano', 'instrument'],
      ['Bass', 'instrument'],
    ],
  );
  assert.equal(tracks[8].parent_track_id, tracks[7].track_id);
  // Notes, checked against the independent reader: quarter-note beats = ticks / PPQ, no tempo conversion.
  const reference = new Midi(bytes);
  for (const [i, ref] of [
    [8, reference.tracks[0]],
    [9, reference.tracks[1]],
  ] as const) {
    const clip = ((await s.ok(`song-arranger ${i}`)).arranger as { clips: Clip[] }).clips[0];
    assert.equal(clip.start, 0, 'at beat 0');
    const expected = ref.notes.map((n) => ({
      pitch: n.midi,
      start: n.ticks / reference.header.ppq,
      duration: n.durationTicks / reference.header.ppq,
      velocity: Math.round(n.velocity * 127),
    }));
    const got = clip.notes.map((n) => ({ pitch: n.pitch, start: n.start, duration: n.duration, velocity: n.velocity }));
    const key = (n: { start: number; pitch: number; duration: number }): string => `${n.start}:${n.pitch}:${n.duration}`;
    assert.deepEqual(
      [...got].sort((x, y) => key(x).localeCompare(key(y))),
      [...expected].sort((x, y) => key(x).localeCompare(key(y))),
    );
    assert.ok(clip.length >= Math.max(...expected.map((n) => n.start + n.duration)));
  }
  const song = await s.ok('song-state');
  assert.equal((song.transport as Reply).tempo, 120, 'tempo metadata was not imported');
  assert.deepEqual((song.transport as Reply).meter, { numerator: 4, denominator: 4 }, 'meter metadata was not imported');
  assert.equal((song.transport as Reply).playing, false, 'import never starts playback');
  assert.ok((song.cue_markers as { name: string; beat: number }[]).some((m) => m.name === 'Verse' && m.beat === 2));

  // One undo step removes the whole import; the receipt then observes its absence.
  const status = await s.ok(`song-import-status ${r.receipt_id}`);
  assert.equal(status.status, 'submitted');
  assert.equal((status.observation as Reply).track_count, 14);
  await s.ok('undo');
  assert.equal(s.document(), before);
  const gone = await s.ok(`song-import-status ${r.receipt_id}`);
  assert.equal((gone.host_observed as Reply).group_present, false);
  assert.equal((gone.host_observed as Reply).all_notes_present, false);
  assert.equal(gone.verified, false);
  await s.ok('redo');
  assert.equal(
    ((await s.ok(`song-import-status ${r.receipt_id}`)).host_observed as Reply).all_notes_present,
    true,
    'redo re-creates the same tracks and clips',
  );
});

test('song-import after a group target goes after the whole group, in the same list', async (t) => {
  const s = await startStack(t);
  const a = await artifact(t, buildSong(1));
  await s.ok('track 0');
  await s.ok(await importLine(s, a, 1));
  const tracks = (await s.ok('tracks')).tracks as Track[];
  assert.deepEqual(
    tracks.slice(0, 6).map((x) => x.name),
    ['Drums', 'Kick', 'Snare', 'Hats', 'Night Drive', 'Piano'],
  );
  assert.equal(tracks[4].parent_track_id, null);
});

test('song-import refusals: digest, note-track count, paths, file kinds, size, SMF structure; nothing changes', async (t) => {
  const s = await startStack(t);
  const good = await artifact(t, buildSong());
  const token = await tok(s);
  await refusedUnchanged(s, `song-import ${token} ${'0'.repeat(64)} 2 ${b64(good.path)}`, 'invalid_argument', 'sha256_mismatch');
  await refusedUnchanged(s, await importLine(s, good, 1), 'invalid_argument', 'note_track_count_mismatch');
  await refusedUnchanged(s, await importLine(s, good, 3), 'invalid_argument', 'note_track_count_mismatch');
  await refusedUnchanged(s, await importLine(s, good, 0), 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, await importLine(s, good, 64), 'invalid_argument', 'out_of_range');
  const dir = await tempDir(t, 'footlight-midi-bad-');
  const link = join(dir, 'link.mid');
  await symlink(good.path, link);
  await refusedUnchanged(s, await importLine(s, { path: link, sha: good.sha }, 2), 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, await importLine(s, { path: dir, sha: good.sha }, 2), 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, await importLine(s, { path: 'song.mid', sha: good.sha }, 2), 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, await importLine(s, { path: `${dir}/../${dir.split('/').pop()}/x.mid`, sha: good.sha }, 2), 'invalid_argument', 'invalid_path');
  await refusedUnchanged(s, await importLine(s, { path: join(dir, 'missing.mid'), sha: good.sha }, 2), 'not_found');
  const huge = new Uint8Array(4 * 1024 * 1024 + 1);
  huge.set(buildSong());
  const big = await artifact(t, huge, 'big.mid');
  await refusedUnchanged(s, await importLine(s, big, 2), 'invalid_argument', 'invalid_path');
  // Structure: type 0, garbage, truncated, an unknown chunk, a wrong track count, SMPTE division.
  const song = buildSong();
  const type0 = Uint8Array.from(song);
  type0[9] = 0;
  const truncated = song.slice(0, song.length - 5);
  const extra = Uint8Array.from([...song, ...Buffer.from('XTRA'), 0, 0, 0, 0]);
  const count = Uint8Array.from(song);
  count[11] = 5;
  const smpte = Uint8Array.from(song);
  smpte[12] = 0xe7;
  smpte[13] = 0x28;
  for (const [name, bytes] of [
    ['type0', type0],
    ['garbage', Buffer.from('not a midi file at all')],
    ['truncated', truncated],
    ['extra', extra],
    ['count', count],
    ['smpte', smpte],
  ] as const) {
    const a = await artifact(t, bytes, `${name}.mid`);
    const r = await refusedUnchanged(s, await importLine(s, a, 2), 'invalid_argument', 'invalid_midi');
    assert.match(r.error as string, /type-1 Standard MIDI File/);
  }
  await refusedUnchanged(s, `song-import ${token} ${good.sha} 2 ${Buffer.from(good.path).toString('base64')}+/`, 'invalid_argument');
  await refusedUnchanged(s, `song-import ${token} ${good.sha} 2`, 'invalid_argument');
});

test('song-import refusals from project state: stale token, recording, target kind, bank capacity', async (t) => {
  const s = await startStack(t);
  const a = await artifact(t, buildSong());
  const token = await tok(s);
  await s.ok('set 3 0.5'); // a device edit does not touch the token
  assert.equal(await tok(s), token);
  await s.ok('track 3');
  await refusedUnchanged(s, await importLine(s, a, 2, token), 'stale', 'stale_project_token');
  await s.ok('track 9');
  await refusedUnchanged(s, await importLine(s, a, 2), 'invalid_argument');
  await s.ok('track 10');
  await refusedUnchanged(s, await importLine(s, a, 2), 'invalid_argument');
  await s.ok('track 6');
  await s.ok('action Record');
  await refusedUnchanged(s, await importLine(s, a, 2), 'invalid_argument', 'recording');
  await s.ok('action Record');
  await s.ok('action Stop');
  // Fill the bank to 62 tracks: two note tracks plus their group need three free slots.
  for (let i = 11; i < 62; i++) await s.ok('action Create%20Audio%20Track');
  assert.equal((await s.ok('tracks')).count, 62);
  await s.ok('track 6');
  await refusedUnchanged(s, await importLine(s, a, 2), 'invalid_argument', 'bank_capacity');
  const one = await artifact(t, buildSong(1), 'one.mid');
  await s.ok(await importLine(s, one, 1));
  assert.equal((await s.ok('tracks')).count, 64);
});

test('song-import-status: unknown receipts are not_found; receipts are read-only', async (t) => {
  const s = await startStack(t);
  await refusedUnchanged(s, 'song-import-status import-1-abc', 'not_found');
  await refusedUnchanged(s, 'song-import-status', 'invalid_argument');
});

test('song-import: a symlinked directory component is fine only if the file itself is regular', async (t) => {
  const s = await startStack(t);
  const dir = await tempDir(t, 'footlight-midi-dir-');
  await mkdir(join(dir, 'real'));
  await writeFile(join(dir, 'real', 'a.mid'), buildSong(1));
  await symlink(join(dir, 'real'), join(dir, 'alias'));
  const bytes = buildSong(1);
  const r = await s.ok(`song-import ${await tok(s)} ${sha(bytes)} 1 ${b64(join(dir, 'alias', 'a.mid'))}`);
  assert.equal(r.status, 'submitted');
});

test('song-import: a submission still queued at the deadline is native_rejected and imports nothing', async (t) => {
  const s = await startStack(t, { deadlineMs: 1500 });
  const a = await artifact(t, buildSong());
  const queue = s.engine.queue;
  const submit = queue.submit.bind(queue);
  // Hold the queue once the target is checked (the artifact is read off the queue), until past the request deadline.
  queue.submit = (async (fn: () => unknown, options?: { label?: string }) => {
    const result = await submit(fn, options);
    if (options?.label?.endsWith('song-import (check)') === true) {
      queue.pause();
      setTimeout(() => queue.resume(), 2000);
    }
    return result;
  }) as typeof queue.submit;
  const before = s.document();
  const r = await s.call(await importLine(s, a, 2));
  assert.equal(r.ok, false);
  assert.equal(r.status, 'native_rejected');
  assert.match(r.error as string, /not applied/);
  assert.equal(r.verified, false);
  assert.equal(r.requires_observation, true);
  assert.deepEqual(r.host_observed, { imported: false });
  assert.equal(s.document(), before, 'nothing was imported');
  const status = await s.ok(`song-import-status ${r.receipt_id}`);
  assert.equal(status.status, 'native_rejected');
});

test('a large import stays readable: song-arranger lists a bounded number of notes and says so', async (t) => {
  const s = await startStack(t);
  const m = new Midi();
  const tr = m.addTrack();
  tr.name = 'Dense';
  for (let i = 0; i < 20000; i++) tr.addNote({ midi: 40 + (i % 40), ticks: i * 24, durationTicks: 20, velocity: 0.5 });
  const a = await artifact(t, Uint8Array.from(m.toArray()));
  const r = await s.ok(await importLine(s, a, 1));
  assert.equal((r.host_observed as Reply).all_notes_present, true);
  const index = ((await s.ok('tracks')).tracks as Track[]).find((x) => x.name === 'Dense')!.index;
  const arr = (await s.ok(`song-arranger ${index}`)).arranger as { clips: (Clip & { notes_truncated: boolean })[]; detail_complete: boolean; reasons: Reply };
  assert.equal(arr.clips[0].source_notes.count, 20000);
  assert.equal(arr.clips[0].notes.length, 512);
  assert.equal(arr.clips[0].notes_truncated, true);
  assert.equal(arr.detail_complete, false);
  assert.match(arr.reasons.notes as string, /at most 512/);
});
