// True peak against sox: the largest magnitude of the signal upsampled to 192 kHz by sox's
// very-high-quality resampler. truePeak interpolates only beside the samples that are a local
// maximum or minimum; these signals put their peaks between samples (sines whose crests fall
// between two, near Nyquist too), and a saw chord and noise bursts put them everywhere.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { samplePeak, toDb } from '../../../src/sound/audio/loudness.js';
import { TruePeakMeter, truePeak } from '../../../src/sound/audio/true-peak.js';
import type { OfflineRender } from '../../../src/sound/audio/offline.js';
import { clip, dev, project, render, soxStat, track } from './helpers.js';

const RATE = 48000;

function signal(left: Float32Array, right = left): OfflineRender {
  return { left, right, sampleRate: RATE, fromBeat: 0, seconds: left.length / RATE, notRendered: [] };
}

/** sox's 4× upsampled peak, in dB. */
function soxTruePeakDb(r: OfflineRender): number {
  const s = soxStat(r, ['rate', '-v', String(4 * RATE)]);
  return toDb(Math.max(s['Maximum amplitude'], -s['Minimum amplitude']));
}

/**
 * A 2 s cosine at `hz`, shifted by `offset` samples, amplitude 0.5, faded in and out over 50 ms
 * (a step at either end would ring above the sine's own peak).
 */
function sine(hz: number, offset: number): Float32Array {
  const x = new Float32Array(2 * RATE);
  const fade = 0.05 * RATE;
  for (let i = 0; i < x.length; i++) {
    const edge = Math.min(1, i / fade, (x.length - 1 - i) / fade);
    x[i] = 0.5 * edge * Math.cos(2 * Math.PI * hz * ((i + offset) / RATE));
  }
  return x;
}

/** Seeded noise bursts (10 ms on, 40 ms off), amplitude 0.7, low-passed by a 2-point average. */
function bursts(): Float32Array {
  const x = new Float32Array(RATE);
  let seed = 12345;
  for (let i = 0; i < x.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    x[i] = i % 2400 < 480 ? 0.7 * (seed / 2 ** 32 - 0.5) * 2 : 0;
  }
  for (let i = x.length - 1; i > 0; i--) x[i] = 0.5 * (x[i] + x[i - 1]);
  return x;
}

test('true peak agrees with sox 192 kHz within 0.05 dB, above the sample peak where a crest falls between samples', () => {
  // At a quarter and a third of the rate, these offsets put every crest between two samples: 3 dB and 1.25 dB above them.
  const crestsBetween = new Map([
    [12000, 0.5],
    [16000, 0.25],
  ]);
  for (const hz of [997, 5000, 11025, 12000, 16000, 19000]) {
    const x = sine(hz, crestsBetween.get(hz) ?? 0.25);
    const ours = toDb(truePeak([x, x]));
    const sox = soxTruePeakDb(signal(x));
    assert.ok(Math.abs(ours - sox) <= 0.05, `${hz} Hz: ours ${ours.toFixed(3)} dB, sox ${sox.toFixed(3)} dB`);
    assert.ok(Math.abs(ours - toDb(0.5)) <= 0.05, `${hz} Hz: ours ${ours.toFixed(3)} dB, the sine's crest −6.02 dB`);
    if (crestsBetween.has(hz)) assert.ok(ours > toDb(samplePeak([x])) + 1, `${hz} Hz: the crest between samples is read`);
  }
  const noise = bursts();
  const ours = toDb(truePeak([noise, noise]));
  const sox = soxTruePeakDb(signal(noise));
  assert.ok(Math.abs(ours - sox) <= 0.05, `noise bursts: ours ${ours.toFixed(3)} dB, sox ${sox.toFixed(3)} dB`);
});

