import { DelayLine } from './delay-line.js';
import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { BLOCK } from './math.js';
import { pct, time } from './params.js';
import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/** The tank's eight delay lines (ms), spaced about geometrically; each is rounded to a prime length in samples. */
const LINES_MS = [23.1, 26.9, 31.3, 36.3, 42.2, 49.1, 57.1, 66.3];
/**
 * The two lines whose length swings. Every line feeds every other, so two moving lines move all the
 * network's modes: the late tail is as smooth as with all eight swinging (spectral ripple 5.5–5.8 dB
 * either way, from 0.15 to 2 s; none swinging 6.4) for a quarter of the interpolated reads.
 */
const SWING = [2, 7];
/** The other six, read at their whole length, their filters inside the matrix loop (`feedBackStill`). */
const STILL = [0, 1, 3, 4, 5, 6];
/** How far (ms) and how fast (Hz) each swinging line's length swings: slow, a different rate per line. */
const MOD_MS = 0.5;
const MOD_HZ = [0.53, 0.97];
/** The input diffusers (ms): three short Schroeder all-passes in series, gain 0.5 (longer or stronger ones ring on past a short Room Size). */
const DIFFUSERS_MS = [3.13, 4.71, 7.93];
const DIFFUSION = 0.5;
/** The wet level of the Freeverb this replaced (within 2 dB on low-passed noise, Room Size 0.6–5 s), so a saved Mix sounds as it did. */
const OUT_GAIN = 0.44 / Math.SQRT2;
/** Where the absorbent shelf turns from the low decay to the high one. */
const SHELF_HZ = 3000;
/**
 * How long the absorbent filters take to move to a new Room Size or Damping: a jump in a line's
 * gain is a step in the ringing tail (a click at −43 dB below the peak).
 */
const DESIGN_RAMP_SECONDS = 0.02;
/** Each line's block in `lines` (a module constant: an imported one is a getter under tsx). */
const LINE_STRIDE = BLOCK;
/**
 * The all-pass interpolator's coefficient for a fraction f is (1 − f)/(1 + f); the quadratic
 * (1 − f)(1 − 2f/3) matches it at 0, ½ and 1 (within 0.03 between) without a division per sample.
 * Where the delay crosses a whole sample, η = 0 on one side and 1 on the other read the same
 * sample, so the swing is seamless.
 */
const ETA_CURVE = 2 / 3;
const eta = (f: number): number => (1 - f) * (1 - ETA_CURVE * f);

const isPrime = (n: number): boolean => {
  for (let k = 2; k * k <= n; k++) if (n % k === 0) return false;
  return n > 1;
};
const nearestPrime = (n: number): number => {
  for (let k = 0; ; k++) {
    if (isPrime(n + k)) return n + k;
    if (isPrime(n - k)) return n - k;
  }
};

/**
 * The input: the mid, (l + r) / 2, a whole number of samples late (at least one), then three
 * Schroeder all-passes in series (y = −g·x + d, d ← x + g·y, d the line's output), all in one
 * loop over the block.
 */
class Input {
  private readonly pre: DelayLine;
  /** The three all-passes' lines and where each is. */
  private readonly buf1: Float32Array;
  private readonly buf2: Float32Array;
  private readonly buf3: Float32Array;
  private i1 = 0;
  private i2 = 0;
  private i3 = 0;
  constructor(
    private readonly maxSamples: number,
    lengths: readonly number[],
  ) {
    this.pre = new DelayLine(maxSamples);
    [this.buf1, this.buf2, this.buf3] = lengths.map((n) => new Float32Array(n));
  }
  run(l: Float32Array, r: Float32Array, out: Float32Array, n: number, delay: number): void {
    const { buf, mask } = this.pre;
    const d = Math.min(Math.max(1, delay), this.maxSamples);
    const { buf1, buf2, buf3 } = this;
    const len1 = buf1.length;
    const len2 = buf2.length;
    const len3 = buf3.length;
    let i1 = this.i1;
    let i2 = this.i2;
    let i3 = this.i3;
    let w = this.pre.w;
    // In runs up to the nearest all-pass line's end, so the loop has no wrap test. The pre-delay
    // reads before it writes: `d` samples late exactly.
    for (let k = 0; k < n; ) {
      const end = Math.min(n, k + len1 - i1, k + len2 - i2, k + len3 - i3);
      for (; k < end; k++, i1++, i2++, i3++) {
        const mid = buf[(w - d) & mask];
        buf[w] = (l[k] + r[k]) * 0.5;
        w = (w + 1) & mask;
        const d1 = buf1[i1];
        const v1 = mid + DIFFUSION * d1;
        buf1[i1] = v1;
        const y1 = d1 - DIFFUSION * v1;
        const d2 = buf2[i2];
        const v2 = y1 + DIFFUSION * d2;
        buf2[i2] = v2;
        const y2 = d2 - DIFFUSION * v2;
        const d3 = buf3[i3];
        const v3 = y2 + DIFFUSION * d3;
        buf3[i3] = v3;
        out[k] = d3 - DIFFUSION * v3;
      }
      if (i1 === len1) i1 = 0;
      if (i2 === len2) i2 = 0;
      if (i3 === len3) i3 = 0;
    }
    this.pre.w = w;
    this.i1 = i1;
    this.i2 = i2;
    this.i3 = i3;
  }
  clear(): void {
    this.pre.clear();
    this.buf1.fill(0);
    this.buf2.fill(0);
    this.buf3.fill(0);
  }
}

