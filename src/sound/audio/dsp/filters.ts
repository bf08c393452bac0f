import { clamp, softClip } from './math.js';

/** A TPT integrator's prewarped gain tan(π·f/sampleRate) for a cutoff kept within 10 Hz … `ceiling`·sampleRate. */
const prewarp = (cutoff: number, ceiling: number, sampleRate: number): number => Math.tan((Math.PI * clamp(cutoff, 10, sampleRate * ceiling)) / sampleRate);

/** The band-pass output level above which the resonance loop starts to lose gain. */
const RESONANT_KNEE = 1;
/** Extra damping per unit of band-pass level above the knee. */
const LIMIT_SLOPE = 2;

/**
 * A topology-preserving-transform state-variable filter (Zavalishin / Cytomic): stable under
 * fast cutoff modulation, one structure for low-, band-, high-pass and notch. The resonance loop
 * saturates, as an analogue filter's does: while the band-pass output (the level of the resonance,
 * the same as the low-pass output's at the cutoff) is above RESONANT_KNEE, the damping grows with
 * the excess, so a resonant peak is soft-limited (+26 dB on a loud sine at the cutoff was not)
 * while quieter signals filter exactly as the linear design. With the damping at or below zero
 * (the top of the Resonance range, `resonanceDamping`) the filter self-oscillates at the cutoff,
 * held near the knee by the same limit.
 */
export class Svf {
  private ic1 = 0;
  private ic2 = 0;
  private g = 0;
  /** The damping set, and the one in use (larger while the resonance is limited). */
  private k = Math.SQRT2;
  private kNow = Math.SQRT2;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private lastF = NaN;
  private lastK = NaN;
  /** The previous band-pass output. */
  private bp = 0;

  /** `damping` 1/Q: √2 (no resonance) down to zero and a little below (self-oscillation). Cheap when nothing changed. */
  set(cutoff: number, damping: number, sampleRate: number): void {
    if (cutoff === this.lastF && damping === this.lastK) return;
    this.lastF = cutoff;
    this.lastK = damping;
    this.g = prewarp(cutoff, 0.49, sampleRate);
    this.k = damping;
    this.damp(damping);
  }

  private damp(k: number): void {
    this.kNow = k;
    this.a1 = 1 / (1 + this.g * (this.g + k));
    this.a2 = this.g * this.a1;
    this.a3 = this.g * this.a2;
  }

  /** mode 0 low-pass, 1 band-pass, 2 high-pass, 3 notch. */
  tick(v0: number, mode: number): number {
    const over = Math.abs(this.bp) - RESONANT_KNEE;
    if (over > 0) this.damp(this.k + LIMIT_SLOPE * over);
    else if (this.kNow !== this.k) this.damp(this.k);
    const v3 = v0 - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.bp = v1;
    switch (mode) {
      case 0:
        return v2;
      case 1:
        return v1;
      case 2:
        return v0 - this.kNow * v1 - v2;
      default:
        return v0 - this.kNow * v1;
    }
  }

  /**
   * `tick(v, 0)` (low-pass) over buf[from…to−1] in place: the same arithmetic in the same order,
   * with the state in locals for the loop (a voice's filter is its dearest part).
   */
  lowpassInPlace(buf: Float64Array, from: number, to: number): void {
    const { g, k } = this;
    let { ic1, ic2, kNow, a1, a2, a3, bp } = this;
    for (let i = from; i < to; i++) {
      const over = Math.abs(bp) - RESONANT_KNEE;
      if (over > 0 || kNow !== k) {
        kNow = over > 0 ? k + LIMIT_SLOPE * over : k;
        a1 = 1 / (1 + g * (g + kNow));
        a2 = g * a1;
        a3 = g * a2;
      }
      const v3 = buf[i] - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      bp = v1;
      buf[i] = v2;
    }
    this.keep(ic1, ic2, kNow, a1, a2, a3, bp);
  }

