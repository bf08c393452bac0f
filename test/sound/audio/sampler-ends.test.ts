// The Sampler's ends (issue #28's kit-samples row): every sample fades out at its end, and tonal
// samples sustain on a crossfaded loop while the key is held. Measured by sox on the render, not
// by the engine: sox high-passes it at 3 kHz over a window and reads the peak in dB below the
// render's own. A kick's 45 Hz tail, a tom's 98 Hz and a C3 tone have nothing above 3 kHz there
// but a click (before these fades: Kick −37.3, Low Tom −35.7 dB; a held tone cut at 3 s −20.7 dB).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SAMPLER_SAMPLES } from '../../../src/sound/audio/dsp/kit.js';
import type { NativeValue } from '../../../src/sound/model/components.js';
import { clip, dev, project, render, rms, soxStat, track } from './helpers.js';

const RATE = 48_000;
const sample = (name: string) => SAMPLER_SAMPLES.indexOf(name);
const play = (params: Record<string, NativeValue>, notes: [number, number, number][], seconds: number) =>
  render(project([track('Sampler', [dev('Sampler', params)], [clip(0, 16, notes)])]), { seconds });

/** The peak above 3 kHz from `at` for `length` seconds, in dB below the render's peak (sox). */
function clickDb(r: ReturnType<typeof play>, at: number, length: number): number {
  const peak = soxStat(r)['Maximum amplitude'];
  const click = soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', String(at), String(length)])['Maximum amplitude'];
  return 20 * Math.log10(click / peak);
}

const dbRatio = (a: number, b: number) => 20 * Math.log10(a / b);

for (const [name, key, end] of [
  ['Kick', 36, 0.5],
  ['Low Tom', 45, 0.6],
] as const) {
  test(`sampler ends: the kit's ${name} fades out at its end; no click above −80 dB (sox)`, () => {
    const r = play({ SAMPLE: 0 }, [[key, 0, 0.1]], 1);
    const db = clickDb(r, end - 0.1, 0.3);
    assert.ok(db < -80, `${name} end ${db.toFixed(1)} dB below the peak`);
  });
}

test('sampler ends: a reversed sample plays from its end to its start', () => {
  const r = play({ SAMPLE: sample('Kick'), ROOT_KEY: 60, REVERSE: 1 }, [[60, 0, 0.1]], 1);
  // The kick's loud start comes last: louder in its final 50 ms than in its first.
  assert.ok(rms(r.left, 0.44 * RATE, 0.49 * RATE) > 10 * rms(r.left, 0, 0.05 * RATE));
});

for (const name of ['Sine Tone', 'Electric Piano', 'Sub Bass']) {
  test(`sampler ends: ${name} sustains on its loop while held (6 s of a 3 s sample), without a click (sox)`, () => {
    // C3 (the root) held for 12 beats = 6 s at 120 BPM.
    const r = play({ SAMPLE: sample(name) }, [[60, 0, 12]], 6.5);
    const at = (s: number) => rms(r.left, Math.round(s * RATE), Math.round(s * RATE) + 4800);
    // The loop starts at 1.5 s: from there the level holds.
    for (const s of [2.9, 3.5, 5.5]) assert.ok(Math.abs(dbRatio(at(s), at(1.6))) < 0.5, `${name} at ${s} s: ${dbRatio(at(s), at(1.6)).toFixed(2)} dB`);
    // From just before the loop (its samples before 1.4 s hold their own attack's partials).
    const db = clickDb(r, 1.4, 4.5);
    assert.ok(db < -80, `${name} held ${db.toFixed(1)} dB below the peak`);
  });
}

test('sampler ends: a released tone fades out over its Release, looping on', () => {
  // Released at 4 s (past the sample's 3 s), Release 0.5 = 45 ms to −60 dB.
  const r = play({ SAMPLE: sample('Sine Tone'), RELEASE: 0.5 }, [[60, 0, 8]], 5);
  const window = (s: number, e: number) => rms(r.left, Math.round(s * RATE), Math.round(e * RATE));
  const held = window(3.9, 4);
  assert.ok(held > 0.05, 'still sounding when released');
  assert.ok(window(4.02, 4.03) < held / 10, 'fading 20 ms after the release');
  assert.ok(window(4.2, 5) < held * 1e-4, 'silent 200 ms after the release');
  const db = clickDb(r, 3.9, 0.3);
  assert.ok(db < -60, `release ${db.toFixed(1)} dB below the peak`);
});
