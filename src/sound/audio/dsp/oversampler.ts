/**
 * Oversampling by a cascade of 2× stages, each a linear-phase half-band FIR (Kaiser-windowed sinc)
 * run polyphase: every other tap of a half-band filter is zero and the centre tap is ½, so a stage
 * costs one multiply per tap pair. Each stage passes 0…0.4 of the base rate (19.2 kHz at 48 kHz)
 * and stops from 0.6 of it (what would fold into the pass band) by `attenuation` dB; the inner
 * stages, with far wider transitions, need few taps. Used by FM-4 (decimation only: its operators
 * run at the high rate) and Distortion (up, shape, down).
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

/** One 2× stage: `up` turns a sample into two, `down` two into one, each with its own history. */
class HalfBand {
  private readonly m: number;
  /** Histories twice their length, each sample written twice, so a window is one contiguous run. */
  private readonly upHist: Float64Array;
  private readonly sideHist: Float64Array;
  private readonly centreHist: Float64Array;
  private upPos = 0;
  private downPos = 0;
  private centrePos = 0;

  /**
   * `oddPhase` makes `down` keep the odd high-rate samples' phase instead of the even ones', one
   * high-rate sample later: how a cascade keeps its round trip a whole number of base samples.
   */
  constructor(
    private readonly c: Float64Array,
    private readonly oddPhase: boolean,
  ) {
    this.m = c.length;
    this.upHist = new Float64Array(4 * this.m);
    this.sideHist = new Float64Array(4 * this.m);
    this.centreHist = new Float64Array(2 * this.m + 2);
  }

  /** Round trip (up then down) in high-rate samples, around an inner round trip of `inner` of them. */
  roundTrip(inner: number): number {
    return 2 * this.m + inner + 2 * this.m - 2 + (this.oddPhase ? 1 : 0);
  }

  /** x at the low rate → out[at], out[at + 1] at the high rate (delayed by 2M high-rate samples). */
  up(x: number, out: Float64Array, at: number): void {
    const m = this.m;
    const h = this.upHist;
    this.upPos = this.upPos + 1 === 2 * m ? 0 : this.upPos + 1;
    h[this.upPos] = h[this.upPos + 2 * m] = x;
    // The window h[p … p+2M−1], oldest first: its sample 2M−1 is x.
    const p = this.upPos + 1;
    let odd = 0;
    for (let j = 0; j < m; j++) odd += this.c[j] * (h[p + m - 1 - j] + h[p + m + j]);
    out[at] = h[p + m - 1];
    out[at + 1] = 2 * odd;
  }

  /** in[at], in[at + 1] at the high rate → one sample at the low rate. */
  down(input: Float64Array, at: number): number {
    const m = this.m;
    // The phase kept is filtered by its own centre tap; the other phase's samples by the odd taps.
    const centre = this.oddPhase ? input[at + 1] : input[at];
    const side = this.oddPhase ? input[at] : input[at + 1];
    const o = this.sideHist;
    this.downPos = this.downPos + 1 === 2 * m ? 0 : this.downPos + 1;
    o[this.downPos] = o[this.downPos + 2 * m] = side;
    const e = this.centreHist;
    const depth = this.oddPhase ? m + 1 : m;
    this.centrePos = this.centrePos + 1 === depth ? 0 : this.centrePos + 1;
    e[this.centrePos] = e[this.centrePos + depth] = centre;
    // Even phase: the centre e[n−M+1] and the sides o[n−M−j], o[n−M+1+j]; odd phase: the centre
    // o[n−M] and the sides e[n−M−j], e[n−M+1+j]. Either way the sides sit at window index M−1−j
    // and M+j, and the centre is the oldest of its history (M deep, or M+1 for the odd phase).
    const p = this.downPos + 1;
    let acc = 0;
    for (let j = 0; j < m; j++) acc += this.c[j] * (o[p + m - 1 - j] + o[p + m + j]);
    return 0.5 * e[this.centrePos + 1] + acc;
  }

  reset(): void {
    this.upHist.fill(0);
    this.sideHist.fill(0);
    this.centreHist.fill(0);
  }
}

/**
 * Runs a signal at `factor` (2, 4 or 8) × the base rate. `up` fills `high` from one base sample;
 * `down` turns `high` back into one. Up then down delays by `latency` whole base samples.
 */
export class Oversampler {
  readonly high: Float64Array;
  readonly latency: number;
  /** Outermost (base ↔ 2×) first. */
  private readonly stages: HalfBand[] = [];
  private readonly scratch: Float64Array;

  constructor(
    readonly factor: 2 | 4 | 8,
    attenuation = 100,
  ) {
    this.high = new Float64Array(factor);
    this.scratch = new Float64Array(factor);
    const count = Math.log2(factor);
    // From the innermost stage out, each phase chosen so the round trip so far is even.
    let inner = 0;
    const stages: HalfBand[] = [];
    for (let s = count - 1; s >= 0; s--) {
      // Stage s runs between 2^s and 2^(s+1) × the base rate: its transition is 0.4 … 2^s − 0.4 of
      // the base rate, over its high rate.
      const low = 2 ** s;
      const c = halfBandTaps((low - 0.8) / (2 * low), attenuation);
      let stage = new HalfBand(c, false);
      if (stage.roundTrip(inner) % 2 !== 0) stage = new HalfBand(c, true);
      inner = stage.roundTrip(inner) / 2;
      stages.unshift(stage);
    }
    this.stages.push(...stages);
    this.latency = inner;
  }

  up(x: number): Float64Array {
    const h = this.high;
    h[0] = x;
    let n = 1;
    for (const stage of this.stages) {
      // Expand in place from the top down: n samples → 2n.
      for (let i = n - 1; i >= 0; i--) this.scratch[i] = h[i];
      for (let i = 0; i < n; i++) stage.up(this.scratch[i], h, 2 * i);
      n *= 2;
    }
    return h;
  }

  down(): number {
    const h = this.high;
    let n = this.factor;
    for (let s = this.stages.length - 1; s >= 0; s--) {
      n /= 2;
      for (let i = 0; i < n; i++) h[i] = this.stages[s].down(h, 2 * i);
    }
    return h[0];
  }

  reset(): void {
    for (const s of this.stages) s.reset();
    this.high.fill(0);
  }
}
