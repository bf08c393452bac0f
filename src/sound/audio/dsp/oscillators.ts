/**
 * Band-limited oscillators from mip-mapped wavetables. Each waveform is a set of single-cycle
 * tables, each the waveform's Fourier series cut after a number of harmonics (every count up to 8,
 * then four counts per octave up to MAX_HARMONICS). A note reads the table with the most harmonics
 * that all stay at or below Nyquist at its frequency, so nothing folds back; between levels it
 * loses at most a quarter octave at the top (content reaches ≥ 20 kHz at 48 kHz). Tables are made
 * on first use (a sum of harmonics over an exact sine table, so deterministic; the richest, for
 * notes below 47 Hz, takes tens of ms) and read with linear interpolation, each long enough to keep the interpolation's
 * images below −90 dB (see `build`). Pulse is the difference of two phase-shifted saws, so its
 * width can move freely.
 */

/** The richest table: notes below sampleRate ÷ 2048 (23 Hz at 48 kHz) lose their top octaves. */
const MAX_HARMONICS = 1024;

/** Harmonic counts of the levels, ascending: 1…8, then 8·2^(j/4) rounded, up to MAX_HARMONICS. */
const LEVELS: readonly number[] = (() => {
  const out = [1, 2, 3, 4, 5, 6, 7];
  for (let j = 0; 8 * 2 ** (j / 4) <= MAX_HARMONICS; j++) out.push(Math.round(8 * 2 ** (j / 4)));
  return out;
})();

/** For a count of harmonics that fit under Nyquist (1…MAX_HARMONICS), the level with the most of them. */
const LEVEL_OF = (() => {
  const out = new Uint8Array(MAX_HARMONICS + 1);
  let level = 0;
  for (let h = 1; h <= MAX_HARMONICS; h++) {
    while (level + 1 < LEVELS.length && LEVELS[level + 1] <= h) level++;
    out[h] = level;
  }
  return out;
})();

/** sin(2πi/N) for i < N, by table size. */
const sines = new Map<number, Float64Array>();
function sineTable(n: number): Float64Array {
  let t = sines.get(n);
  if (t === undefined) {
    t = new Float64Array(n);
    for (let i = 0; i < n; i++) t[i] = Math.sin((2 * Math.PI * i) / n);
    sines.set(n, t);
  }
  return t;
}

const SILENCE = new Float32Array(2);

/**
 * One waveform's tables. `amplitude(k)` is harmonic k's coefficient; a cosine series reads the sine
 * table a quarter cycle on. Each table has one guard point (its first, repeated) for interpolation.
 */
class MipMap {
  private readonly tables: (Float32Array | undefined)[] = LEVELS.map(() => undefined);
  /** The last lookup: a voice asks with the same dt sample after sample. */
  private lastDt = Number.NaN;
  private last: Float32Array = SILENCE;
  constructor(
    private readonly amplitude: (k: number) => number,
    private readonly cosine: boolean,
  ) {}

  /** The table for a phase increment dt (cycles per sample); silence at or above Nyquist. */
  at(dt: number): Float32Array {
    if (dt === this.lastDt) return this.last;
    const h = 0.5 / dt;
    const level = h >= MAX_HARMONICS ? LEVELS.length - 1 : LEVEL_OF[h | 0];
    this.lastDt = dt;
    this.last = !(h >= 1) ? SILENCE : (this.tables[level] ?? this.build(level));
    return this.last;
  }