/**
 * Reverb: a feedback delay network at the engine's full rate (J.-M. Jot & A. Chaigne, "Digital
 * delay networks for designing artificial reverberators", AES 90th Convention, 1991; J. O. Smith,
 * "Physical Audio Signal Processing", chapter "Feedback Delay Networks"). The input's mid,
 * pre-delayed and smeared by three short series all-passes, feeds eight delay lines of prime
 * lengths (23–66 ms at any rate); their outputs go back through the 8×8 Hadamard matrix
 * (lossless, every line feeds every line equally). Two lines' lengths swing slowly by ±0.5 ms,
 * each on its own sine (0.53 and 0.97 Hz, fixed phases: a render is deterministic), read through a
 * first-order all-pass interpolator (lossless at every frequency), so the modes move and the
 * tail never rings on one pitch. Each line ends in an absorbent filter (Jot's method, a
 * first-order high shelf here) whose gains at 0 Hz and at Nyquist give that line exactly the
 * decay wanted there: Room Size is the RT60 below the shelf (3 kHz), and the RT60 at the top of
 * the band is Room Size × 10^−Damping (Damping 0: the highs ring as long as the lows; 100 %: a
 * tenth as long). Left and right each take all eight lines through a different row of the
 * matrix; Width mixes them, Mix blends the result with the dry signal.
 */
