/**
 * True peak (ITU-R BS.1770-4 Annex 2: 4× oversampling, with a longer filter than its example), over
 * a whole signal or one that arrives block by block (a streamed render: no whole-song arrays).
 * Checked against sox's 192 kHz resampler in test/sound/audio/true-peak.test.ts. Pure TypeScript.
 */
import { samplePeak } from './loudness.js';

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

/**
 * Polyphase interpolation filter: a Kaiser-windowed sinc cut off at the original Nyquist, centred
 * on a sample (an odd length, 4 × 48 + 1), so phase 0 is the sample itself and phases 1–3 fall a
 * quarter, a half and three quarters of the way to the next, as a 192 kHz resampler's outputs do
 * (a crest midway between two samples is read, not a quarter-sample either side of it). The last
 * tap, a zero of the sinc, is left out so that every phase holds 48.
 */
const PHASES: Float64Array[] = (() => {
  const len = OVERSAMPLE * TAPS_PER_PHASE + 1;
  const centre = (len - 1) / 2;
  const h = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    const t = (i - centre) / OVERSAMPLE;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    h[i] = (sinc * bessel0(KAISER_BETA * Math.sqrt(1 - ((2 * (i - centre)) / (len - 1)) ** 2))) / bessel0(KAISER_BETA);
  }
  return Array.from({ length: OVERSAMPLE }, (_, p) => Float64Array.from({ length: TAPS_PER_PHASE }, (_, k) => h[k * OVERSAMPLE + p]));
})();

/** The filter's taps interleaved by phase: TAPS[4k + p] is phase p's tap k (one read of the signal feeds all four). */
const TAPS = Float64Array.from({ length: OVERSAMPLE * TAPS_PER_PHASE }, (_, j) => PHASES[j % OVERSAMPLE][(j / OVERSAMPLE) | 0]);

/**
 * Running sums over each phase's taps, interleaved as TAPS: SUMS[4k + p] is the sum of phase p's
 * taps 0…k−1, MAGNITUDES[4k + p] that of their magnitudes (k = 0…48).
 */
const SUMS = new Float64Array(OVERSAMPLE * (TAPS_PER_PHASE + 1));
const MAGNITUDES = new Float64Array(OVERSAMPLE * (TAPS_PER_PHASE + 1));
for (let k = 0; k < TAPS_PER_PHASE; k++)
  for (let p = 0; p < OVERSAMPLE; p++) {
    SUMS[4 * (k + 1) + p] = SUMS[4 * k + p] + TAPS[4 * k + p];
    MAGNITUDES[4 * (k + 1) + p] = MAGNITUDES[4 * k + p] + Math.abs(TAPS[4 * k + p]);
  }
/** Covers the rounding of intervalPeak's sums (relative 10⁻¹⁴ at most) many times over. */
const BOUND_MARGIN = 1 + 1e-9;

/**
 * An upper bound on an interval's 4 values when its taps a…b−1 read samples all equal to v and the
 * rest samples of magnitude ≤ m: |v·Σ inside| + m·Σ|outside|, the largest of the phases.
 */
function plateauBound(v: number, m: number, a: number, b: number): number {
  let bound = 0;
  for (let p = 0; p < OVERSAMPLE; p++) {
    const inside = Math.abs(v * (SUMS[4 * b + p] - SUMS[4 * a + p]));
    const outside = m * (MAGNITUDES[4 * TAPS_PER_PHASE + p] - (MAGNITUDES[4 * b + p] - MAGNITUDES[4 * a + p]));
    if (inside + outside > bound) bound = inside + outside;
  }
  return bound * BOUND_MARGIN;
}

/**
 * The interval at window index i (as intervalPeak) when its taps a…b−1 read samples all equal to v:
 * v times those taps' sums, plus the other taps one by one. The sums run in another order than
 * intervalPeak's, so the result may differ from it in the last bits (far less than 10⁻¹² of the
 * samples' magnitude); it decides only whether the interval could matter.
 */
