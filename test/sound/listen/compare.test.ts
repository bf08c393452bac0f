// Issue #28: song-listen compares a render against a reference file of the sample folder, per ISO
// octave band and in LUFS. The references are the host's own render (render-sound) and sox's
// changes of it; bad references are refused with nothing changed, history included.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type TestContext } from 'node:test';
import { b64, refusedUnchanged, startStack, tempDir, type Reply } from '../../protocol3/helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

type Band = { band: string; render_db: number | null; reference_db: number | null; difference_db: number | null };
type Comparison = {
  verdict: string;
  reference: { path: string; sample_rate: number; channels: number; resampled: boolean };
  compared_seconds: number;
  lufs_difference: number | null;
  bands: Band[];
};

/** A sample folder holding the demo's verse (beats 32–42) as render-sound writes it, and sox's changes of it; a file outside and a symlink out. */
async function references(t: TestContext): Promise<{ root: string; folder: string }> {
  const root = await tempDir(t, 'footlight-compare-');
  const folder = join(root, 'samples');
  mkdirSync(folder);
  const same = join(folder, 'same.wav');
  const cli = spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), 'render-sound', '--from', '32', '--to', '42', '--out', same], {
    encoding: 'utf8',
    env: { ...process.env, FOOTLIGHT_HOME: root },
  });
  assert.equal(cli.status, 0, cli.stderr);
  const sox = (out: string, ...effect: string[]) => execFileSync('sox', [same, '-b', '24', out, ...effect]);
  sox(join(folder, 'minus6.wav'), 'gain', '-6');
  sox(join(folder, 'lowpass.wav'), 'sinc', '-1000');
  sox(join(folder, 'highpass.wav'), 'sinc', '1000');
  execFileSync('sox', [same, '-b', '24', '-r', '44100', join(folder, 'at44k.flac')]);
  execFileSync('sox', [same, join(root, 'outside.wav')]);
  symlinkSync(join(root, 'outside.wav'), join(folder, 'link-out.wav'));
  return { root, folder };
}

const compare = async (s: Awaited<ReturnType<typeof startStack>>, path: string): Promise<Comparison> =>
  ((await s.ok(`song-listen region 32 42 reference=${b64(path)}`)) as Reply & { comparison: Comparison }).comparison;

const withEnergy = (c: Comparison): Band[] => c.bands.filter((b) => b.difference_db !== null);

test('song-listen reference: the same render matches within 0.1 dB per band, sox gain -6 reads -6 dB, a 44.1 kHz FLAC is resampled', async (t) => {
  const { folder } = await references(t);
  const s = await startStack(t, { samples: folder });
  const none = (await s.ok('song-listen region 32 36')) as Reply & { comparison: unknown };
  assert.equal(none.comparison, null);

  const same = await compare(s, 'same.wav');
  assert.equal(same.compared_seconds, 5);
  assert.deepEqual(same.reference, { path: 'same.wav', seconds: 5, sample_rate: 48000, channels: 2, resampled: false });
  assert.equal(same.bands.length, 10);
  assert.ok(withEnergy(same).length >= 8, JSON.stringify(same.bands));
  for (const b of withEnergy(same)) assert.ok(Math.abs(b.difference_db!) <= 0.1, `${b.band}: ${b.difference_db}`);
  assert.ok(Math.abs(same.lufs_difference!) <= 0.1);
  assert.match(same.verdict, /^matches the reference/);

  const quieter = await compare(s, 'minus6.wav');
  assert.deepEqual(
    withEnergy(quieter).map((b) => b.band),
    withEnergy(same).map((b) => b.band),
  );
  // render − reference: the reference is 6 dB down, so the render reads +6 dB in every band with energy.
  for (const b of withEnergy(quieter)) assert.ok(Math.abs(b.difference_db! - 6) <= 0.1, `${b.band}: ${b.difference_db}`);
  assert.ok(Math.abs(quieter.lufs_difference! - 6) <= 0.1);
  assert.match(quieter.verdict, /even level difference.*6 dB louder/);

  const resampled = await compare(s, 'at44k.flac');
  assert.equal(resampled.reference.resampled, true);
  assert.equal(resampled.reference.sample_rate, 44100);
  // 44.1 kHz keeps everything below 20 kHz: every band up to 8k still matches.
  for (const b of withEnergy(resampled).filter((x) => x.band !== '16k')) assert.ok(Math.abs(b.difference_db!) <= 0.1, `${b.band}: ${b.difference_db}`);
});

test('song-listen reference: a low-pass or high-pass reference differs only in the bands the filter removed', async (t) => {
  const { folder } = await references(t);
  const s = await startStack(t, { samples: folder });
  const low = await compare(s, 'lowpass.wav');
  const high = await compare(s, 'highpass.wav');
  const at = (c: Comparison, band: string): number | null => c.bands.find((b) => b.band === band)!.difference_db;
  // sox sinc -1000 keeps what is below 1 kHz: the bands up to 500 Hz match, 2k and up read the render louder.
  for (const band of ['63', '125', '250', '500']) assert.ok(Math.abs(at(low, band)!) <= 0.2, `lowpass ${band}: ${at(low, band)}`);
  for (const band of ['2k', '4k', '8k']) assert.ok(at(low, band) === null || at(low, band)! > 20, `lowpass ${band}: ${at(low, band)}`);
  for (const band of ['2k', '4k', '8k']) assert.ok(Math.abs(at(high, band)!) <= 0.2, `highpass ${band}: ${at(high, band)}`);
  for (const band of ['63', '125', '250']) assert.ok(at(high, band) === null || at(high, band)! > 20, `highpass ${band}: ${at(high, band)}`);
  assert.match(low.verdict, /^a tonal difference: .*only the render has energy in .*4k, 8k/);
  assert.match(high.verdict, /^a tonal difference: .*only the render has energy in .*63/);
});

test('song-listen reference: outside the folder, a symlink out, a missing file and no folder are refused, nothing changed', async (t) => {
  const { folder } = await references(t);
  const s = await startStack(t, { samples: folder });
  await refusedUnchanged(s, `song-listen region 32 36 reference=${b64('../outside.wav')}`, 'invalid_argument', 'outside_sample_folder');
  await refusedUnchanged(s, `song-listen region 32 36 reference=${b64('/etc/passwd.wav')}`, 'invalid_argument', 'outside_sample_folder');
  await refusedUnchanged(s, `song-listen region 32 36 reference=${b64('link-out.wav')}`, 'invalid_argument', 'outside_sample_folder');
  await refusedUnchanged(s, `song-listen region 32 36 reference=${b64('nothing.wav')}`, 'not_found');
  await refusedUnchanged(s, `song-listen region 32 36 reference=${b64('same.wav')} reference=${b64('same.wav')}`, 'invalid_argument');
  await refusedUnchanged(s, 'song-listen region 32 36 reference=not+base64', 'invalid_argument');
  const bare = await startStack(t);
  const r = await refusedUnchanged(bare, `song-listen region 32 36 reference=${b64('same.wav')}`, 'invalid_argument', 'no_sample_folder');
  assert.match(r.error as string, /--samples DIR/);
});
