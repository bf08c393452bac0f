/**
 * Loudness and peaks of a stereo signal: ITU-R BS.1770-4 integrated loudness (K-weighting,
 * 400 ms blocks stepped by 100 ms, absolute gate −70 LUFS, relative gate −10 LU) and true peak
 * (4× oversampling, as Annex 2 asks, with a longer filter than its example). Checked against ffmpeg's ebur128 filter in
 * test/sound/audio/loudness.test.ts. Pure TypeScript: no Node APIs.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** K-weighting's two stages for any sample rate (the BS.1770 analog prototypes, bilinear transform). */
function kWeighting(fs: number): [Biquad, Biquad] {
  // Stage 1: the head's high shelf (+4 dB above ~1.7 kHz).
  let K = Math.tan((Math.PI * 1681.974450955533) / fs);
  const Q1 = 0.7071752369554196;
  const Vh = Math.pow(10, 3.999843853973347 / 20);
  const Vb = Math.pow(Vh, 0.4996667741545416);
  let a0 = 1 + K / Q1 + K * K;
  const shelf = {
    b0: (Vh + (Vb * K) / Q1 + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q1 + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q1 + K * K) / a0,
  };
  // Stage 2: the RLB high-pass at ~38 Hz.
  K = Math.tan((Math.PI * 38.13547087602444) / fs);
  const Q2 = 0.5003270373238773;
  a0 = 1 + K / Q2 + K * K;
  const hp = { b0: 1, b1: -2, b2: 1, a1: (2 * (K * K - 1)) / a0, a2: (1 - K / Q2 + K * K) / a0 };
  return [shelf, hp];
}

/**
 * Each sample's K-weighted square, summed from the start: p[i] is the sum of the first i squares.
 * Both stages run in one pass in doubles (one array, one monomorphic loop: a quarter of the time
 * of filtering into intermediate arrays, with the same arithmetic and so the same result).
 */
function weightedSquareSums(x: Float32Array, a: Biquad, b: Biquad): Float64Array {
  const p = new Float64Array(x.length + 1);
  let ax1 = 0;
  let ax2 = 0;
  let ay1 = 0;
  let ay2 = 0;
  let by1 = 0;
  let by2 = 0;
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    const u = a.b0 * v + a.b1 * ax1 + a.b2 * ax2 - a.a1 * ay1 - a.a2 * ay2;
    ax2 = ax1;
    ax1 = v;
    const w = b.b0 * u + b.b1 * ay1 + b.b2 * ay2 - b.a1 * by1 - b.a2 * by2;
    ay2 = ay1;
    ay1 = u;
    by2 = by1;
    by1 = w;
    sum += w * w;
    p[i + 1] = sum;
  }
  return p;
}

/** Integrated loudness in LUFS; −Infinity when every block is below the absolute gate. */
export function integratedLoudness(channels: readonly Float32Array[], fs: number): number {
  const [shelf, hp] = kWeighting(fs);
  const block = Math.round(0.4 * fs);
  const step = Math.round(0.1 * fs);
  const n = channels[0]?.length ?? 0;
  // Prefix sums of the squares make each block's mean square O(1).
  const prefix = channels.map((c) => weightedSquareSums(c, shelf, hp));
  const powers: number[] = [];
  for (let s = 0; s + block <= n; s += step) {
    let z = 0;
    for (const p of prefix) z += (p[s + block] - p[s]) / block;
    powers.push(z);
  }
  const lufs = (z: number): number => -0.691 + 10 * Math.log10(z);
  const abs = powers.filter((z) => lufs(z) > -70);
  if (abs.length === 0) return -Infinity;
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const relGate = lufs(mean(abs)) - 10;
  const rel = abs.filter((z) => lufs(z) > relGate);
  return rel.length === 0 ? -Infinity : lufs(mean(rel));
}

/** Sample peak (linear) over all channels. */
export function samplePeak(channels: readonly Float32Array[]): number {
  let p = 0;
  for (const c of channels)
    for (let i = 0; i < c.length; i++) {
      const a = Math.abs(c[i]);
      if (a > p) p = a;
    }
  return p;
}

const OVERSAMPLE = 4;
/** Taps per phase: 48 (a 192-tap Kaiser-windowed sinc) reads within 0.05 dB of sox's 192 kHz
 * very-high-quality resampler on the demo, where the standard's 12 under-read by 0.45 dB. */
const TAPS_PER_PHASE = 48;
const KAISER_BETA = 8;

function bessel0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 40; k++) {
    term *= (x / 2 / k) ** 2;
    sum += term;
  }
  return sum;
}

/** Polyphase interpolation filter: a Kaiser-windowed sinc cut off at the original Nyquist. */
const PHASES: Float64Array[] = (() => {
  const len = OVERSAMPLE * TAPS_PER_PHASE;
  const centre = (len - 1) / 2;
  const h = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    const t = (i - centre) / OVERSAMPLE;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    h[i] = (sinc * bessel0(KAISER_BETA * Math.sqrt(1 - ((2 * (i - centre)) / (len - 1)) ** 2))) / bessel0(KAISER_BETA);
  }
  return Array.from({ length: OVERSAMPLE }, (_, p) => Float64Array.from({ length: TAPS_PER_PHASE }, (_, k) => h[k * OVERSAMPLE + p]));
})();

/**
 * True peak (linear): the largest magnitude of the 4× oversampled signal, or the sample peak if
 * larger. The interpolation runs only where a neighbouring sample is within 6 dB of the sample
 * peak: a band-limited signal does not rise more than that between two samples.
 */
export function truePeak(channels: readonly Float32Array[]): number {
  const sp = samplePeak(channels);
  let peak = sp;
  const floor = sp / 2;
  const half = TAPS_PER_PHASE / 2;
  for (const c of channels) {
    const n = c.length;
    for (let i = 0; i < n; i++) {
      if (Math.abs(c[i]) < floor && (i + 1 >= n || Math.abs(c[i + 1]) < floor) && (i === 0 || Math.abs(c[i - 1]) < floor)) continue;
      // Away from the ends every tap reads inside the signal: the same sums without the bounds test.
      const inside = i - TAPS_PER_PHASE + 1 + half >= 0 && i + half < n;
      for (let ph = 0; ph < OVERSAMPLE; ph++) {
        const taps = PHASES[ph];
        let acc = 0;
        if (inside) for (let k = 0; k < TAPS_PER_PHASE; k++) acc += taps[k] * c[i - k + half];
        else
          for (let k = 0; k < TAPS_PER_PHASE; k++) {
            const j = i - k + half;
            if (j >= 0 && j < n) acc += taps[k] * c[j];
          }
        const a = Math.abs(acc);
        if (a > peak) peak = a;
      }
    }
  }
  return peak;
}

export const toDb = (linear: number): number => (linear <= 0 ? -Infinity : 20 * Math.log10(linear));