function plateauEstimate(w: Float32Array, i: number, v: number, a: number, b: number): number {
  let a0 = v * (SUMS[4 * b] - SUMS[4 * a]);
  let a1 = v * (SUMS[4 * b + 1] - SUMS[4 * a + 1]);
  let a2 = v * (SUMS[4 * b + 2] - SUMS[4 * a + 2]);
  let a3 = v * (SUMS[4 * b + 3] - SUMS[4 * a + 3]);
  const centre = i + TAPS_PER_PHASE / 2;
  for (let k = a === 0 ? b : 0; k < TAPS_PER_PHASE; k = k + 1 === a ? b : k + 1) {
    const x = w[centre - k];
    a0 += TAPS[4 * k] * x;
    a1 += TAPS[4 * k + 1] * x;
    a2 += TAPS[4 * k + 2] * x;
    a3 += TAPS[4 * k + 3] * x;
  }
  return Math.max(Math.abs(a0), Math.abs(a1), Math.abs(a2), Math.abs(a3));
}
/** What plateauEstimate may differ from intervalPeak by, relative to the largest sample: a safe excess over the rounding. */
const ESTIMATE_SLACK = 1e-12;

/**
 * Samples a scan keeps on either side of a candidate: its intervals (two back, one on) read half the
 * taps either way. Samples outside the signal are zeros here, which add exactly nothing to a sum.
 */
const PAD = TAPS_PER_PHASE / 2 + 8;
/** Samples scanned at a time, between the pads. */
const CHUNK = 16384;
/**
 * Room past a full window: a writer puts up to this many samples straight into it (TruePeakMeter.input) before the
 * scan, which then runs to the same point as ever and keeps them for the next.
 */
const SPARE = 1024;

/**
 * The filter is symmetric, so phase 3 is phase 1 reversed and phase 2 is its own reverse: with u_k the sample tap k
 * reads (k < 48), P_k = u_k + u₄₇₋ₖ and M_k = u_k − u₄₇₋ₖ, phase 2 is Σ h₂[k]·P_k and phases 1 and 3 are (S ± D)/2 with
 * S = Σ (h₁[k] + h₁[47−k])·P_k and D = Σ (h₁[k] − h₁[47−k])·M_k (k < 24): 72 multiplies for the three where the plain
 * sums took 144. Phase 0 is the sample itself (its other taps are the sinc's zeros).
 */
const HALF = TAPS_PER_PHASE / 2;
const PHASE1_EVEN = Float64Array.from({ length: HALF }, (_, k) => PHASES[1][k] + PHASES[1][TAPS_PER_PHASE - 1 - k]);
const PHASE1_ODD = Float64Array.from({ length: HALF }, (_, k) => PHASES[1][k] - PHASES[1][TAPS_PER_PHASE - 1 - k]);
const PHASE2_HALF = PHASES[2].slice(0, HALF);

/** The 4 oversampled values of `w` from i to the next sample (at i, i + 1/4, 1/2, 3/4): their largest magnitude. */
function intervalPeak(w: Float32Array, i: number): number {
  let s = 0;
  let d = 0;
  let half = 0;
  for (let k = 0, a = i + HALF, b = i + HALF - (TAPS_PER_PHASE - 1); k < HALF; k++, a--, b++) {
    const p = w[a] + w[b];
    s += PHASE1_EVEN[k] * p;
    d += PHASE1_ODD[k] * (w[a] - w[b]);
    half += PHASE2_HALF[k] * p;
  }
  // max(|S + D|, |S − D|) / 2 = (|S| + |D|) / 2.
  return Math.max(Math.abs(w[i]), (Math.abs(s) + Math.abs(d)) / 2, Math.abs(half));
}

/**
 * One channel's scan. A band-limited signal peaks between two samples only beside a sample that is
 * a local maximum or minimum, so the interpolation runs in the two intervals either side of each
 * such sample (and one more each way, for content near Nyquist), and only where that sample is
 * within 6 dB of the peak so far (`floor`). The window holds the signal from PAD samples before
 * the next candidate; candidates are scanned once PAD samples after them have arrived.
 */
class ChannelScan {
  readonly w = new Float32Array(PAD + CHUNK + 2 * PAD + SPARE);
  /** The signal index of w[0] (negative at the start: the zeros before the signal). */
  private base = 0;
  /** Samples in the window. */
  filled = PAD;
  /** The first interval not yet measured (a signal index). */
  next = 0;
  peak = 0;

