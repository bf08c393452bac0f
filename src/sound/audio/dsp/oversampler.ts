import { BLOCK } from './math.js';

/**
 * Oversampling by a cascade of 2× stages, each a linear-phase half-band FIR (Kaiser-windowed sinc)
 * run polyphase: every other tap of a half-band filter is zero and the centre tap is ½, so a stage
 * costs one multiply per tap pair. Each stage passes 0…0.4 of the base rate (19.2 kHz at 48 kHz)
 * and stops from 0.6 of it (what would fold into the pass band) by `attenuation` dB; the inner
 * stages, with far wider transitions, need few taps. Used by FM-4 (decimation only: its operators
 * run at the high rate); the Distortion's round trip is `Clipper4x`'s IIR half-bands.
 */

/** I₀, the modified Bessel function of the first kind (its power series), for the Kaiser window. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/**
 * The odd taps c₀…c_{M−1} of a half-band low-pass (h(±(2j+1)) = c_j, h(0) = ½) whose transition
 * spans `width` of the stage's high rate, by Kaiser's formulas; scaled so its DC gain is exactly 1.
 */
function halfBandTaps(width: number, attenuation: number): Float64Array {
  const beta = 0.1102 * (attenuation - 8.7);
  const length = Math.ceil((attenuation - 7.95) / (2.285 * 2 * Math.PI * width)) + 1;
  const m = Math.max(1, Math.ceil((length + 1) / 4));
  const half = 2 * m - 1;
  const c = new Float64Array(m);
  let sum = 0;
  for (let j = 0; j < m; j++) {
    const n = 2 * j + 1;
    const w = besselI0(beta * Math.sqrt(1 - (n / half) ** 2)) / besselI0(beta);
    c[j] = (((j & 1) === 0 ? 1 : -1) / (Math.PI * n)) * w;
    sum += c[j];
  }
  for (let j = 0; j < m; j++) c[j] *= 0.25 / sum;
  return c;
}

/**
 * One 2× stage over whole blocks. Each direction keeps its input behind its history in one array
 * (the history first, oldest first), so every output reads a contiguous window; after a block the
 * newest samples become the history.
 */
class HalfBand {
  private readonly m: number;
  /** Up: 2M samples of history, then the block. */
  readonly upBuf: Float64Array;
  /** Down: the side phase (filtered by the odd taps), 2M of history; the centre phase, M (or M + 1) of history. */
  private readonly sideBuf: Float64Array;
  private readonly centreBuf: Float64Array;
  private readonly depth: number;

  /**
   * `oddPhase` makes `down` keep the odd high-rate samples' phase instead of the even ones', one
   * high-rate sample later: how a cascade keeps its round trip a whole number of base samples.
   * `maxLow`: the most low-rate samples in one block.
   */
  constructor(
    private readonly c: Float64Array,
    private readonly oddPhase: boolean,
    maxLow: number,
  ) {
    this.m = c.length;
    this.depth = oddPhase ? this.m + 1 : this.m;
    this.upBuf = new Float64Array(2 * this.m + maxLow);
    this.sideBuf = new Float64Array(2 * this.m + maxLow);
    this.centreBuf = new Float64Array(this.depth + maxLow);
  }

  /** Round trip (up then down) in high-rate samples, around an inner round trip of `inner` of them. */
  roundTrip(inner: number): number {
    return 2 * this.m + inner + 2 * this.m - 2 + (this.oddPhase ? 1 : 0);
  }

  /** Where `up` reads its next block: `upBuf` from this index on, behind the history. */
  get upAt(): number {
    return 2 * this.m;
  }

  /**
   * The n low-rate samples written at `upAt` → 2n high-rate ones in out from out[o] (delayed by 2M
   * high-rate samples). A cascade writes each stage's output straight into the next one's input.
   */
  up(n: number, out: Float64Array, o: number): void {
    const m = this.m;
    const c = this.c;
    const b = this.upBuf;
    // Sample i's window is b[i+1 … i+2M], oldest first: the input at i+2M, the even output (the
    // input M samples back) at i+M, the odd output's tap pairs at i+M−j and i+M+1+j.
    for (let i = 0; i < n; i++) {
      // Two running sums, so the adds do not wait on one another (a quarter faster than one).
      let a0 = 0;
      let a1 = 0;
      let j = 0;
      for (; j + 1 < m; j += 2) {
        a0 += c[j] * (b[i + m - j] + b[i + m + 1 + j]);
        a1 += c[j + 1] * (b[i + m - j - 1] + b[i + m + 2 + j]);
      }
      if (j < m) a0 += c[j] * (b[i + m - j] + b[i + m + 1 + j]);
      out[o + 2 * i] = b[i + m];
      out[o + 2 * i + 1] = 2 * (a0 + a1);
    }
    b.copyWithin(0, n, n + 2 * m);
  }