test('true peak of a bright saw chord agrees with sox within 0.05 dB', () => {
  const saw = dev('Polysynth', { WAVE: 0, CUTOFF: 1, RESONANCE: 0, ATTACK: 0, DECAY: 0, SUSTAIN: 1, VOICES: 4 });
  const chord = clip(
    0,
    4,
    [60, 64, 67, 83].map((k) => [k, 0, 4]),
  );
  const r = render(project([track('Saw', [saw], [chord])]), { seconds: 2 });
  const ours = toDb(truePeak([r.left, r.right]));
  const sox = soxTruePeakDb(r);
  assert.ok(Math.abs(ours - sox) <= 0.05, `ours ${ours.toFixed(3)} dB, sox ${sox.toFixed(3)} dB`);
});

test('true peak reads a crest between samples in the last samples of a signal, at every length around the scan windows', () => {
  // A 12 kHz burst with its crests between samples, under a 31-sample Hann window that ends on the
  // signal's last sample: the crest sits 8–20 samples from the end, where the scan's window runs out.
  for (const length of [60, 16_390, 16_406, 16_420, 16_447, 32_800]) {
    const x = new Float32Array(length);
    for (let k = 0; k < 31; k++) x[length - 31 + k] = 0.5 * Math.sin((Math.PI * k) / 30) ** 2 * Math.cos(2 * Math.PI * 0.25 * (k + 0.5));
    const ours = toDb(truePeak([x, x]));
    const sox = soxTruePeakDb(signal(x));
    assert.ok(Math.abs(ours - sox) <= 0.05, `${length} samples: ours ${ours.toFixed(3)} dB, sox ${sox.toFixed(3)} dB`);
    assert.ok(ours > toDb(samplePeak([x])) + 1, `${length} samples: the crest between samples is read`);
  }
});

test('true peak of clipped passages (plateaus) agrees with sox, whole or streamed', () => {
  // A driven sine and a saw-like ramp hard-clipped at ±0.5 and at +0.45/−0.35 (sox reads no further than full scale): plateaus of 3 to 400
  // samples, whose edges ring past the clip level between samples.
  const cases: [string, (i: number) => number][] = [
    ['sine ×4 at 110 Hz', (i) => 4 * Math.sin((2 * Math.PI * 110 * i) / RATE)],
    ['sine ×1.5 at 2.3 kHz', (i) => 1.5 * Math.sin((2 * Math.PI * 2300 * i) / RATE)],
    ['ramp ×3 at 55 Hz', (i) => 3 * (((55 * i) / RATE) % 1) - 1.5],
  ];
  for (const [name, f] of cases)
    for (const [top, bottom] of [
      [0.5, -0.5],
      [0.45, -0.35],
    ]) {
      const x = new Float32Array(RATE / 2);
      for (let i = 0; i < x.length; i++) x[i] = Math.max(bottom, Math.min(top, f(i)));
      const whole = truePeak([x, x]);
      const meter = new TruePeakMeter(2);
      for (let at = 0; at < x.length; at += 128) meter.push([x.subarray(at, at + 128), x.subarray(at, at + 128)], Math.min(128, x.length - at));
      assert.equal(meter.finish(), whole, `${name}, clipped at ${top}/${bottom}: streamed and whole agree`);
      const sox = soxTruePeakDb(signal(x));
      assert.ok(Math.abs(toDb(whole) - sox) <= 0.05, `${name}, clipped at ${top}/${bottom}: ours ${toDb(whole).toFixed(3)} dB, sox ${sox.toFixed(3)} dB`);
      assert.ok(whole >= top, `${name}: at least the clip level`);
    }
});

/**
 * The 4× interpolation at every point, as the filter is specified (a 193-tap Kaiser-windowed sinc,
 * β 8, cut off at the original Nyquist and centred on a sample; zeros outside the signal): the
 * largest magnitude. Summed here in its own order, so it agrees with truePeak to rounding.
 */