  constructor() {
    // Set twice: V8 takes a field written once for a constant and compiles `scan` with its value in; the first
    // keepPads, one window in, would then throw that code away (`--trace-deopt`: "code dependencies").
    this.base = -PAD;
  }

  /** Appends x[0…n); scans what has its pad (or, given `lead`, takes its result: see `pushed`). */
  push(x: Float32Array, n: number, floor: number, lead?: ChannelScan): void {
    for (let at = 0; at < n; ) {
      const take = Math.min(n - at, this.w.length - this.filled);
      // A loop, not set(subarray): a view object per block is garbage the render would collect.
      const w = this.w;
      for (let i = 0, f = this.filled; i < take; i++) w[f + i] = x[at + i];
      at += take;
      this.pushed(take, floor, lead);
    }
  }

  /**
   * n samples were written at w[filled…]: scans what has its pad. `lead`: a channel that has held the same samples as
   * this one from the start and has just taken these: its scan is this one's, so this takes its result instead.
   */
  pushed(n: number, floor: number, lead?: ChannelScan): void {
    this.filled += n;
    // The window's scans end a pad short of its end (before SPARE), so the pad of zeros `finish` adds always fits.
    const full = this.w.length - SPARE - PAD;
    if (this.filled < full) return;
    if (lead === undefined) this.scan(full - PAD, floor, Infinity);
    else {
      this.peak = lead.peak;
      this.next = lead.next;
    }
    this.keepPads(full - PAD);
  }

  /** The signal has ended after `length` samples: scans the rest. */
  finish(length: number, floor: number): void {
    const end = length - this.base;
    this.w.fill(0, this.filled);
    this.filled = end + PAD;
    this.scan(end, floor, length);
  }

  /** Scans candidates at window indices from PAD up to `to`. */
  private scan(to: number, floor: number, length: number): void {
    const w = this.w;
    const most = 2 * floor; // the sample peak so far: no sample in the window is larger
    let runStart = 0; // the plateau last found, as window indices (none yet: runEnd < runStart)
    let runEnd = -1;
    for (let i = PAD; i < to; i++) {
      const v = w[i];
      if (Math.abs(v) < floor) continue;
      const g = this.base + i;
      const before = g === 0 ? v : w[i - 1];
      const after = g + 1 === length ? v : w[i + 1];
      if ((v < before || v < after) && (v > before || v > after)) continue; // neither a maximum nor a minimum
      // Both comparisons every time, and `i > runEnd` first: V8 throws the optimized scan away the first time a
      // comparison it has never seen runs (a crest of two equal samples), and the scan then runs unoptimized a while.
      const sameBefore = v === before;
      const sameAfter = v === after;
      const plateau = sameBefore && sameAfter;
      if (i > runEnd && plateau) {
        // A clipped passage makes every sample of it a candidate. Where most of an interval's taps
        // read the plateau, a bound shows it below the peak so far (the same result, far fewer sums).
        const stop = Math.min(this.filled, length - this.base);
        for (runStart = i; runStart > 0 && w[runStart - 1] === v; ) runStart--;
        for (runEnd = i; runEnd + 1 < stop && w[runEnd + 1] === v; ) runEnd++;
      }
      for (let j = Math.max(this.next, g - 2); j <= g + 1 && j < length; j++) {
        if (plateau) {
          // intervalPeak(w, m) reads sample m + 24 − k with tap k
          const m = j - this.base + TAPS_PER_PHASE / 2;
          const from = Math.max(0, m - runEnd);
          const to = Math.min(TAPS_PER_PHASE, m - runStart + 1);
          if (from < to) {
            if (plateauBound(v, most, from, to) < this.peak) continue;
            // Worth it where the plateau spares a third of the taps or more.
            if (to - from >= TAPS_PER_PHASE / 3 && plateauEstimate(w, j - this.base, v, from, to) + ESTIMATE_SLACK * most < this.peak) continue;
          }
        }
        const a = intervalPeak(w, j - this.base);
        if (a > this.peak) this.peak = a;
      }
      this.next = g + 2;
    }
  }

  /** Moves the last 2·PAD samples scanned up to `to` (and any after them) to the front of the window. */
  private keepPads(to: number): void {
    const w = this.w;
    const keep = this.filled - (to - PAD);
    w.copyWithin(0, to - PAD, this.filled);
    this.base += to - PAD;
    this.filled = keep;
  }
}

