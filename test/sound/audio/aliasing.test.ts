// No aliasing (issue #28): band-limited oscillators, FM-4 and Distortion oversampled. Each row of
// ALIAS_ROWS renders a device offline and fft.js reads the strongest non-harmonic peak relative to
// the fundamental (bench/audio-quality.ts prints the same rows). Before: saw −42.6 / −25.5 dB at
// 988 / 7040 Hz, pulse −42.6 / −33.3, FM-4 ratio 16 −19.0, Distortion −51.1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Oversampler } from '../../../src/sound/audio/dsp/oversampler.js';
import { ALIAS_ROWS } from './alias.js';
import { clip, dev, project, render, rms, track } from './helpers.js';

for (const row of ALIAS_ROWS)
  test(`aliasing: ${row.name} ≤ ${row.target} dB (fft.js)`, () => {
    const db = row.measure();
    assert.ok(db <= row.target, `${row.name}: ${db.toFixed(1)} dB`);
  });

test('oversampler: up then down is the input delayed by its whole-sample latency, within −85 dB up to 15 kHz', () => {
  for (const factor of [2, 4, 8] as const) {
    const os = new Oversampler(factor);
    assert.equal(Number.isInteger(os.latency), true);
    const x = (i: number): number => 0.5 * Math.sin((2 * Math.PI * 1000.3 * i) / 48_000) + 0.3 * Math.sin((2 * Math.PI * 15_000 * i) / 48_000);
    let err = 0;
    for (let i = 0; i < 4000; i++) {
      os.up(x(i));
      const y = os.down();
      if (i >= 1000) err = Math.max(err, Math.abs(y - x(i - os.latency)));
    }
    assert.ok(20 * Math.log10(err) < -85, `${factor}×: ${(20 * Math.log10(err)).toFixed(1)} dB`);
  }
});

test('Distortion: the dry path is delayed by the oversampler, so Mix 50 % does not comb-filter', () => {
  // At 880 Hz the oversampler's latency is most of a cycle: an undelayed dry copy would cancel.
  const level = (mix: number): number => {
    const syn = dev('Polysynth', { WAVE: 2, CUTOFF: 1, RESONANCE: 0, ATTACK: 0, DECAY: 0, SUSTAIN: 1 });
    const r = render(project([track('T', [syn, dev('Distortion', { DRIVE: 0, TONE: 1, MIX: mix })], [clip(0, 4, [[81, 0, 4]])])]), {
      fromBeat: 0,
      seconds: 0.5,
    });
    return rms(r.left, 12_000, 24_000);
  };
  const db = 20 * Math.log10(level(0.5) / level(1));
  assert.ok(Math.abs(db) < 0.2, `Mix 50 % is ${db.toFixed(2)} dB from Mix 100 %`);
});
