import type { DeviceJson } from '../../../src/sound/model/components.js';
import { clip, dev, project, render, rms, track } from './helpers.js';
import FFT from 'fft.js';
import { CLICK_ROWS } from './quality-clicks.js';

/**
 * Aliasing of a periodic tone, measured by fft.js: the strongest spectral peak that is not a
 * harmonic of `fundamental` (Hz), in dB relative to the fundamental's peak, between 20 Hz and
 * `top` Hz (default Nyquist). `size` samples from `at` go through a 4-term Blackman–Harris window
 * (side lobes −92 dB); bins within ±8 of a harmonic (or of DC) belong to it.
 */
function aliasDb(x: Float32Array, at: number, size: number, sampleRate: number, fundamental: number, top = sampleRate / 2): number {
  const fft = new FFT(size);
  const input = new Array<number>(size);
  const w = (2 * Math.PI) / (size - 1);
  for (let i = 0; i < size; i++)
    input[i] = (x[at + i] ?? 0) * (0.35875 - 0.48829 * Math.cos(w * i) + 0.14128 * Math.cos(2 * w * i) - 0.01168 * Math.cos(3 * w * i));
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, input);
  const binHz = sampleRate / size;
  const spacing = fundamental / binHz;
  let fundamentalPeak = 0;
  let alias = 0;
  for (let k = Math.ceil(20 / binHz); k < size / 2 && k * binHz <= top; k++) {
    const m = Math.hypot(out[2 * k], out[2 * k + 1]);
    const harmonic = Math.round(k / spacing);
    if (Math.abs(k - harmonic * spacing) <= 8 || k <= 8) {
      if (harmonic === 1) fundamentalPeak = Math.max(fundamentalPeak, m);
    } else alias = Math.max(alias, m);
  }
  return 20 * Math.log10(alias / fundamentalPeak);
}

const RATE = 48_000;
/** Steady-state analysis window: 65,536 samples (1.37 s) after 0.25 s. */
const AT = 12_000;
const SIZE = 65_536;
const SECONDS = (AT + SIZE) / RATE + 0.05;

/** One held note on an instrument (and the effects after it), rendered offline. */
function held(devices: DeviceJson[], key: number): Float32Array {
  return render(project([track('T', devices, [clip(0, 8, [[key, 0, 8]])])]), { fromBeat: 0, seconds: SECONDS }).left;
}

const hz = (key: number): number => 440 * 2 ** ((key - 69) / 12);

export interface QualityRow {
  readonly name: string;
  /** The figure, in dB. */
  readonly measure: () => number;
  /** The figure must be at or below this (or at or above it, with `atLeast`). */
  readonly target: number;
  readonly atLeast?: boolean;
}

export const meets = (row: QualityRow, db: number): boolean => (row.atLeast === true ? db >= row.target : db <= row.target);

const polysynth = (wave: number) => dev('Polysynth', { WAVE: wave, CUTOFF: 1, RESONANCE: 0, ATTACK: 0, DECAY: 0, SUSTAIN: 1 });
/** FM-4 with a long decay, so the window sees a near-steady tone. */
const fm4 = (params: Record<string, number>) => dev('FM-4', { ATTACK: 0, DECAY: 1, ...params });

/**
 * Issue #28's aliasing and resonance rows. Aliasing: the alias level relative to the fundamental
 * of an offline render of the device (fft.js), oscillators over the whole band to Nyquist, FM-4
 * and Distortion in band (20 Hz–20 kHz); keys B5 988 Hz, A8 7040 Hz (key 117), A4 880 Hz, D#7
 * 4978 Hz. Resonance: the peak of a loud sine at the cutoff (bounded), and the level a
 * self-oscillating filter keeps after its input stops. Then the clicks, voice ends and reverb
 * (quality-clicks.ts): every row of the issue's table.
 */
export const QUALITY_ROWS: readonly QualityRow[] = [
  ...[
    ['saw', 0],
    ['pulse', 1],
  ].flatMap(([name, wave]) =>
    [83, 117].map((key) => ({
      name: `Polysynth ${name} at ${hz(key).toFixed(0)} Hz`,
      measure: () => aliasDb(held([polysynth(wave as number)], key), AT, SIZE, RATE, hz(key)),
      target: -70,
    })),
  ),
  {
    name: 'FM-4 ratio 16, default modulation, at 880 Hz',
    measure: () => aliasDb(held([fm4({ RATIO: 16 })], 81), AT, SIZE, RATE, hz(81), 20_000),
    target: -70,
  },
  {
    name: 'FM-4 default modulation (ratio 2), at 880 Hz',
    measure: () => aliasDb(held([fm4({})], 81), AT, SIZE, RATE, hz(81), 20_000),
    target: -70,
  },
  {
    name: 'Distortion, 24 dB drive, 4978 Hz sine',
    measure: () => aliasDb(held([polysynth(2), dev('Distortion', { DRIVE: 24, TONE: 1 })], 99), AT, SIZE, RATE, hz(99), 20_000),
    target: -60,
  },
  {
    // Past the 24 dB: what 4× still holds at the Distortion's full drive (2× gives −31.7 dB).
    name: 'Distortion, 48 dB drive, 4978 Hz sine',
    measure: () => aliasDb(held([polysynth(2), dev('Distortion', { DRIVE: 48, TONE: 1 })], 99), AT, SIZE, RATE, hz(99), 20_000),
    target: -40,
  },
  {
    name: 'Filter+ low-pass, Resonance 100 %, −4.4 dBFS sine at the cutoff: peak dBFS',
    measure: () => peakDb(resonant([[83, 0, 8, 127]], 1, 1)),
    target: 6,
  },
  {
    name: 'Filter+ low-pass, Resonance 100 %: 1 s after a 50 ms note, dBFS',
    measure: () => rmsDb(resonant([[83, 0, 0.1, 127]], 1, 1.5), 48_000, 72_000),
    target: -20,
    atLeast: true,
  },
  ...CLICK_ROWS,
];

/**
 * A Polysynth sine (OUTPUT +6 dB) on `notes` through Filter+ low-pass with its cutoff at B5
 * (987.8 Hz, the sine's key), rendered for `seconds`.
 */
function resonant(notes: [number, number, number, number][], resonance: number, seconds: number): Float32Array {
  const syn = dev('Polysynth', { WAVE: 2, CUTOFF: 1, RESONANCE: 0, ATTACK: 0, DECAY: 0, SUSTAIN: 1, RELEASE: 0, OUTPUT: 2 });
  const cutoff = Math.log(hz(83) / 20) / Math.log(1000);
  const filter = dev('Filter+', { CUTOFF: cutoff, RESONANCE: resonance, MODE: 0 });
  return render(project([track('T', [syn, filter], [clip(0, 8, notes)])]), { fromBeat: 0, seconds }).left;
}

function peakDb(x: Float32Array): number {
  let p = 0;
  for (const v of x) p = Math.max(p, Math.abs(v));
  return 20 * Math.log10(p);
}

const rmsDb = (x: Float32Array, from: number, to: number): number => 20 * Math.log10(rms(x, from, to));