/** Whether a[i…i + n) and b[j…j + n) hold the same values. */
function sameSamples(a: Float32Array, i: number, b: Float32Array, j: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}

/**
 * True peak of a signal that arrives in blocks, all channels at once. The floor is half the
 * sample peak so far, never more than the whole signal's: every interval the whole-signal scan
 * measures is measured here too (and a few more early on, before the loudest passage).
 */
export class TruePeakMeter {
  private readonly scans: ChannelScan[];
  private samples = 0;
  /**
   * Every channel has held the same samples as the first from the start (a mono source in a stereo render): the
   * first's scan then stands for them all, which spares them the scan's cost, and the result is the same.
   */
  private alike = true;
  /** The sample peak so far (linear). */
  samplePeak = 0;

  constructor(channels: number) {
    this.scans = Array.from({ length: channels }, () => new ChannelScan());
  }

  push(channels: readonly Float32Array[], n: number): void {
    let p = this.samplePeak;
    for (const c of channels)
      for (let i = 0; i < n; i++) {
        const a = Math.abs(c[i]);
        if (a > p) p = a;
      }
    for (let k = 1; k < channels.length && this.alike; k++) this.alike = sameSamples(channels[0], 0, channels[k], 0, n);
    const lead = this.alike ? this.scans[0] : undefined;
    this.scans[0].push(channels[0], n, p / 2);
    for (let k = 1; k < this.scans.length; k++) this.scans[k].push(channels[k], n, p / 2, lead);
    this.samplePeak = p;
    this.samples += n;
  }

  /** Channel c's window, where a writer may put up to SPARE samples from `inputAt` and then call `pushed`. */
  input(c: number): Float32Array {
    return this.scans[c].w;
  }

  /** Where the next samples go in every channel's window. */
  get inputAt(): number {
    return this.scans[0].filled;
  }

  /**
   * n samples (n ≤ SPARE) were written at `inputAt` in every channel's window; `samplePeak` is the sample peak so far,
   * theirs included, and `alike` whether every channel has been written the first's samples from the start, these
   * included (the writer compares them as it writes: Wav24Stream.alike).
   */
  pushed(n: number, samplePeak: number, alike: boolean): void {
    if (n > SPARE) throw new RangeError(`a true-peak meter takes at most ${SPARE} samples in its window at a time`);
    const first = this.scans[0];
    this.alike = this.alike && alike;
    const lead = this.alike ? first : undefined;
    first.pushed(n, samplePeak / 2);
    for (let k = 1; k < this.scans.length; k++) this.scans[k].pushed(n, samplePeak / 2, lead);
    this.samplePeak = samplePeak;
    this.samples += n;
  }

  /** The true peak (linear) once every block is in: the largest interpolated magnitude, or the sample peak if larger. */
  finish(): number {
    let peak = this.samplePeak;
    for (const s of this.alike ? this.scans.slice(0, 1) : this.scans) {
      s.finish(this.samples, this.samplePeak / 2);
      if (s.peak > peak) peak = s.peak;
    }
    return peak;
  }
}

/**
 * True peak (linear) of whole channels: the largest magnitude of the 4× oversampled signal, or the
 * sample peak if larger. With the whole signal at hand the floor is half its sample peak from the
 * start; on a held saw 2 % of the intervals are measured, and the result equals the exhaustive
 * scan's on the tests' signals. `sp`: the sample peak, when the caller has it already.
 */
export function truePeak(channels: readonly Float32Array[], sp = samplePeak(channels)): number {
  let peak = sp;
  // Channels that all hold the same samples (a mono source in a stereo render) have the first's true peak.
  const alike = channels.every((c) => c.length === channels[0].length && sameSamples(channels[0], 0, c, 0, c.length));
  for (const c of alike ? channels.slice(0, 1) : channels) {
    const scan = new ChannelScan();
    for (let at = 0; at < c.length; at += CHUNK) {
      const n = Math.min(CHUNK, c.length - at);
      scan.push(c.subarray(at, at + n), n, sp / 2);
    }
    scan.finish(c.length, sp / 2);
    if (scan.peak > peak) peak = scan.peak;
  }
  return peak;
}