  /**
   * `lowpassInPlace` without writing back: each output times env[i] times `gain` is added to l and
   * r (a voice's attack, decay or release: the same products in the same order as a pass over the
   * filtered block, whose loads and stores it saves). r may be l (a centred instrument rendering one
   * side, see Instrument.centred): then each output is added once.
   */
  lowpassEnvAdd(buf: Float64Array, env: Float64Array, from: number, to: number, gain: number, l: Float32Array, r: Float32Array): void {
    const stereo = r !== l;
    const { g, k } = this;
    let { ic1, ic2, kNow, a1, a2, a3, bp } = this;
    for (let i = from; i < to; i++) {
      const over = Math.abs(bp) - RESONANT_KNEE;
      if (over > 0 || kNow !== k) {
        kNow = over > 0 ? k + LIMIT_SLOPE * over : k;
        a1 = 1 / (1 + g * (g + kNow));
        a2 = g * a1;
        a3 = g * a2;
      }
      const v3 = buf[i] - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      bp = v1;
      const x = v2 * env[i] * gain;
      l[i] += x;
      if (stereo) r[i] += x;
    }
    this.keep(ic1, ic2, kNow, a1, a2, a3, bp);
  }

  /**
   * `lowpassInPlace` without writing back: each output times `level` times `gain` is added to l and
   * r (a held voice's last step, the same products in the same order). As in `lowpassEnvAdd`, r
   * may be l: then each output is added once.
   */
  lowpassAdd(buf: Float64Array, from: number, to: number, level: number, gain: number, l: Float32Array, r: Float32Array): void {
    const stereo = r !== l;
    const { g, k } = this;
    let { ic1, ic2, kNow, a1, a2, a3, bp } = this;
    for (let i = from; i < to; i++) {
      const over = Math.abs(bp) - RESONANT_KNEE;
      if (over > 0 || kNow !== k) {
        kNow = over > 0 ? k + LIMIT_SLOPE * over : k;
        a1 = 1 / (1 + g * (g + kNow));
        a2 = g * a1;
        a3 = g * a2;
      }
      const v3 = buf[i] - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      bp = v1;
      const x = v2 * level * gain;
      l[i] += x;
      if (stereo) r[i] += x;
    }
    this.keep(ic1, ic2, kNow, a1, a2, a3, bp);
  }

  /**
   * `lowpassEnvAdd` with the envelope stepped in the loop instead of read from a buffer, as
   * `lowpassStepPair` does for two voices: its level v ← add + (v − sub) · mul from `step`
   * (Adsr.step's law, level first). Stops before the first sample on which the envelope would
   * change its stage and returns it (`to` when it does not), the level so far written back to step[0].
   */
  lowpassStepAdd(buf: Float64Array, step: Float64Array, from: number, to: number, gain: number, l: Float32Array, r: Float32Array): number {
    const stereo = r !== l;
    const { g, k } = this;
    let { ic1, ic2, kNow, a1, a2, a3, bp } = this;
    let v = step[0];
    const add = step[1];
    const sub = step[2];
    const mul = step[3];
    const top = step[4];
    const floor = step[5];
    let i = from;
    for (; i < to; i++) {
      const e = add + (v - sub) * mul;
      if (e >= top || e - sub < floor) break;
      v = e;
      const over = Math.abs(bp) - RESONANT_KNEE;
      if (over > 0 || kNow !== k) {
        kNow = over > 0 ? k + LIMIT_SLOPE * over : k;
        a1 = 1 / (1 + g * (g + kNow));
        a2 = g * a1;
        a3 = g * a2;
      }
      const v3 = buf[i] - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      bp = v1;
      const x = v2 * e * gain;
      l[i] += x;
      if (stereo) r[i] += x;
    }
    step[0] = v;
    this.keep(ic1, ic2, kNow, a1, a2, a3, bp);
    return i;
  }

