import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { startShow } from '../../helpers/show.js';
import { startSound, tempDir } from './helpers.js';

test('song_listen over MCP: figures as structured content, the clip as an audio block, the spectrogram as an image block', async (t) => {
  const show = await startShow(t);
  const result = await show.client.callTool({ name: 'song_listen', arguments: { region: { from_beat: 0, to_beat: 8 }, clip: true, spectrogram: true } });
  assert.notEqual(result.isError, true, JSON.stringify(result.content).slice(0, 300));
  const blocks = result.content as { type: string; data?: string; mimeType?: string; text?: string }[];
  assert.deepEqual(
    blocks.map((b) => b.type),
    ['text', 'audio', 'image'],
  );
  const payload = result.structuredContent as {
    ok: boolean;
    native: { integrated_lufs: number; verified: boolean; clip: { base64: string }; tracks: unknown[] };
  };
  assert.equal(blocks[0].text, JSON.stringify(payload));
  assert.equal(payload.ok, true);
  assert.equal(payload.native.verified, false);
  assert.ok(payload.native.integrated_lufs < -6 && payload.native.integrated_lufs > -30);
  assert.equal(payload.native.clip.base64, '(in the audio content block)', 'the clip is not duplicated in the text');
  const wav = Buffer.from(blocks[1].data!, 'base64');
  assert.equal(blocks[1].mimeType, 'audio/wav');
  assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
  assert.ok(wav.length <= 44 + 5 * 48000 * 2, 'the clip keeps its bound');
  const png = PNG.sync.read(Buffer.from(blocks[2].data!, 'base64'));
  assert.equal(blocks[2].mimeType, 'image/png');
  assert.deepEqual([png.width, png.height], [320, 160]);
});

test('song_listen refuses bad input with a clear code and changes nothing', async (t) => {
  const show = await startShow(t);
  const before = show.app.sound.fingerprint();
  const depth = show.app.engine.history.undoDepth;
  assert.match(await show.callError('song_listen', {}), /^invalid_argument: give exactly one of region or live_seconds/);
  assert.match(await show.callError('song_listen', { region: { from_beat: 0, to_beat: 4 }, live_seconds: 2 }), /^invalid_argument/);
  assert.match(await show.callError('song_listen', { live_seconds: 99 }), /^invalid_argument/);
  assert.match(await show.callError('song_listen', { region: { from_beat: -1, to_beat: 4 } }), /^invalid_argument/);
  const backwards = await show.call('song_listen', { region: { from_beat: 8, to_beat: 4 } });
  assert.deepEqual([backwards.ok, backwards.code, backwards.reason], [false, 'invalid_argument', 'reversed_region']);
  const live = await show.call('song_listen', { live_seconds: 2 });
  assert.deepEqual([live.ok, live.reason], [false, 'live_off'], 'tests run no live engine');
  assert.equal(show.app.sound.fingerprint(), before);
  assert.equal(show.app.engine.history.undoDepth, depth);
});

test('song_listen answers a summary by default: a coarse timeline with the same loudness, exact counts; detail full keeps every series', async (t) => {
  const show = await startShow(t);
  const region = { from_beat: 0, to_beat: 64 };
  const summary = await show.call('song_listen', { region });
  const full = await show.call('song_listen', { region, detail: 'full' });
  const s = summary.native;
  const f = full.native;
  assert.ok(JSON.stringify(summary).length < 16_000, `summary ${JSON.stringify(summary).length} bytes`);
  assert.ok(JSON.stringify(full).length > JSON.stringify(summary).length);
  assert.ok(f.over_time.length > 12 && s.over_time.length <= 12, `${f.over_time.length} → ${s.over_time.length}`);
  for (const k of ['integrated_lufs', 'true_peak_dbtp', 'peak_dbfs', 'rms_dbfs', 'onset_count', 'tracks', 'silent_tracks', 'clipping_tracks', 'tempo_estimate'])
    assert.deepEqual(s[k], f[k], k);
  assert.deepEqual(s.onsets, f.onsets.slice(0, 16));
  assert.match(s.summarized, /detail: "full"/);
  assert.equal(f.summarized, undefined);
  // Each coarse segment is the power mean of the segments it merges.
  const per = Math.ceil(f.over_time.length / 12);
  const run = f.over_time.slice(per, 2 * per);
  const power = run.reduce((a: number, x: { rms_dbfs: number }) => a + 10 ** (x.rms_dbfs / 10), 0) / run.length;
  assert.equal(s.over_time[1].t, run[0].t);
  assert.ok(Math.abs(s.over_time[1].rms_dbfs - 10 * Math.log10(power)) < 0.06, `${s.over_time[1].rms_dbfs} vs ${10 * Math.log10(power)}`);
});

test('song_listen reference over MCP: the comparison leads a summary under 16 KB; outside the folder and no folder are refused, nothing changed', async (t) => {
  const root = await tempDir(t);
  const folder = join(root, 'samples');
  mkdirSync(folder);
  // A mono 44.1 kHz reference of pink noise, 3 s: shorter than the region, so the comparison covers 3 s.
  execFileSync('sox', ['-n', '-r', '44100', '-c', '1', '-b', '16', join(folder, 'pink.wav'), 'synth', '3', 'pinknoise', 'gain', '-20']);
  execFileSync('sox', ['-n', '-r', '48000', '-b', '16', join(root, 'outside.wav'), 'synth', '1', 'sine', '440']);
  const show = await startSound(t, { samples: folder });
  const r = await show.call('song_listen', { region: { from_beat: 0, to_beat: 64 }, reference: 'pink.wav' });
  assert.ok(JSON.stringify(r).length < 16_000, `${JSON.stringify(r).length} bytes`);
  assert.deepEqual(Object.keys(r.native).slice(0, 3), ['ok', 'source', 'comparison'], 'summary first: the comparison leads');
  const c = r.native.comparison;
  assert.deepEqual(c.reference, { path: 'pink.wav', seconds: 3, sample_rate: 44100, channels: 1, resampled: true });
  assert.equal(c.compared_seconds, 3);
  assert.equal(c.bands.length, 10);
  assert.equal(typeof c.verdict, 'string');
  assert.equal(c.lufs_difference, Math.round((c.render_lufs - c.reference_lufs) * 100) / 100);

  const before = show.app.sound.fingerprint();
  const depth = show.app.engine.history.undoDepth;
  const out = await show.call('song_listen', { region: { from_beat: 0, to_beat: 4 }, reference: '../outside.wav' });
  assert.deepEqual([out.ok, out.code, out.reason], [false, 'invalid_argument', 'outside_sample_folder']);
  const missing = await show.call('song_listen', { region: { from_beat: 0, to_beat: 4 }, reference: 'gone.wav' });
  assert.deepEqual([missing.ok, missing.code], [false, 'not_found']);
  assert.equal(show.app.sound.fingerprint(), before);
  assert.equal(show.app.engine.history.undoDepth, depth);

  const bare = await startShow(t);
  const none = await bare.call('song_listen', { region: { from_beat: 0, to_beat: 4 }, reference: 'pink.wav' });
  assert.deepEqual([none.ok, none.code, none.reason], [false, 'invalid_argument', 'no_sample_folder']);
  assert.match(none.error, /--samples DIR \(footlight serve/);
});