function exhaustiveTruePeak(x: Float32Array): number {
  const i0 = (v: number): number => {
    let sum = 1;
    let term = 1;
    for (let k = 1; k < 40; k++) {
      term *= (v / 2 / k) ** 2;
      sum += term;
    }
    return sum;
  };
  const h = Float64Array.from({ length: 193 }, (_, i) => {
    const t = (i - 96) / 4;
    return ((t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t)) * i0(8 * Math.sqrt(1 - ((i - 96) / 96) ** 2))) / i0(8);
  });
  let peak = 0;
  for (let i = 0; i < x.length; i++)
    for (let p = 0; p < 4; p++) {
      let sum = 0;
      for (let k = 0; k < 48; k++) {
        const j = i + 24 - k;
        if (j >= 0 && j < x.length) sum += h[4 * k + p] * x[j];
      }
      peak = Math.max(peak, Math.abs(sum));
    }
  return peak;
}

test('true peak of clipped passages with clicks equals the interpolation at every point', () => {
  // Seeded driven sines with clicks (up to 3× the sine) clipped at +0.45/−0.5: plateaus of every
  // length, interrupted and cut short by clicks, where a plateau's bound lets the scan skip intervals.
  let seed = 7;
  const rnd = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let t = 0; t < 24; t++) {
    const x = new Float32Array(2000 + Math.floor(rnd() * 8000));
    const drive = 1 + rnd() * 6;
    const f = rnd() * 0.3;
    for (let i = Math.floor(rnd() * 300); i < x.length; i++) {
      const click = rnd() < 0.01 ? 3 * rnd() : 0;
      x[i] = Math.max(-0.5, Math.min(0.45, 0.5 * (drive * Math.sin(2 * Math.PI * f * i) + click)));
    }
    const whole = truePeak([x]);
    const exhaustive = exhaustiveTruePeak(x);
    assert.ok(Math.abs(whole - exhaustive) <= 1e-9 * exhaustive, `signal ${t}: ${whole} against ${exhaustive} at every point`);
    const meter = new TruePeakMeter(1);
    for (let at = 0; at < x.length; at += 128) meter.push([x.subarray(at, at + 128)], Math.min(128, x.length - at));
    assert.equal(meter.finish(), whole, `signal ${t}: streamed and whole agree`);
  }
});

test('true peak of channels alike for a while: a crest between samples in one channel alone is read wherever they part', () => {
  // A mono sine in both channels (a meter scans the first for both while they stay alike), then a 12 kHz burst in the
  // right channel alone whose crests fall between samples, 3 dB above its samples, at points either side of a
  // window's scan (16,416 samples, which reads 32 more), whole, block by block, and written into the meter's windows.
  const x = sine(997, 0);
  for (const parting of [100, 16400, 16440, 40000]) {
    const right = x.slice();
    for (let i = 0; i < 200; i++) right[parting + i] = 0.9 * Math.sin((Math.PI * i) / 199) ** 2 * Math.cos(2 * Math.PI * 0.25 * (i + 0.5));
    const apart = Math.max(truePeak([x]), truePeak([right]));
    assert.ok(apart > 0.85 && apart > samplePeak([right]) * 1.3, `parting at ${parting}: the crest between samples, ${apart}`);
    assert.equal(truePeak([x, right]), apart, `parting at ${parting}: whole`);
    const pushed = new TruePeakMeter(2);
    const written = new TruePeakMeter(2);
    let peak = 0;
    for (let at = 0; at < x.length; at += 128) {
      const n = Math.min(128, x.length - at);
      const block = [x.subarray(at, at + n), right.subarray(at, at + n)];
      pushed.push(block, n);
      const into = written.inputAt;
      block.forEach((c, k) => written.input(k).set(c, into));
      peak = Math.max(peak, samplePeak(block));
      written.pushed(n, peak, at + n <= parting);
    }
    assert.equal(pushed.finish(), apart, `parting at ${parting}: pushed block by block`);
    assert.equal(written.finish(), apart, `parting at ${parting}: written into the meter's windows`);
  }
  const alike = new TruePeakMeter(2);
  for (let at = 0; at < x.length; at += 128) alike.push([x.subarray(at, at + 128), x.subarray(at, at + 128)], Math.min(128, x.length - at));
  assert.equal(alike.finish(), truePeak([x]), 'alike throughout: the first channel’s true peak');
});