  /**
   * `a.lowpassAdd(bufA, …, levelA, gainA, l, r)` then `b.lowpassAdd(bufB, …)` in one loop: each
   * sample of l and r gets a's output and then b's, rounded to 32 bits after each as the two calls
   * round them, so the same bits. Two independent filters' dependent chains interleave (a held
   * chord's voices, two at a time). r may be l: then each sample is written once.
   */
  static lowpassAddPair(
    a: Svf,
    bufA: Float64Array,
    levelA: number,
    gainA: number,
    b: Svf,
    bufB: Float64Array,
    levelB: number,
    gainB: number,
    from: number,
    to: number,
    l: Float32Array,
    r: Float32Array,
  ): void {
    const stereo = r !== l;
    const ga = a.g;
    const ka = a.k;
    const gb = b.g;
    const kb = b.k;
    let { ic1: p1, ic2: p2, kNow: pk, a1: pa1, a2: pa2, a3: pa3, bp: pbp } = a;
    let { ic1: q1, ic2: q2, kNow: qk, a1: qa1, a2: qa2, a3: qa3, bp: qbp } = b;
    for (let i = from; i < to; i++) {
      const po = Math.abs(pbp) - RESONANT_KNEE;
      if (po > 0 || pk !== ka) {
        pk = po > 0 ? ka + LIMIT_SLOPE * po : ka;
        pa1 = 1 / (1 + ga * (ga + pk));
        pa2 = ga * pa1;
        pa3 = ga * pa2;
      }
      const qo = Math.abs(qbp) - RESONANT_KNEE;
      if (qo > 0 || qk !== kb) {
        qk = qo > 0 ? kb + LIMIT_SLOPE * qo : kb;
        qa1 = 1 / (1 + gb * (gb + qk));
        qa2 = gb * qa1;
        qa3 = gb * qa2;
      }
      const pv3 = bufA[i] - p2;
      const pv1 = pa1 * p1 + pa2 * pv3;
      const pv2 = p2 + pa2 * p1 + pa3 * pv3;
      p1 = 2 * pv1 - p1;
      p2 = 2 * pv2 - p2;
      pbp = pv1;
      const qv3 = bufB[i] - q2;
      const qv1 = qa1 * q1 + qa2 * qv3;
      const qv2 = q2 + qa2 * q1 + qa3 * qv3;
      q1 = 2 * qv1 - q1;
      q2 = 2 * qv2 - q2;
      qbp = qv1;
      const xa = pv2 * levelA * gainA;
      const xb = qv2 * levelB * gainB;
      l[i] = Math.fround(l[i] + xa) + xb;
      if (stereo) r[i] = Math.fround(r[i] + xa) + xb;
    }
    a.keep(p1, p2, pk, pa1, pa2, pa3, pbp);
    b.keep(q1, q2, qk, qa1, qa2, qa3, qbp);
  }

  /**
   * `a.lowpassEnvAdd(bufA, envA, …, gainA, l, r)` then `b.lowpassEnvAdd(bufB, envB, …)` in one loop,
   * as `lowpassAddPair` does for two held voices: two voices in their attack, decay or release (or one
   * of them held, its envelope buffer at the sustain), rounded to 32 bits after each add, so the same bits.
   */
  static lowpassEnvAddPair(
    a: Svf,
    bufA: Float64Array,
    envA: Float64Array,
    gainA: number,
    b: Svf,
    bufB: Float64Array,
    envB: Float64Array,
    gainB: number,
    from: number,
    to: number,
    l: Float32Array,
    r: Float32Array,
  ): void {
    const stereo = r !== l;
    const ga = a.g;
    const ka = a.k;
    const gb = b.g;
    const kb = b.k;
    let { ic1: p1, ic2: p2, kNow: pk, a1: pa1, a2: pa2, a3: pa3, bp: pbp } = a;
    let { ic1: q1, ic2: q2, kNow: qk, a1: qa1, a2: qa2, a3: qa3, bp: qbp } = b;
    for (let i = from; i < to; i++) {
      const po = Math.abs(pbp) - RESONANT_KNEE;
      if (po > 0 || pk !== ka) {
        pk = po > 0 ? ka + LIMIT_SLOPE * po : ka;
        pa1 = 1 / (1 + ga * (ga + pk));
        pa2 = ga * pa1;
        pa3 = ga * pa2;
      }
      const qo = Math.abs(qbp) - RESONANT_KNEE;
      if (qo > 0 || qk !== kb) {
        qk = qo > 0 ? kb + LIMIT_SLOPE * qo : kb;
        qa1 = 1 / (1 + gb * (gb + qk));
        qa2 = gb * qa1;
        qa3 = gb * qa2;
      }
      const pv3 = bufA[i] - p2;
      const pv1 = pa1 * p1 + pa2 * pv3;
      const pv2 = p2 + pa2 * p1 + pa3 * pv3;
      p1 = 2 * pv1 - p1;
      p2 = 2 * pv2 - p2;
      pbp = pv1;
      const qv3 = bufB[i] - q2;
      const qv1 = qa1 * q1 + qa2 * qv3;
      const qv2 = q2 + qa2 * q1 + qa3 * qv3;
      q1 = 2 * qv1 - q1;
      q2 = 2 * qv2 - q2;
      qbp = qv1;
      const xa = pv2 * envA[i] * gainA;
      const xb = qv2 * envB[i] * gainB;
      l[i] = Math.fround(l[i] + xa) + xb;
      if (stereo) r[i] = Math.fround(r[i] + xa) + xb;
    }
    a.keep(p1, p2, pk, pa1, pa2, pa3, pbp);
    b.keep(q1, q2, qk, qa1, qa2, qa3, qbp);
  }

