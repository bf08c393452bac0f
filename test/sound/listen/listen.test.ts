import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { refusedUnchanged, startStack, tempDir, type Reply } from '../../protocol3/helpers.js';

type Track = { index: number; name: string; type: string; peak_dbfs: number | null; silent: boolean };
type Listen = Reply & {
  seconds: number;
  integrated_lufs: number;
  peak_dbfs: number;
  true_peak_dbtp: number;
  clipping: boolean;
  onsets: { t: number; beat: number }[];
  tempo_estimate: { bpm: number } | null;
  monophonic_notes: { beat: number; key: number }[];
  over_time: { centroid_hz: number | null; bands_db: Record<string, number | null> }[];
  tracks: Track[];
  silent_tracks: number[];
  clip: { base64: string } | null;
  spectrogram: { base64: string; width: number; height: number } | null;
  verified: boolean;
};

test('song-listen region: loudness, onsets on the beat, a clip sox reads and a spectrogram PNG', async (t) => {
  const s = await startStack(t);
  // The demo song's verse (bars 9 to 11 and a half): kick on the beat, bass and hats between.
  const r = (await s.ok('song-listen region 32 42 clip spectrogram')) as Listen;
  assert.equal(r.seconds, 5);
  assert.equal(r.verified, false);
  assert.ok(r.integrated_lufs > -30 && r.integrated_lufs < -6, `${r.integrated_lufs} LUFS`);
  assert.ok(r.true_peak_dbtp >= r.peak_dbfs && r.true_peak_dbtp < 0 && !r.clipping);
  // The demo's hats play every half beat: every onset lies within a hop (≈ 0.05 beat) of one.
  assert.ok(r.onsets.length >= 16);
  for (const o of r.onsets) assert.ok(Math.abs(o.beat * 2 - Math.round(o.beat * 2)) < 0.12, `onset at beat ${o.beat}`);
  assert.ok(r.over_time.length > 10 && r.over_time.every((x) => x.centroid_hz !== null));
  assert.deepEqual(
    r.silent_tracks.sort(),
    r.tracks
      .filter((x) => x.peak_dbfs === null)
      .map((x) => x.index)
      .sort(),
  );
  // Independent checks: sox reads the clip as 5 s of mono 48 kHz audio that is not silent; pngjs reads the image.
  const dir = await tempDir(t);
  const wav = join(dir, 'clip.wav');
  await writeFile(wav, Buffer.from(r.clip!.base64, 'base64'));
  assert.equal(execFileSync('soxi', ['-r', wav]).toString().trim(), '48000');
  assert.equal(execFileSync('soxi', ['-c', wav]).toString().trim(), '1');
  assert.equal(Number(execFileSync('soxi', ['-D', wav]).toString().trim()), 5);
  const stat = spawnSync('sox', [wav, '-n', 'stat']).stderr.toString();
  assert.ok(Number(/Maximum amplitude:\s+([\d.]+)/.exec(stat)![1]) > 0.1, stat);
  const png = PNG.sync.read(Buffer.from(r.spectrogram!.base64, 'base64'));
  assert.deepEqual([png.width, png.height], [r.spectrogram!.width, r.spectrogram!.height]);
});

test("song-listen track=INDEX solos a track: the Bass's monophonic pitches are its arranger notes", async (t) => {
  const s = await startStack(t);
  const arranger = await s.ok('song-arranger 4');
  const clips = (arranger.arranger as { clips: { start: number; notes: { pitch: number; start: number }[] }[] }).clips;
  // The verse's first four bars: the bass plays offbeat eighths there.
  const r = (await s.ok('song-listen region 32 48 track=4')) as Listen;
  assert.deepEqual(
    r.tracks.filter((x) => !x.silent && x.type !== 'effect').map((x) => x.name),
    ['Bass'],
    'only the Bass (and the effect tracks it sends to) sound',
  );
  const notes = clips.flatMap((c) => c.notes.map((n) => ({ beat: c.start + n.start, pitch: n.pitch }))).filter((n) => n.beat >= 32 && n.beat < 47);
  assert.ok(notes.length >= 6);
  for (const n of notes) {
    const heard = r.monophonic_notes.find((m) => Math.abs(m.beat - n.beat) < 0.1);
    assert.ok(heard !== undefined, `a pitch at beat ${n.beat}`);
    assert.equal(heard.key, n.pitch, `beat ${n.beat}`);
  }
});

test('song-listen hears a mute (and the undo): the muted track is silent, the others are not', async (t) => {
  const s = await startStack(t);
  const token = (await s.ok('song-state')).project_token as string;
  // The Kick (track 1) muted in the verse, where it plays; the Bass (track 4) still sounds.
  await s.ok(`song-track-state ${token} 1 true false`);
  const muted = (await s.ok('song-listen region 32 36')) as Listen;
  assert.ok(muted.silent_tracks.includes(1));
  assert.ok(!muted.silent_tracks.includes(4));
  await s.ok('undo');
  const back = (await s.ok('song-listen region 32 36')) as Listen;
  assert.ok(!back.silent_tracks.includes(1));
});

test('song-listen refuses bad input with a clear code and changes nothing', async (t) => {
  const s = await startStack(t);
  await refusedUnchanged(s, 'song-listen region 8 4', 'invalid_argument', 'reversed_region');
  await refusedUnchanged(s, 'song-listen region 0 1000', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'song-listen region -1 4', 'invalid_argument', 'out_of_range');
  await refusedUnchanged(s, 'song-listen region 0 4 track=40', 'not_found');
  await refusedUnchanged(s, 'song-listen region 0 4 track=9', 'invalid_argument', 'not_soloable');
  await refusedUnchanged(s, 'song-listen live 5', 'invalid_argument', 'live_off');
  await refusedUnchanged(s, 'song-listen live 99', 'invalid_argument');
  await refusedUnchanged(s, 'song-listen sideways 1', 'invalid_argument');
  await refusedUnchanged(s, 'song-listen region 0 4 clip clip', 'invalid_argument');
  await refusedUnchanged(s, 'song-listen region 0 4 loud', 'invalid_argument');
  await refusedUnchanged(s, 'song-listen region 0', 'invalid_argument');
});