class Reverb implements Effect {
  private readonly lengths: Float64Array;
  private readonly size: number;
  private readonly mask: number;
  private readonly tank: Float32Array;
  private w = 0;
  /**
   * Each swinging line's read delay now (samples), and its modulation phase in SWING's order; each
   * line's last sample into its filter (a swinging line's interpolator output).
   */
  private readonly delay: Float64Array;
  private readonly phase = new Float64Array(SWING.length);
  private readonly allpass = new Float64Array(8);
  /** The absorbent filters: output state and coefficients per line. */
  private readonly state = new Float64Array(8);
  private readonly b0 = new Float64Array(8);
  private readonly b1 = new Float64Array(8);
  private readonly a1 = new Float64Array(8);
  /** A move of Room Size or Damping: b0 and b1 go from these to the design's on a raised cosine, `rampPos` of `rampLength` samples in. */
  private readonly b0To = new Float64Array(8);
  private readonly b1To = new Float64Array(8);
  private readonly b0From = new Float64Array(8);
  private readonly b1From = new Float64Array(8);
  private readonly rampLength: number;
  private rampPos = 0;
  /** The ramp's fraction (0–1) at each sample of the block, while it moves. */
  private readonly fraction = new Float64Array(BLOCK);
  private readonly step = new Float64Array(8);
  private readonly depth: number;
  private readonly input: Input;
  private readonly x = new Float32Array(BLOCK);
  /** Each line's output over the block, line j from j · LINE_STRIDE (one array: fewer base pointers in the matrix loop). */
  private readonly lines = new Float32Array(8 * LINE_STRIDE);
  /** The settings the filters were designed for. */
  private rt60 = Number.NaN;
  private damping = Number.NaN;
  /** Mix moves over 10 ms (SmoothedGain). */
  private readonly mix: SmoothedGain;
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
  ) {
    this.mix = new SmoothedGain(sr);
    this.rampLength = Math.max(1, Math.round(DESIGN_RAMP_SECONDS * sr));
    this.rampPos = this.rampLength;
    this.depth = (MOD_MS / 1000) * sr;
    // Every line is longer than a block plus its swing, so a block reads only samples written before it.
    this.lengths = Float64Array.from(LINES_MS, (ms) => nearestPrime(Math.max(Math.round((ms / 1000) * sr), BLOCK + this.depth + 4)));
    let size = 1;
    while (size < this.lengths[7] + this.depth + 4) size <<= 1;
    this.size = size;
    this.mask = size - 1;
    this.tank = new Float32Array(8 * size);
    this.delay = Float64Array.from(this.lengths);
    // Phases spread over the circle so the lines never swing together.
    for (let m = 0; m < SWING.length; m++) this.phase[m] = (2 * Math.PI * SWING[m]) / 8;
    this.input = new Input(
      Math.ceil(sr * 0.5) + BLOCK,
      DIFFUSERS_MS.map((ms) => nearestPrime(Math.round((ms / 1000) * sr))),
    );
  }

  /**
   * Each line's absorbent filter: a first-order high shelf (bilinear transform of (gπ·s + g0·ωc)/(s + ωc)) with
   * gain g0 at 0 Hz and gπ at Nyquist for the line's length, the highs falling from SHELF_HZ.
   */
  private design(rt60: number, damping: number): void {
    // The first design is taken at once; a later one starts a ramp from where the coefficients are.
    const first = Number.isNaN(this.rt60);
    this.rt60 = rt60;
    this.damping = damping;
    const hiRt60 = rt60 * Math.pow(10, -damping);
    const k = Math.tan((Math.PI * Math.min(SHELF_HZ, 0.4 * this.sr)) / this.sr);
    for (let j = 0; j < 8; j++) {
      const g0 = Math.pow(10, (-3 * this.lengths[j]) / (this.sr * rt60));
      const gPi = Math.pow(10, (-3 * this.lengths[j]) / (this.sr * hiRt60));
      // The Hadamard matrix's 1/√8 rides on the filter's gains.
      const norm = 1 / (Math.sqrt(8) * (1 + k));
      this.b0To[j] = (gPi + g0 * k) * norm;
      this.b1To[j] = (g0 * k - gPi) * norm;
      this.a1[j] = (k - 1) / (1 + k);
    }
    if (first) {
      this.b0.set(this.b0To);
      this.b1.set(this.b1To);
      return;
    }
    this.b0From.set(this.b0);
    this.b1From.set(this.b1);
    this.rampPos = 0;
  }

  /** One block of the filters' ramp: `fraction` for each sample, and b0, b1 where the block ends. Returns false when steady. */
  private rampBlock(n: number): boolean {
    const len = this.rampLength;
    if (this.rampPos >= len) return false;
    let pos = this.rampPos;
    for (let k = 0; k < n; k++) {
      if (pos < len) pos++;
      this.fraction[k] = 0.5 - 0.5 * Math.cos((Math.PI * pos) / len);
    }
    this.rampPos = pos;
    const f = this.fraction[n - 1];
    for (let j = 0; j < 8; j++) {
      this.b0[j] = this.b0From[j] + (this.b0To[j] - this.b0From[j]) * f;
      this.b1[j] = this.b1From[j] + (this.b1To[j] - this.b1From[j]) * f;
    }
    return true;
  }

  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const rt60 = p.SIZE / 1000;
    if (rt60 !== this.rt60 || p.DAMPING !== this.damping) this.design(rt60, p.DAMPING);
    const ramping = this.rampBlock(n);
    const x = this.x;
    this.input.run(l, r, x, n, Math.round((p.PREDELAY / 1000) * this.sr));
    // Each swinging line's delay moves linearly through the block to where its sine is at the block's end.
    const { delay, phase, step, lengths } = this;
    for (let m = 0; m < SWING.length; m++) {
      const j = SWING[m];
      phase[m] += (2 * Math.PI * MOD_HZ[m] * n) / this.sr;
      if (phase[m] > 2 * Math.PI) phase[m] -= 2 * Math.PI;
      step[j] = (lengths[j] + this.depth * Math.sin(phase[m]) - delay[j]) / n;
    }
    // The shortest line is longer than a block: every read of this block is of samples written before it.
    for (const j of SWING) this.readLine(j, n, ramping);
    if (ramping) {
      for (const j of STILL) this.readStill(j, n);
      this.feedBack(l, r, n);
    } else this.feedBackStill(l, r, n);
  }

  /**
   * The matrix over the block from all eight lines in `lines` (while the filters ramp): the tank's
   * next samples, and the output blended into `l` and `r`.
   */
  private feedBack(l: Float32Array, r: Float32Array, n: number): void {
    const { tank, size, mask, lines, x } = this;
    const width = this.p.WIDTH;
    let wet = this.p.MIX;
    const ramp = this.mix.block(wet) ? this.mix.ramp : null;
    let g1 = (width / 2 + 0.5) * wet * OUT_GAIN;
    let g2 = ((1 - width) / 2) * wet * OUT_GAIN;
    let w = this.w;
    for (let k = 0; k < n; k++) {
      const a0 = lines[k];
      const a1 = lines[LINE_STRIDE + k];
      const a2 = lines[2 * LINE_STRIDE + k];
      const a3 = lines[3 * LINE_STRIDE + k];
      const a4 = lines[4 * LINE_STRIDE + k];
      const a5 = lines[5 * LINE_STRIDE + k];
      const a6 = lines[6 * LINE_STRIDE + k];
      const a7 = lines[7 * LINE_STRIDE + k];
      // The Hadamard matrix by three stages of butterflies (its 1/√8 is in each line's gain).
      const s0 = a0 + a1;
      const s1 = a0 - a1;
      const s2 = a2 + a3;
      const s3 = a2 - a3;
      const s4 = a4 + a5;
      const s5 = a4 - a5;
      const s6 = a6 + a7;
      const s7 = a6 - a7;
      const t0 = s0 + s2;
      const t1 = s1 + s3;
      const t2 = s0 - s2;
      const t3 = s1 - s3;
      const t4 = s4 + s6;
      const t5 = s5 + s7;
      const t6 = s4 - s6;
      const t7 = s5 - s7;
      const v = x[k];
      tank[w] = t0 + t4 + v;
      tank[size + w] = t1 + t5 + v;
      tank[2 * size + w] = t2 + t6 - v;
      tank[3 * size + w] = t3 + t7 + v;
      tank[4 * size + w] = t0 - t4 - v;
      tank[5 * size + w] = t1 - t5 + v;
      tank[6 * size + w] = t2 - t6 + v;
      tank[7 * size + w] = t3 - t7 - v;
      w = (w + 1) & mask;
      // Each side hears all eight lines through its own row of the matrix (rows 2 and 7, scaled
      // by 1/√8 with the lines): orthogonal rows, so the two sides are uncorrelated.
      const outL = t2 + t6;
      const outR = t3 - t7;
      if (ramp !== null) {
        wet = ramp[k];
        g1 = (width / 2 + 0.5) * wet * OUT_GAIN;
        g2 = ((1 - width) / 2) * wet * OUT_GAIN;
      }
      l[k] = l[k] * (1 - wet) + outL * g1 + outR * g2;
      r[k] = r[k] * (1 - wet) + outR * g1 + outL * g2;
    }
    this.w = w;
  }

  /**
   * `feedBack` in steady blocks, the six still lines (STILL) read and filtered in the same loop
   * instead of through `lines` (a store and a load a line a sample fewer).
   */
  private feedBackStill(l: Float32Array, r: Float32Array, n: number): void {
    const { tank, size, mask, lines, x, lengths, b0, b1, state, allpass } = this;
    const width = this.p.WIDTH;
    let wet = this.p.MIX;
    const ramp = this.mix.block(wet) ? this.mix.ramp : null;
    let g1 = (width / 2 + 0.5) * wet * OUT_GAIN;
    let g2 = ((1 - width) / 2) * wet * OUT_GAIN;
    // Each still line's tank, length, filter gains, filter output and last input.
    const base0 = 0;
    const len0 = lengths[0];
    const b00 = b0[0];
    const b10 = b1[0];
    let y0 = state[0];
    let x0 = allpass[0];
    const base1 = 1 * size;
    const len1 = lengths[1];
    const b01 = b0[1];
    const b11 = b1[1];
    let y1 = state[1];
    let x1 = allpass[1];
    const base3 = 3 * size;
    const len3 = lengths[3];
    const b03 = b0[3];
    const b13 = b1[3];
    let y3 = state[3];
    let x3 = allpass[3];
    const base4 = 4 * size;
    const len4 = lengths[4];
    const b04 = b0[4];
    const b14 = b1[4];
    let y4 = state[4];
    let x4 = allpass[4];
    const base5 = 5 * size;
    const len5 = lengths[5];
    const b05 = b0[5];
    const b15 = b1[5];
    let y5 = state[5];
    let x5 = allpass[5];
    const base6 = 6 * size;
    const len6 = lengths[6];
    const b06 = b0[6];
    const b16 = b1[6];
    let y6 = state[6];
    let x6 = allpass[6];
    // The shelf's pole is the same on every line.
    const pole = this.a1[0];
    let w = this.w;
    for (let k = 0; k < n; k++) {
      const in0 = tank[base0 + ((w - len0) & mask)];
      const in1 = tank[base1 + ((w - len1) & mask)];
      const in3 = tank[base3 + ((w - len3) & mask)];
      const in4 = tank[base4 + ((w - len4) & mask)];
      const in5 = tank[base5 + ((w - len5) & mask)];
      const in6 = tank[base6 + ((w - len6) & mask)];
      y0 = b00 * in0 + b10 * x0 - pole * y0;
      x0 = in0;
      y1 = b01 * in1 + b11 * x1 - pole * y1;
      x1 = in1;
      y3 = b03 * in3 + b13 * x3 - pole * y3;
      x3 = in3;
      y4 = b04 * in4 + b14 * x4 - pole * y4;
      x4 = in4;
      y5 = b05 * in5 + b15 * x5 - pole * y5;
      x5 = in5;
      y6 = b06 * in6 + b16 * x6 - pole * y6;
      x6 = in6;
      // The swinging lines from `lines`, then the Hadamard butterflies as in `feedBack`.
      const a2 = lines[2 * LINE_STRIDE + k];
      const a7 = lines[7 * LINE_STRIDE + k];
      const s0 = y0 + y1;
      const s1 = y0 - y1;
      const s2 = a2 + y3;
      const s3 = a2 - y3;
      const s4 = y4 + y5;
      const s5 = y4 - y5;
      const s6 = y6 + a7;
      const s7 = y6 - a7;
      const t0 = s0 + s2;
      const t1 = s1 + s3;
      const t2 = s0 - s2;
      const t3 = s1 - s3;
      const t4 = s4 + s6;
      const t5 = s5 + s7;
      const t6 = s4 - s6;
      const t7 = s5 - s7;
      const v = x[k];
      tank[w] = t0 + t4 + v;
      tank[size + w] = t1 + t5 + v;
      tank[2 * size + w] = t2 + t6 - v;
      tank[3 * size + w] = t3 + t7 + v;
      tank[4 * size + w] = t0 - t4 - v;
      tank[5 * size + w] = t1 - t5 + v;
      tank[6 * size + w] = t2 - t6 + v;
      tank[7 * size + w] = t3 - t7 - v;
      w = (w + 1) & mask;
      const outL = t2 + t6;
      const outR = t3 - t7;
      if (ramp !== null) {
        wet = ramp[k];
        g1 = (width / 2 + 0.5) * wet * OUT_GAIN;
        g2 = ((1 - width) / 2) * wet * OUT_GAIN;
      }
      l[k] = l[k] * (1 - wet) + outL * g1 + outR * g2;
      r[k] = r[k] * (1 - wet) + outR * g1 + outL * g2;
    }
    this.w = w;
    state[0] = Math.abs(y0) < 1e-20 ? 0 : y0;
    allpass[0] = x0;
    state[1] = Math.abs(y1) < 1e-20 ? 0 : y1;
    allpass[1] = x1;
    state[3] = Math.abs(y3) < 1e-20 ? 0 : y3;
    allpass[3] = x3;
    state[4] = Math.abs(y4) < 1e-20 ? 0 : y4;
    allpass[4] = x4;
    state[5] = Math.abs(y5) < 1e-20 ? 0 : y5;
    allpass[5] = x5;
    state[6] = Math.abs(y6) < 1e-20 ? 0 : y6;
    allpass[6] = x6;
  }

  /** Still line j over the block into its part of `lines` while the filters ramp: a whole-sample read, then the filter. */
  private readStill(j: number, n: number): void {
    const { tank, mask } = this;
    const y = this.lines;
    const yb = j * LINE_STRIDE;
    const base = j * this.size;
    const fr = this.fraction;
    const b0From = this.b0From[j];
    const b1From = this.b1From[j];
    const db0 = this.b0To[j] - b0From;
    const db1 = this.b1To[j] - b1From;
    const a1 = this.a1[j];
    let prev = this.allpass[j];
    let s = this.state[j];
    let at = this.w - this.lengths[j];
    for (let k = 0; k < n; k++) {
      const x = tank[base + (at & mask)];
      s = (b0From + db0 * fr[k]) * x + (b1From + db1 * fr[k]) * prev - a1 * s;
      prev = x;
      y[yb + k] = s;
      at++;
    }
    this.allpass[j] = prev;
    this.state[j] = Math.abs(s) < 1e-20 ? 0 : s;
  }

  /**
   * Swinging line j over the block into its part of `lines`: the modulated read through the all-pass
   * interpolator, then the absorbent filter.
   */
  private readLine(j: number, n: number, ramping: boolean): void {
    const { tank, mask } = this;
    const y = this.lines;
    const yb = j * LINE_STRIDE;
    const base = j * this.size;
    const st = this.step[j];
    const b0 = this.b0[j];
    const b1 = this.b1[j];
    const a1 = this.a1[j];
    let d = this.delay[j];
    let ap = this.allpass[j];
    let s = this.state[j];
    const w = this.w;
    const first = Math.floor(d + st);
    if (ramping) {
      // Room Size or Damping moving: the general read, with the filter's gains per sample.
      const fr = this.fraction;
      const b0From = this.b0From[j];
      const b1From = this.b1From[j];
      const db0 = this.b0To[j] - b0From;
      const db1 = this.b1To[j] - b1From;
      for (let k = 0; k < n; k++) {
        d += st;
        const i = d | 0;
        const f = d - i;
        const at = w + k - i;
        const x = eta(f) * (tank[base + (at & mask)] - ap) + tank[base + ((at - 1) & mask)];
        s = (b0From + db0 * fr[k]) * x + (b1From + db1 * fr[k]) * ap - a1 * s;
        ap = x;
        y[yb + k] = s;
      }
    } else if (first === Math.floor(d + n * st)) {
      // Most blocks (five in six): the swing crosses no whole sample, so the read moves on
      // exactly one sample a sample, each newer sample read is the next one's older neighbour,
      // and η follows its quadratic by first and second differences.
      const f = d + st - first;
      let e = eta(f);
      let de = eta(f + st) - e;
      const dde = 2 * ETA_CURVE * st * st;
      let at = w - first;
      let older = tank[base + ((at - 1) & mask)];
      for (let k = 0; k < n; k++) {
        const newer = tank[base + (at & mask)];
        // x = η·(newer − ap) + older, ordered so that the chain from one sample to the next is one multiply and one add.
        const x = older + e * newer - e * ap;
        s = b0 * x + b1 * ap - a1 * s;
        ap = x;
        older = newer;
        y[yb + k] = s;
        e += de;
        de += dde;
        at++;
      }
      d += n * st;
    } else {
      for (let k = 0; k < n; k++) {
        d += st;
        const i = d | 0;
        const f = d - i;
        const at = w + k - i;
        const x = eta(f) * (tank[base + (at & mask)] - ap) + tank[base + ((at - 1) & mask)];
        s = b0 * x + b1 * ap - a1 * s;
        ap = x;
        y[yb + k] = s;
      }
    }
    this.delay[j] = d;
    this.allpass[j] = ap;
    this.state[j] = Math.abs(s) < 1e-20 ? 0 : s;
  }

  reset(): void {
    this.tank.fill(0);
    this.allpass.fill(0);
    this.state.fill(0);
    this.input.clear();
  }

  tail(): number {
    return 1.5 * (this.p.SIZE / 1000) + this.p.PREDELAY / 1000;
  }
}

export const REVERB: DeviceDef = {
  name: 'Reverb',
  kind: 'audio_effect',
  category: 'Reverb',
  params: [
    time('SIZE', 'Room Size', 0.6, 100, 20000),
    pct('DAMPING', 'Damping', 0.4),
    time('PREDELAY', 'Pre-delay', 0.2, 0.1, 500),
    pct('WIDTH', 'Width', 1),
    pct('MIX', 'Mix', 0.25),
  ],
  build: (d, ctx) => new Reverb(d.p, ctx.sampleRate),
};