  /**
   * `lowpassEnvAddPair` with each envelope stepped in the loop instead of read from a buffer: its
   * level v ← add + (v − sub) · mul from `stepA` and `stepB` (Adsr.step's law, level first), so
   * the envelopes' own dependent chains run beside the filters'. Stops before the first sample on
   * which either envelope would change its stage and returns it (`to` when none does), with each
   * level so far written back to step[0]: the samples before it are lowpassEnvAddPair's to the bit.
   */
  static lowpassStepPair(
    a: Svf,
    bufA: Float64Array,
    stepA: Float64Array,
    gainA: number,
    b: Svf,
    bufB: Float64Array,
    stepB: Float64Array,
    gainB: number,
    from: number,
    to: number,
    l: Float32Array,
    r: Float32Array,
  ): number {
    const stereo = r !== l;
    const ga = a.g;
    const ka = a.k;
    const gb = b.g;
    const kb = b.k;
    let va = stepA[0];
    const addA = stepA[1];
    const subA = stepA[2];
    const mulA = stepA[3];
    const topA = stepA[4];
    const floorA = stepA[5];
    let vb = stepB[0];
    const addB = stepB[1];
    const subB = stepB[2];
    const mulB = stepB[3];
    const topB = stepB[4];
    const floorB = stepB[5];
    let { ic1: p1, ic2: p2, kNow: pk, a1: pa1, a2: pa2, a3: pa3, bp: pbp } = a;
    let { ic1: q1, ic2: q2, kNow: qk, a1: qa1, a2: qa2, a3: qa3, bp: qbp } = b;
    let i = from;
    for (; i < to; i++) {
      const ea = addA + (va - subA) * mulA;
      const eb = addB + (vb - subB) * mulB;
      if (ea >= topA || ea - subA < floorA || eb >= topB || eb - subB < floorB) break;
      va = ea;
      vb = eb;
      const po = Math.abs(pbp) - RESONANT_KNEE;
      if (po > 0 || pk !== ka) {
        pk = po > 0 ? ka + LIMIT_SLOPE * po : ka;
        pa1 = 1 / (1 + ga * (ga + pk));
        pa2 = ga * pa1;
        pa3 = ga * pa2;
      }
      const qo = Math.abs(qbp) - RESONANT_KNEE;
      if (qo > 0 || qk !== kb) {
        qk = qo > 0 ? kb + LIMIT_SLOPE * qo : kb;
        qa1 = 1 / (1 + gb * (gb + qk));
        qa2 = gb * qa1;
        qa3 = gb * qa2;
      }
      const pv3 = bufA[i] - p2;
      const pv1 = pa1 * p1 + pa2 * pv3;
      const pv2 = p2 + pa2 * p1 + pa3 * pv3;
      p1 = 2 * pv1 - p1;
      p2 = 2 * pv2 - p2;
      pbp = pv1;
      const qv3 = bufB[i] - q2;
      const qv1 = qa1 * q1 + qa2 * qv3;
      const qv2 = q2 + qa2 * q1 + qa3 * qv3;
      q1 = 2 * qv1 - q1;
      q2 = 2 * qv2 - q2;
      qbp = qv1;
      const xa = pv2 * ea * gainA;
      const xb = qv2 * eb * gainB;
      l[i] = Math.fround(l[i] + xa) + xb;
      if (stereo) r[i] = Math.fround(r[i] + xa) + xb;
    }
    stepA[0] = va;
    stepB[0] = vb;
    a.keep(p1, p2, pk, pa1, pa2, pa3, pbp);
    b.keep(q1, q2, qk, qa1, qa2, qa3, qbp);
    return i;
  }

  /** Stores the state a block loop carried in locals (the integrators, the damping in use and its gains, the band-pass). */
  private keep(ic1: number, ic2: number, kNow: number, a1: number, a2: number, a3: number, bp: number): void {
    this.ic1 = ic1;
    this.ic2 = ic2;
    this.kNow = kNow;
    this.a1 = a1;
    this.a2 = a2;
    this.a3 = a3;
    this.bp = bp;
  }

