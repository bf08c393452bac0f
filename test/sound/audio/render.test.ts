import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import tm from '@tonejs/midi';
import { integratedLoudness, toDb } from '../../../src/sound/audio/loudness.js';
import { truePeak } from '../../../src/sound/audio/true-peak.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import { demoProject } from '../../../src/sound/demo.js';
import { extractNotes, parseType1 } from '../../../src/sound/model/midi.js';
import type { ClipJson } from '../../../src/sound/model/components.js';
import { onsets, project, render, sine, soxStatFile, track } from './helpers.js';

const { Midi } = tm;
const ROOT = new URL('../../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'footlight-render-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/footlight.js'), ...args], { encoding: 'utf8', env: { ...process.env, FOOTLIGHT_HOME: dir } });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

test('render-sound --seconds 8: a non-silent, unclipped 48 kHz stereo WAV of the demo; sox agrees with the summary; a second render is byte-identical', () => {
  const a = join(dir, 'a.wav');
  const b = join(dir, 'b.wav');
  const first = cli('render-sound', '--seconds', '8', '--out', a);
  assert.equal(first.status, 0, first.stderr);
  const second = cli('render-sound', '--seconds', '8', '--out', b);
  assert.equal(second.status, 0, second.stderr);
  assert.equal(sha(a), sha(b));
  const info = spawnSync('soxi', [a], { encoding: 'utf8' }).stdout;
  assert.match(info, /Channels\s*:\s*2/);
  assert.match(info, /Sample Rate\s*:\s*48000/);
  assert.match(info, /Precision\s*:\s*24-bit/);
  const s = soxStatFile(a);
  assert.equal(s['Length (seconds)'], 8);
  assert.ok(s['RMS amplitude'] > 0.02, `RMS ${s['RMS amplitude']}`);
  const peak = Math.max(s['Maximum amplitude'], -s['Minimum amplitude']);
  assert.ok(peak < 1, `peak ${peak}`);
  const m = /peak (-?[\d.]+) dBFS, true peak (-?[\d.]+) dBTP, integrated (-?[\d.]+) LUFS, 0 clipped samples/.exec(first.stdout);
  assert.ok(m !== null, first.stdout);
  assert.ok(Math.abs(Number(m[1]) - 20 * Math.log10(peak)) < 0.01, `summary peak ${m[1]} vs sox ${20 * Math.log10(peak)}`);
  // Every track of the demo renders (an audio track's input would be listed on stderr: below).
  assert.doesNotMatch(first.stderr, /not rendered/);
  // docs/audio-engine.md shows this very summary: its figures are the product's (the speed depends on the machine).
  const doc = /```\n(demo\.wav: 8\.000 s from beat 0[^\n]*)\n```/.exec(readFileSync(join(ROOT, 'docs/audio-engine.md'), 'utf8'));
  assert.ok(doc !== null, 'docs/audio-engine.md shows the summary line of render-sound --seconds 8');
  const figures = (line: string): string => line.replace(/^.*?: /, '').replace(/; rendered at .*$/, '');
  assert.equal(figures(doc[1]), figures(first.stdout.trim().split('\n').at(-1)!), 'docs/audio-engine.md: the summary figures of the demo, as rendered now');
});

test('render-sound refuses bad input with a clear message and writes nothing', () => {
  const out = join(dir, 'never.wav');
  const both = cli('render-sound', '--seconds', '2', '--from', '1', '--out', out);
  assert.equal(both.status, 1);
  assert.match(both.stderr, /--seconds or --from\/--to/);
  const backwards = cli('render-sound', '--from', '4', '--to', '2', '--out', out);
  assert.equal(backwards.status, 1);
  const long = cli('render-sound', '--seconds', '100000', '--out', out);
  assert.equal(long.status, 1);
  assert.match(long.stderr, /at most 3600 s/);
  const missing = cli('render-sound', '--project', join(dir, 'nope'), '--out', out);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /not_found/);
  assert.equal(spawnSync('test', ['-e', out]).status, 1);
});

test('render-sound --project renders a saved sound project; --from/--to sets the range; what it cannot play is said on stderr', () => {
  const pdir = join(dir, 'proj');
  const json = project([
    track('Sine', [sine()], [{ name: 'c', start: 0, length: 8, loop_enabled: false, loop_start: 0, loop_length: 8, notes: [[69, 0, 8, 100, 0]] }]),
    track('Mic', [], [], { type: 'audio' }),
  ]);
  spawnSync('mkdir', ['-p', join(pdir, 'PromptTrack')]);
  writeFileSync(
    join(pdir, 'PromptTrack', 'PromptTrack.bwproject'),
    JSON.stringify({ format: 'footlight.sound-project', version: 1, saved_by: { host: 'test', version: '0' }, project: json }),
  );
  const out = join(dir, 'p.wav');
  const r = cli('render-sound', '--project', pdir, '--from', '2', '--to', '6', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(soxStatFile(out)['Length (seconds)'], 2);
  // The audio track is input-only: said, not silently dropped.
  assert.match(r.stderr, /not rendered: Mic/);
});

test('integrated loudness and true peak agree with ffmpeg ebur128; a −20 dBFS 1 kHz stereo sine is −20 LUFS', () => {
  const sr = 48000;
  const tone = Float32Array.from({ length: sr * 5 }, (_, i) => 0.1 * Math.sin((2 * Math.PI * 997 * i) / sr));
  assert.ok(Math.abs(integratedLoudness([tone, tone], sr) - -20) < 0.05);
  const demo = render(demoProject(), { seconds: 14 });
  const wav = encodeWav24([demo.left, demo.right], sr);
  const file = join(dir, 'demo.wav');
  writeFileSync(file, wav.bytes);
  const ff = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const summary = ff.slice(ff.lastIndexOf('Summary:'));
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const tp = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  assert.ok(Math.abs(integratedLoudness(wav.written, sr) - lufs) <= 0.1, `ours ${integratedLoudness(wav.written, sr)} vs ffmpeg ${lufs}`);
  assert.ok(Math.abs(toDb(truePeak(wav.written)) - tp) <= 0.2, `ours ${toDb(truePeak(wav.written))} vs ffmpeg ${tp}`);
});

test("imported MIDI: onsets land within 1 ms of the notes' beats at the project tempo", () => {
  const m = new Midi();
  m.header.setTempo(120);
  const t = m.addTrack();
  // Off-grid ticks, so rounding to samples is exercised.
  const ticks = [0, 337, 960, 1401, 2000, 2881, 3500];
  for (const tick of ticks) t.addNote({ midi: 69, ticks: tick, durationTicks: 60, velocity: 0.8 });
  const notes = extractNotes(parseType1(Uint8Array.from(m.toArray()))).tracks[0].notes;
  const tempo = 93;
  const c: ClipJson = {
    name: 'Imported',
    start: 0,
    length: 16,
    loop_enabled: false,
    loop_start: 0,
    loop_length: 16,
    notes: notes.map((n) => [n.pitch, n.start, n.duration, n.velocity, n.channel] as const),
  };
  const r = render(project([track('Imported', [sine({ WAVE: 0, RELEASE: 0 })], [c])], { tempo }), { seconds: 6 });
  const found = onsets(r.left, 1e-3, 200);
  assert.equal(found.length, ticks.length);
  notes.forEach((n, i) => {
    const expected = (n.start * 60) / tempo;
    assert.ok(Math.abs(found[i] / r.sampleRate - expected) <= 0.001, `note ${i}: ${found[i] / r.sampleRate} s vs ${expected} s`);
  });
});