  private build(level: number): Float32Array {
    const harmonics = LEVELS[level];
    // Linear interpolation images harmonic k (amplitude ∝ 1/k) at about (k/n)²/k, the most at the
    // top harmonic h: 1/(c²·h) for n = c·h; n² ≥ 31,600·h keeps that below −90 dB.
    let n = 256;
    while (n < 4 * harmonics || n * n < 31_600 * harmonics) n *= 2;
    const sin = sineTable(n);
    const mask = n - 1;
    const shift = this.cosine ? n / 4 : 0;
    const ks: number[] = [];
    const as: number[] = [];
    for (let k = 1; k <= harmonics; k++) {
      const a = this.amplitude(k);
      if (a === 0) continue;
      ks.push(k);
      as.push(a);
    }
    // Point by point, each point's harmonics summed in ascending order (the sums a harmonic-by-harmonic
    // pass makes, in a third less time: a render's first note waits for its table).
    const t = new Float32Array(n + 1);
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < ks.length; j++) sum += as[j] * sin[(ks[j] * i + shift) & mask];
      t[i] = sum;
    }
    t[n] = t[0];
    this.tables[level] = t;
    return t;
  }
}

/** 2φ − 1 (rising −1…1): −(2/π) Σ sin(2πkφ)/k. */
const SAW = new MipMap((k) => -2 / (Math.PI * k), false);
/** The triangle −1 at φ 0 up to 1 at φ ½: −(8/π²) Σ over odd k of cos(2πkφ)/k². */
const TRIANGLE = new MipMap((k) => (k % 2 === 1 ? -8 / (Math.PI * Math.PI * k * k) : 0), true);

/** A table at phase 0 ≤ φ < 1, linearly interpolated. */
function read(t: Float32Array, phase: number): number {
  const x = phase * (t.length - 1);
  const i = x | 0;
  const a = t[i];
  return a + (x - i) * (t[i + 1] - a);
}

/** Band-limited saw, −1…1 (with the Gibbs overshoot of a band-limited edge, about 9 %). */
export function saw(phase: number, dt: number): number {
  return read(SAW.at(dt), phase);
}

/**
 * Band-limited pulse of width w (high for φ < w), −1…1: the saw shifted by w minus the saw, plus
 * the offset that centres it (2w − 1).
 */
export function pulse(phase: number, dt: number, w: number): number {
  const t = SAW.at(dt);
  let shifted = phase - w;
  if (shifted < 0) shifted += 1;
  return read(t, shifted) - read(t, phase) + 2 * w - 1;
}

function triangle(phase: number): number {
  return phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase;
}

export const TWO_PI = 2 * Math.PI;

/** Waveforms by the catalog's option index: Saw, Pulse, Sine, Triangle (all band-limited). */
export function wave(shape: number, phase: number, dt: number): number {
  switch (shape) {
    case 0:
      return saw(phase, dt);
    case 1:
      return pulse(phase, dt, 0.5);
    case 2:
      return Math.sin(TWO_PI * phase);
    default:
      return read(TRIANGLE.at(dt), phase);
  }
}

/**
 * `wave(shape, φ, dt)` for samples from…to−1 into `out`, the phase advancing by dt and wrapping at
 * 1 after each; returns the phase after the last. The table is looked up once, not per sample.
 */
export function waveInto(shape: number, phase: number, dt: number, out: Float64Array, from: number, to: number): number {
  let ph = phase;
  if (shape === 0 || shape === 3) {
    const t = shape === 0 ? SAW.at(dt) : TRIANGLE.at(dt);
    // read(t, ph) with the table's last index held in a local (an eighth less CPU than the call, whose t.length is read per sample).
    const last = t.length - 1;
    for (let i = from; i < to; i++) {
      const x = ph * last;
      const k = x | 0;
      const a = t[k];
      out[i] = a + (x - k) * (t[k + 1] - a);
      ph += dt;
      if (ph >= 1) ph -= 1;
    }
    return ph;
  }
  for (let i = from; i < to; i++) {
    out[i] = wave(shape, ph, dt);
    ph += dt;
    if (ph >= 1) ph -= 1;
  }
  return ph;
}

/** LFO shapes by option index: Sine, Triangle, Saw, Square (bipolar, −1…1; not band-limited, they move slowly). */
export function lfoShape(shape: number, phase: number): number {
  switch (shape) {
    case 0:
      return Math.sin(TWO_PI * phase);
    case 1:
      return triangle(phase);
    case 2:
      return 2 * phase - 1;
    default:
      return phase < 0.5 ? 1 : -1;
  }
}