  reset(): void {
    this.ic1 = this.ic2 = this.bp = 0;
  }
}

/** Up to this Resonance, the SVF's Q rises exponentially from 0.707 (Butterworth) to 14.3. */
const Q_TOP = 0.9;
/** At Resonance 100 % the damping is this (negative: the loop gains until its limit holds it). */
const SELF_OSCILLATION_DAMPING = -0.02;
const TOP_DAMPING = 1 / (0.707 * Math.pow(20 / 0.707, Q_TOP));

/**
 * Resonance 0–1 as the SVF's damping 1/Q: Q 0.707 · 28.3^r up to Resonance 90 % (Q 14.3; the
 * same curve as before, which went on to Q 20 at 100 %), then the damping falls linearly through
 * zero, where the filter starts to self-oscillate (about 97 %), to SELF_OSCILLATION_DAMPING.
 */
export function resonanceDamping(r: number): number {
  const c = clamp(r, 0, 1);
  if (c <= Q_TOP) return 1 / (0.707 * Math.pow(20 / 0.707, c));
  return TOP_DAMPING + ((c - Q_TOP) / (1 - Q_TOP)) * (SELF_OSCILLATION_DAMPING - TOP_DAMPING);
}

/** The ladder's feedback at Resonance 100 %: past 4, where a four-pole ladder self-oscillates. */
const LADDER_MAX_FEEDBACK = 4.2;

/**
 * A four-pole ladder low-pass (four TPT one-poles with global feedback, the feedback solved
 * instantaneously) with tanh drive at the input: the "LD" character of the Grid's Low-pass LD.
 * The feedback passes the saturator, so the resonance is bounded; from Resonance 95 % (feedback 4)
 * it self-oscillates at the cutoff.
 */
export class Ladder {
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  private s4 = 0;
  private G = 0;
  private g = 0;
  private k = 0;
  private lastF = NaN;
  private lastR = NaN;

  /** Cheap when nothing changed. */
  set(cutoff: number, resonance: number, sampleRate: number): void {
    if (cutoff === this.lastF && resonance === this.lastR) return;
    this.lastF = cutoff;
    this.lastR = resonance;
    const wd = prewarp(cutoff, 0.45, sampleRate);
    this.g = wd / (1 + wd);
    this.G = this.g * this.g * this.g * this.g;
    this.k = LADDER_MAX_FEEDBACK * clamp(resonance, 0, 1);
  }

  tick(x: number): number {
    const g = this.g;
    const b = 1 - g;
    // Each stage: y = g·x + (1−g)·s; the ladder's output in terms of the input and the states.
    const S = b * (g * g * g * this.s1 + g * g * this.s2 + g * this.s3 + this.s4);
    const u = (x - this.k * S) / (1 + this.k * this.G);
    const v = softClip(u);
    let y = g * v + b * this.s1;
    this.s1 = 2 * y - this.s1;
    const y1 = y;
    y = g * y1 + b * this.s2;
    this.s2 = 2 * y - this.s2;
    const y2 = y;
    y = g * y2 + b * this.s3;
    this.s3 = 2 * y - this.s3;
    const y3 = y;
    y = g * y3 + b * this.s4;
    this.s4 = 2 * y - this.s4;
    return y;
  }
}

/** RBJ cookbook biquad (transposed direct form II). */
export class Biquad {
  b0 = 1;
  b1 = 0;
  b2 = 0;
  a1 = 0;
  a2 = 0;
  private z1 = 0;
  private z2 = 0;

  private setNorm(b0: number, b1: number, b2: number, a0: number, a1: number, a2: number): void {
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = a1 / a0;
    this.a2 = a2 / a0;
  }

  lowShelf(f: number, db: number, sampleRate: number): void {
    this.shelf(f, db, sampleRate, 1);
  }

  highShelf(f: number, db: number, sampleRate: number): void {
    this.shelf(f, db, sampleRate, -1);
  }