  /** 2n high-rate samples → n low-rate ones in out. */
  down(input: Float64Array, n: number, out: Float64Array): void {
    const cp = this.oddPhase ? 1 : 0;
    const d = this.depth;
    const m = this.m;
    const centre = this.centreBuf;
    const side = this.sideBuf;
    for (let i = 0; i < n; i++) {
      centre[d + i] = input[2 * i + cp];
      side[2 * m + i] = input[2 * i + 1 - cp];
    }
    this.filterDown(n, out);
  }

  /** The n low-rate samples from the parted phases. */
  private filterDown(n: number, out: Float64Array): void {
    const m = this.m;
    const c = this.c;
    const side = this.sideBuf;
    const centre = this.centreBuf;
    const d = this.depth;
    // The phase kept is filtered by its own centre tap (½); the other phase's samples by the odd taps.
    // Even phase: the centre e[n−M+1] and the sides o[n−M−j], o[n−M+1+j]; odd phase: the centre
    // o[n−M] and the sides e[n−M−j], e[n−M+1+j]. Either way the sides are window entries M−1−j and
    // M+j (array i+M−j, i+M+1+j), and the centre is the oldest of its window (array i+1).
    for (let i = 0; i < n; i++) {
      let a0 = 0.5 * centre[i + 1];
      let a1 = 0;
      let j = 0;
      for (; j + 1 < m; j += 2) {
        a0 += c[j] * (side[i + m - j] + side[i + m + 1 + j]);
        a1 += c[j + 1] * (side[i + m - j - 1] + side[i + m + 2 + j]);
      }
      if (j < m) a0 += c[j] * (side[i + m - j] + side[i + m + 1 + j]);
      out[i] = a0 + a1;
    }
    side.copyWithin(0, n, n + 2 * m);
    centre.copyWithin(0, n, n + d);
  }

  reset(): void {
    this.upBuf.fill(0);
    this.sideBuf.fill(0);
    this.centreBuf.fill(0);
  }
}

/**
 * Runs a signal at `factor` (2, 4 or 8) × the base rate, a block (at most BLOCK samples) at a
 * time: `up` fills `high` from a block, `down` turns `high` back into one. Up then down delays by
 * `latency` whole base samples.
 */
export class Oversampler {
  /** The block at the high rate (factor × the block's length used). */
  readonly high: Float64Array;
  readonly latency: number;
  /** Outermost (base ↔ 2×) first; each with its output (up) and input (down) buffer at its high rate. */
  private readonly stages: HalfBand[] = [];
  private readonly bufs: Float64Array[] = [];
  private readonly low = new Float64Array(BLOCK);

  constructor(
    readonly factor: 2 | 4 | 8,
    attenuation = 100,
  ) {
    const count = Math.log2(factor);
    // From the innermost stage out, each phase chosen so the round trip so far is even.
    let inner = 0;
    const stages: HalfBand[] = [];
    for (let s = count - 1; s >= 0; s--) {
      // Stage s runs between 2^s and 2^(s+1) × the base rate: its transition is 0.4 … 2^s − 0.4 of
      // the base rate, over its high rate.
      const low = 2 ** s;
      const c = halfBandTaps((low - 0.8) / (2 * low), attenuation);
      let stage = new HalfBand(c, false, BLOCK * low);
      if (stage.roundTrip(inner) % 2 !== 0) stage = new HalfBand(c, true, BLOCK * low);
      inner = stage.roundTrip(inner) / 2;
      stages.unshift(stage);
    }
    this.stages.push(...stages);
    for (let s = 0; s < count; s++) this.bufs.push(new Float64Array(BLOCK * 2 ** (s + 1)));
    this.high = this.bufs[count - 1];
    this.latency = inner;
  }

  /** x[0…n) → high[0…n·factor). */
  up(x: Float32Array, n: number): Float64Array {
    const first = this.stages[0];
    const b = first.upBuf;
    const at = first.upAt;
    for (let i = 0; i < n; i++) b[at + i] = x[i];
    let len = n;
    for (let s = 0; s < this.stages.length; s++) {
      const next = this.stages[s + 1];
      if (next === undefined) this.stages[s].up(len, this.high, 0);
      else this.stages[s].up(len, next.upBuf, next.upAt);
      len *= 2;
    }
    return this.high;
  }

  /** high[0…n·factor) → out[0…n). */
  down(n: number, out: Float32Array): void {
    this.downFrom(this.stages.length - 1, n * this.factor, n, out);
  }

  /** Stages s…0 down, from bufs[s] (len samples) → out[0…n). */
  private downFrom(s: number, len: number, n: number, out: Float32Array): void {
    for (; s >= 0; s--) {
      len /= 2;
      this.stages[s].down(this.bufs[s], len, s > 0 ? this.bufs[s - 1] : this.low);
    }
    for (let i = 0; i < n; i++) out[i] = this.low[i];
  }

  reset(): void {
    for (const s of this.stages) s.reset();
  }
}
