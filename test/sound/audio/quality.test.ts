// Issue #28's quality table, row by row (bench/audio-quality.ts prints the same rows). Aliasing:
// band-limited oscillators, FM-4 and Distortion oversampled; each row renders a device offline and
// fft.js reads the strongest non-harmonic peak relative to the fundamental. Clicks, voice ends and
// the reverb: sox on the render (quality-clicks.ts). Before: saw −42.6 / −25.5 dB at
// 988 / 7040 Hz, pulse −42.6 / −33.3, FM-4 ratio 16 −19.0, Distortion −51.1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Ladder, resonanceDamping, Svf } from '../../../src/sound/audio/dsp/filters.js';
import { CLIPPER_LATENCY, Clipper4x } from '../../../src/sound/audio/dsp/clipper-4x.js';
import { Oversampler } from '../../../src/sound/audio/dsp/oversampler.js';
import { meets, QUALITY_ROWS } from './quality.js';
import { clip, dev, peakFrequency, project, render, rms, track } from './helpers.js';

for (const row of QUALITY_ROWS)
  test(`quality: ${row.name} ${row.atLeast === true ? '≥' : '≤'} ${row.target} dB`, () => {
    const db = row.measure();
    assert.ok(meets(row, db), `${row.name}: ${db.toFixed(1)} dB`);
  });

test('oversampler: up then down is the input delayed by its whole-sample latency, within −85 dB up to 15 kHz', () => {
  for (const factor of [2, 4, 8] as const) {
    const os = new Oversampler(factor);
    assert.equal(Number.isInteger(os.latency), true);
    const x = (i: number): number => 0.5 * Math.sin((2 * Math.PI * 1000.3 * i) / 48_000) + 0.3 * Math.sin((2 * Math.PI * 15_000 * i) / 48_000);
    // Blocks of 100 samples: the block edges fall anywhere in the filters' histories.
    const y = new Float32Array(100);
    const block = new Float32Array(100);
    let err = 0;
    for (let b = 0; b < 40; b++) {
      for (let i = 0; i < 100; i++) block[i] = x(b * 100 + i);
      os.up(block, 100);
      os.down(100, y);
      for (let i = 0; i < 100; i++) if (b >= 10) err = Math.max(err, Math.abs(y[i] - x(b * 100 + i - os.latency)));
    }
    assert.ok(20 * Math.log10(err) < -85, `${factor}×: ${(20 * Math.log10(err)).toFixed(1)} dB`);
  }
});

test('Clipper4x: a signal too quiet to clip comes back at its level to 20 kHz (an all-pass round trip), about 3 samples late', () => {
  const gains = new Float64Array(100).fill(1);
  for (const f of [100, 1000, 5000, 10_000, 15_000, 20_000]) {
    const clipper = new Clipper4x();
    const block = new Float32Array(100);
    // The response's sine and cosine parts over its last 0.1 s, whole cycles of every f (blocks of 100: edges anywhere in the state).
    let sin = 0;
    let cos = 0;
    for (let b = 0; b < 100; b++) {
      for (let i = 0; i < 100; i++) block[i] = 1e-3 * Math.sin((2 * Math.PI * f * (b * 100 + i)) / 48_000);
      clipper.run(block, 100, gains);
      for (let i = 0; i < 100 && b >= 52; i++) {
        const w = (2 * Math.PI * f * (b * 100 + i)) / 48_000;
        sin += block[i] * Math.sin(w);
        cos += block[i] * Math.cos(w);
      }
    }
    const db = 20 * Math.log10((2 * Math.hypot(sin, cos)) / 4800 / 1e-3);
    // The phase as a delay, the whole periods taken nearest the latency (up to 15 kHz, where a period is 3.2 samples).
    const period = 48_000 / f;
    const phase = (-Math.atan2(cos, sin) / (2 * Math.PI)) * period;
    const delay = phase + Math.round((CLIPPER_LATENCY - phase) / period) * period;
    assert.ok(Math.abs(db) < 0.01, `${f} Hz: ${db.toFixed(4)} dB`);
    if (f <= 15_000) assert.ok(Math.abs(delay - CLIPPER_LATENCY) < 0.75, `${f} Hz: ${delay.toFixed(2)} samples late`);
  }
});

test('Distortion: the dry path is delayed by the oversampled clipper, so Mix 50 % does not comb-filter', () => {
  // At 880 Hz a dry copy undelayed (or 32 samples off, the old FIR round trip) would comb.
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

const RATE = 48_000;

/** A filter's output to a short burst of a 1 kHz sine (20 ms), then silence, for `seconds`. */
function ring(tick: (x: number) => number, seconds: number): Float32Array {
  const out = new Float32Array(seconds * RATE);
  for (let i = 0; i < out.length; i++) out[i] = tick(i < 0.02 * RATE ? 0.1 * Math.sin((2 * Math.PI * 1000 * i) / RATE) : 0);
  return out;
}

test('SVF: quiet signals filter as the linear design (gain Q at the cutoff at Resonance 90 %), loud ones are limited', () => {
  const gainAt = (amplitude: number): number => {
    const f = new Svf();
    f.set(1000, resonanceDamping(0.9), RATE);
    let peak = 0;
    for (let i = 0; i < RATE; i++) {
      const y = f.tick(amplitude * Math.sin((2 * Math.PI * 1000 * i) / RATE), 0);
      if (i > RATE / 2) peak = Math.max(peak, Math.abs(y));
    }
    return 20 * Math.log10(peak / amplitude);
  };
  const q = 20 * Math.log10(1 / resonanceDamping(0.9));
  assert.ok(Math.abs(gainAt(0.01) - q) < 0.1, `−40 dBFS: ${gainAt(0.01).toFixed(2)} dB against Q ${q.toFixed(2)} dB`);
  assert.ok(gainAt(1) < 6, `0 dBFS: ${gainAt(1).toFixed(2)} dB`);
});

test('self-oscillation: the SVF and the ladder ring on at the cutoff at Resonance 100 %, and die away at 90 %', () => {
  const svf = (r: number) => {
    const f = new Svf();
    f.set(1000, resonanceDamping(r), RATE);
    return ring((x) => f.tick(x, 0), 2);
  };
  const ladder = (r: number) => {
    const f = new Ladder();
    f.set(1000, r, RATE);
    return ring((x) => f.tick(x), 2);
  };
  // The ladder's loop is only 5 % past critical at 100 %, so its saturator holds it lower.
  for (const [name, make, floor] of [
    ['SVF', svf, -20],
    ['Low-pass LD', ladder, -30],
  ] as const) {
    const on = make(1);
    const level = 20 * Math.log10(rms(on, 1.5 * RATE, 2 * RATE));
    assert.ok(level > floor, `${name} at 100 %: ${level.toFixed(1)} dBFS 1.5 s on`);
    const f = peakFrequency(on, 1.5 * RATE, 16_384, RATE);
    assert.ok(Math.abs(f / 1000 - 1) < 0.03, `${name} oscillates at ${f.toFixed(1)} Hz`);
    const off = 20 * Math.log10(rms(make(0.9), 1.5 * RATE, 2 * RATE));
    assert.ok(off < -100, `${name} at 90 %: ${off.toFixed(1)} dBFS 1.5 s on`);
  }
});