  /**
   * The cookbook's shelves in one formula: the high shelf is the low shelf with cos w negated and
   * the b1 and a1 terms flipped (`mirror` −1). Negation is exact, so both keep their coefficients bit for bit.
   */
  private shelf(f: number, db: number, sampleRate: number, mirror: 1 | -1): void {
    const A = Math.pow(10, db / 40);
    const w = (2 * Math.PI * clamp(f, 10, sampleRate * 0.49)) / sampleRate;
    const c = mirror * Math.cos(w);
    const alpha = (Math.sin(w) / 2) * Math.SQRT2;
    const sa = 2 * Math.sqrt(A) * alpha;
    this.setNorm(
      A * (A + 1 - (A - 1) * c + sa),
      mirror * 2 * A * (A - 1 - (A + 1) * c),
      A * (A + 1 - (A - 1) * c - sa),
      A + 1 + (A - 1) * c + sa,
      mirror * -2 * (A - 1 + (A + 1) * c),
      A + 1 + (A - 1) * c - sa,
    );
  }

  peak(f: number, db: number, q: number, sampleRate: number): void {
    const A = Math.pow(10, db / 40);
    const w = (2 * Math.PI * clamp(f, 10, sampleRate * 0.49)) / sampleRate;
    const c = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    this.setNorm(1 + alpha * A, -2 * c, 1 - alpha * A, 1 + alpha / A, -2 * c, 1 - alpha / A);
  }

  /** Filters samples from..to−1 in place. */
  run(buf: Float32Array, from: number, to: number): void {
    const { b0, b1, b2, a1, a2 } = this;
    let z1 = this.z1;
    let z2 = this.z2;
    for (let i = from; i < to; i++) {
      const x = buf[i];
      const y = b0 * x + z1;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      buf[i] = y;
    }
    // Flush denormals: a decaying state stays exact zero instead of crawling through subnormals.
    this.z1 = Math.abs(z1) < 1e-20 ? 0 : z1;
    this.z2 = Math.abs(z2) < 1e-20 ? 0 : z2;
  }

  /**
   * `run` over l[0..n) with this filter and over r[0..n) with `right`, which holds this one's design
   * (`copyCoefficients`), in one loop: a channel's recursion is a chain of dependent multiply-adds,
   * and two independent chains in one loop keep the multipliers busy. Each side's arithmetic is `run`'s.
   */
  runPair(l: Float32Array, r: Float32Array, right: Biquad, n: number): void {
    const { b0, b1, b2, a1, a2 } = this;
    let z1 = this.z1;
    let z2 = this.z2;
    let w1 = right.z1;
    let w2 = right.z2;
    for (let i = 0; i < n; i++) {
      const x = l[i];
      const y = b0 * x + z1;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      l[i] = y;
      const u = r[i];
      const v = b0 * u + w1;
      w1 = b1 * u - a1 * v + w2;
      w2 = b2 * u - a2 * v;
      r[i] = v;
    }
    this.z1 = Math.abs(z1) < 1e-20 ? 0 : z1;
    this.z2 = Math.abs(z2) < 1e-20 ? 0 : z2;
    right.z1 = Math.abs(w1) < 1e-20 ? 0 : w1;
    right.z2 = Math.abs(w2) < 1e-20 ? 0 : w2;
  }

  /** Takes another's coefficients (the same design for a second channel), not its state. */
  copyCoefficients(from: Biquad): void {
    this.b0 = from.b0;
    this.b1 = from.b1;
    this.b2 = from.b2;
    this.a1 = from.a1;
    this.a2 = from.a2;
  }

  /** Clears the state: at 0 dB (an identity) the state in step with any input is zero. */
  reset(): void {
    this.z1 = this.z2 = 0;
  }
}

/** One-pole low-pass (for tone controls and damping). */
export class OnePole {
  /** The state and the coefficient, open to a device's own per-block loop (Delay+), which must update them as `lp` does. */
  z = 0;
  a = 0;
  set(cutoff: number, sampleRate: number): void {
    this.a = Math.exp((-2 * Math.PI * clamp(cutoff, 1, sampleRate * 0.49)) / sampleRate);
  }
  lp(x: number): number {
    this.z = x + this.a * (this.z - x);
    return this.z;
  }
  hp(x: number): number {
    return x - this.lp(x);
  }
  /** Takes another's state (its coefficient is set separately). */
  copy(from: OnePole): void {
    this.z = from.z;
  }
  /** Takes another's coefficient (a second channel at the same cutoff, without a second exp). */
  copyCoefficient(from: OnePole): void {
    this.a = from.a;
  }
  reset(): void {
    this.z = 0;
  }
}
