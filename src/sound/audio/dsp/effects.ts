import { Biquad, OnePole, resonanceQ, Svf } from './filters.js';
import { dbToGain, softClip } from './math.js';
import { lfoShape } from './oscillators.js';
import type { PlanParams } from './plan.js';

/** An audio effect: processes a stereo block in place. */
export interface Effect {
  process(l: Float32Array, r: Float32Array, n: number): void;
  reset(): void;
  /** Seconds after its input falls silent until its output is silent too (below −90 dB). */
  tail(): number;
}

/** The dry copy of a block, kept while an effect works on it in place, and mixed back by MIX. */
class DrySignal {
  private readonly l = new Float32Array(128);
  private readonly r = new Float32Array(128);
  keep(l: Float32Array, r: Float32Array): void {
    this.l.set(l);
    this.r.set(r);
  }
  /** l, r ← dry · (1 − wet) + l, r · wet; nothing at wet ≥ 1. */
  mix(l: Float32Array, r: Float32Array, n: number, wet: number): void {
    if (wet >= 1) return;
    const dl = this.l;
    const dr = this.r;
    const dry = 1 - wet;
    for (let i = 0; i < n; i++) {
      l[i] = dl[i] * dry + l[i] * wet;
      r[i] = dr[i] * dry + r[i] * wet;
    }
  }
}

/**
 * An effect whose wet path works on the block in place (`wet`), mixed back with the dry block by
 * MIX; `after` runs on the mix (an output gain).
 */
abstract class WetDryEffect implements Effect {
  private readonly dry = new DrySignal();
  constructor(
    protected readonly p: PlanParams,
    protected readonly sr: number,
  ) {}
  process(l: Float32Array, r: Float32Array, n: number): void {
    this.dry.keep(l, r);
    this.wet(l, r, n);
    this.dry.mix(l, r, n, this.p.MIX);
    this.after(l, r, n);
  }
  protected abstract wet(l: Float32Array, r: Float32Array, n: number): void;
  protected after(_l: Float32Array, _r: Float32Array, _n: number): void {}
  reset(): void {}
  abstract tail(): number;
}

/** Output gain in place; nothing at unity (x · 1 is x exactly). */
function applyGain(l: Float32Array, r: Float32Array, n: number, g: number): void {
  if (g === 1) return;
  for (let i = 0; i < n; i++) {
    l[i] *= g;
    r[i] *= g;
  }
}

/** EQ+: low shelf, mid peak (Q 0.7) and high shelf (RBJ biquads); a band at 0 dB is skipped. */
export class EqPlus implements Effect {
  private readonly bands: Biquad[][] = [0, 1, 2].map(() => [new Biquad(), new Biquad()]);
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
  ) {}
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const gains = [p.LOW_GAIN, p.MID_GAIN, p.HIGH_GAIN];
    for (let b = 0; b < 3; b++) {
      if (gains[b] === 0) continue;
      for (const q of this.bands[b]) {
        if (b === 0) q.lowShelf(p.LOW_FREQ, gains[b], this.sr);
        else if (b === 1) q.peak(p.MID_FREQ, gains[b], 0.7, this.sr);
        else q.highShelf(p.HIGH_FREQ, gains[b], this.sr);
      }
      this.bands[b][0].run(l, n);
      this.bands[b][1].run(r, n);
    }
    applyGain(l, r, n, p.OUTPUT);
  }
  reset(): void {}
  tail(): number {
    return 0.1;
  }
}

/** Compressor: feed-forward, stereo-linked peak detector with attack/release, hard knee. */
/** Samples per compressor gain update (83 µs at 48 kHz, far below the shortest attack). */
const GAIN_STEP = 4;

export class Compressor extends WetDryEffect {
  private env = 0;
  private gain = 1;
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const att = Math.exp(-1 / ((p.ATTACK / 1000) * this.sr));
    const rel = Math.exp(-1 / ((p.RELEASE / 1000) * this.sr));
    const thr = p.THRESHOLD;
    const slope = 1 - 1 / p.RATIO;
    const makeup = dbToGain(p.MAKEUP);
    const thrLin = dbToGain(thr);
    let env = this.env;
    let g = this.gain;
    for (let i = 0; i < n; i++) {
      const x = Math.max(Math.abs(l[i]), Math.abs(r[i]));
      env = x > env ? x + att * (env - x) : x + rel * (env - x);
      // Above the threshold the gain is (env/thr)^(−slope); it is recomputed every
      // GAIN_STEP samples (a pow per sample was the compressor's whole cost).
      if ((i & (GAIN_STEP - 1)) === 0) g = env > thrLin ? makeup * Math.pow(env / thrLin, -slope) : makeup;
      l[i] *= g;
      r[i] *= g;
    }
    this.gain = g;
    this.env = env < 1e-9 ? 0 : env;
  }
  override reset(): void {
    this.env = 0;
  }
  tail(): number {
    return 0;
  }
}

/** A delay line of a power-of-two length with fractional (linear) reads. */
export class DelayLine {
  private readonly buf: Float32Array;
  private readonly mask: number;
  private w = 0;
  constructor(maxSamples: number) {
    let size = 1;
    while (size < maxSamples + 2) size <<= 1;
    this.buf = new Float32Array(size);
    this.mask = size - 1;
  }
  write(x: number): void {
    this.buf[this.w] = x;
    this.w = (this.w + 1) & this.mask;
  }
  /** The sample written `d` samples ago (d ≥ 1). */
  read(d: number): number {
    const p = this.w - d;
    const k = Math.floor(p);
    const f = p - k;
    const a = this.buf[k & this.mask];
    const b = this.buf[(k + 1) & this.mask];
    return a + (b - a) * f;
  }
  clear(): void {
    this.buf.fill(0);
  }
}

/**
 * Delay+: stereo delay with feedback through low- and high-cut filters, ping-pong option. Its
 * time is TIME in ms, or with SYNC on TIME_SYNC's note value at the transport's tempo; either
 * way at most 4 s.
 */
export class DelayPlus implements Effect {
  private readonly lines: DelayLine[];
  private readonly lc = [new OnePole(), new OnePole()];
  private readonly hc = [new OnePole(), new OnePole()];
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
    private readonly secondsPerBeat: number,
  ) {
    this.lines = [new DelayLine(sr * 4.1), new DelayLine(sr * 4.1)];
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const d = Math.max(1, Math.min(this.sr * 4, this.seconds() * this.sr));
    const fb = p.FEEDBACK;
    const wet = p.MIX;
    const pp = p.PING_PONG > 0.5;
    for (let c = 0; c < 2; c++) {
      this.lc[c].set(p.LOW_CUT, this.sr);
      this.hc[c].set(p.HIGH_CUT, this.sr);
    }
    const [L, R] = this.lines;
    for (let i = 0; i < n; i++) {
      const yl = L.read(d);
      const yr = R.read(d);
      const fl = this.hc[0].lp(this.lc[0].hp(yl)) * fb;
      const fr = this.hc[1].lp(this.lc[1].hp(yr)) * fb;
      const xl = l[i];
      const xr = r[i];
      if (pp) {
        L.write((xl + xr) * 0.5 + fr);
        R.write(fl);
      } else {
        L.write(xl + fl);
        R.write(xr + fr);
      }
      l[i] = xl * (1 - wet) + yl * wet;
      r[i] = xr * (1 - wet) + yr * wet;
    }
  }
  reset(): void {
    for (const x of this.lines) x.clear();
  }
  tail(): number {
    // Each echo loses 20·log10(FEEDBACK) dB; −90 dB takes this many repeats.
    const fb = Math.min(0.999, Math.max(1e-3, this.p.FEEDBACK));
    const repeats = 1 + Math.log(10 ** (-90 / 20)) / Math.log(fb);
    return this.seconds() * repeats + 0.05;
  }
  private seconds(): number {
    return this.p.SYNC > 0.5 ? this.p.TIME_BEATS * this.secondsPerBeat : this.p.TIME / 1000;
  }
}

// Freeverb's tunings at 44.1 kHz, scaled to the engine's rate.
const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASSES = [556, 441, 341, 225];
const SPREAD = 23;

class Comb {
  private readonly buf: Float32Array;
  private i = 0;
  private store = 0;
  feedback = 0.8;
  damp = 0.2;
  constructor(len: number) {
    this.buf = new Float32Array(len);
  }
  get length(): number {
    return this.buf.length;
  }
  /** Both sides' combs of one tuning over the same input: one pass, the input read once. */
  static runPair(a: Comb, b: Comb, x: Float32Array, outA: Float32Array, outB: Float32Array, n: number): void {
    const ba = a.buf;
    const bb = b.buf;
    const la = ba.length;
    const lb = bb.length;
    const fa = a.feedback;
    const fb = b.feedback;
    const d = a.damp;
    const d1 = 1 - d;
    let ia = a.i;
    let ib = b.i;
    let sa = a.store;
    let sb = b.store;
    for (let k = 0; k < n; k++) {
      const v = x[k];
      const ya = ba[ia];
      const yb = bb[ib];
      sa = ya * d1 + sa * d;
      sb = yb * d1 + sb * d;
      ba[ia] = v + sa * fa;
      bb[ib] = v + sb * fb;
      outA[k] += ya;
      outB[k] += yb;
      if (++ia >= la) ia = 0;
      if (++ib >= lb) ib = 0;
    }
    a.i = ia;
    b.i = ib;
    a.store = Math.abs(sa) < 1e-20 ? 0 : sa;
    b.store = Math.abs(sb) < 1e-20 ? 0 : sb;
  }

  clear(): void {
    this.buf.fill(0);
    this.store = 0;
  }
}

class Allpass {
  private readonly buf: Float32Array;
  private i = 0;
  constructor(len: number) {
    this.buf = new Float32Array(len);
  }
  run(x: Float32Array, n: number): void {
    const buf = this.buf;
    const len = buf.length;
    let i = this.i;
    for (let k = 0; k < n; k++) {
      const b = buf[i];
      const v = x[k];
      buf[i] = v + b * 0.5;
      x[k] = b - v;
      if (++i >= len) i = 0;
    }
    this.i = i;
  }
  clear(): void {
    this.buf.fill(0);
  }
}

/**
 * Reverb: Freeverb (eight damped combs and four all-passes per side, the right side's delays
 * spread). Room Size is the decay time to −60 dB (RT60): each comb's feedback is set so that
 * its loop loses 60 dB in that time. Damping, pre-delay, width and mix as named. The tank runs
 * at half the engine's rate (pairs of input samples averaged in, its output interpolated back):
 * it halves the reverb's cost, and a tail loses nothing audible above a quarter of the rate
 * (12 kHz at 48 kHz) that the damping would not take anyway.
 */
export class Reverb implements Effect {
  private readonly combs: Comb[][];
  private readonly allpasses: Allpass[][];
  private readonly pre: DelayLine;
  private readonly tankRate: number;
  private readonly x = new Float32Array(64);
  private readonly ol = new Float32Array(64);
  private readonly or = new Float32Array(64);
  private lastL = 0;
  private lastR = 0;
  constructor(
    private readonly p: PlanParams,
    sr: number,
  ) {
    this.tankRate = sr / 2;
    const k = this.tankRate / 44100;
    this.combs = [0, SPREAD].map((s) => COMBS.map((c) => new Comb(Math.max(1, Math.round((c + s) * k)))));
    this.allpasses = [0, SPREAD].map((s) => ALLPASSES.map((a) => new Allpass(Math.max(1, Math.round((a + s) * k)))));
    this.pre = new DelayLine(this.tankRate * 0.51);
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const rt60 = p.SIZE / 1000;
    const damp = p.DAMPING * 0.4;
    for (const side of this.combs)
      for (const c of side) {
        c.feedback = Math.pow(10, (-3 * c.length) / (this.tankRate * rt60));
        c.damp = damp;
      }
    const preD = Math.max(1, (p.PREDELAY / 1000) * this.tankRate);
    const wet = p.MIX;
    const width = p.WIDTH;
    const w1 = (width / 2 + 0.5) * wet;
    const w2 = ((1 - width) / 2) * wet;
    const [cl, cr] = this.combs;
    const [al, ar] = this.allpasses;
    const { x, ol, or } = this;
    const m = n >> 1;
    // Freeverb's fixed input gain keeps eight summed combs near unity.
    const inGain = 0.015 * 0.25;
    for (let i = 0; i < m; i++) {
      this.pre.write((l[2 * i] + r[2 * i] + l[2 * i + 1] + r[2 * i + 1]) * inGain);
      x[i] = this.pre.read(preD);
    }
    ol.fill(0);
    or.fill(0);
    for (let c = 0; c < 8; c++) Comb.runPair(cl[c], cr[c], x, ol, or, m);
    for (let a = 0; a < 4; a++) {
      al[a].run(ol, m);
      ar[a].run(or, m);
    }
    let pl = this.lastL;
    let pr = this.lastR;
    for (let i = 0; i < m; i++) {
      const yl = ol[i];
      const yr = or[i];
      // Back to the full rate: the midpoint, then the tank's sample.
      const ml = (pl + yl) * 0.5;
      const mr = (pr + yr) * 0.5;
      for (let h = 0; h < 2; h++) {
        const k = 2 * i + h;
        const tl = h === 0 ? ml : yl;
        const tr = h === 0 ? mr : yr;
        const xl = l[k];
        const xr = r[k];
        l[k] = xl * (1 - wet) + tl * w1 + tr * w2;
        r[k] = xr * (1 - wet) + tr * w1 + tl * w2;
      }
      pl = yl;
      pr = yr;
    }
    this.lastL = pl;
    this.lastR = pr;
  }
  reset(): void {
    for (const side of this.combs) for (const c of side) c.clear();
    for (const side of this.allpasses) for (const a of side) a.clear();
    this.pre.clear();
    this.lastL = this.lastR = 0;
  }
  tail(): number {
    return 1.5 * (this.p.SIZE / 1000) + this.p.PREDELAY / 1000;
  }
}

/** Chorus+: two delay lines (left and right) swept by quadrature LFOs around 12 ms. */
export class ChorusPlus implements Effect {
  private readonly lines = [new DelayLine(4096), new DelayLine(4096)];
  private phase = 0;
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
  ) {}
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const dt = p.RATE / this.sr;
    const base = 0.012 * this.sr;
    const depth = p.DEPTH * 0.006 * this.sr;
    const wet = p.MIX;
    const [L, R] = this.lines;
    let ph = this.phase;
    for (let i = 0; i < n; i++) {
      const xl = l[i];
      const xr = r[i];
      L.write(xl);
      R.write(xr);
      const ml = L.read(base + depth * lfoShape(0, ph));
      const mr = R.read(base + depth * lfoShape(0, (ph + 0.25) % 1));
      l[i] = xl * (1 - wet * 0.5) + ml * wet;
      r[i] = xr * (1 - wet * 0.5) + mr * wet;
      ph += dt;
      if (ph >= 1) ph -= 1;
    }
    this.phase = ph;
  }
  reset(): void {
    for (const x of this.lines) x.clear();
  }
  tail(): number {
    return 0.05;
  }
}

/** Distortion: drive (dB) into a soft clipper, a one-pole tone low-pass, mix and output. */
export class Distortion extends WetDryEffect {
  private readonly tone = [new OnePole(), new OnePole()];
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const drive = dbToGain(p.DRIVE);
    this.tone[0].set(p.TONE, this.sr);
    this.tone[1].set(p.TONE, this.sr);
    for (let i = 0; i < n; i++) {
      l[i] = this.tone[0].lp(softClip(l[i] * drive));
      r[i] = this.tone[1].lp(softClip(r[i] * drive));
    }
  }
  protected override after(l: Float32Array, r: Float32Array, n: number): void {
    applyGain(l, r, n, this.p.OUTPUT);
  }
  tail(): number {
    return 0.05;
  }
}

/** Filter+: a resonant state-variable filter per side (low-, band-, high-pass) with mix. */
export class FilterPlus extends WetDryEffect {
  private readonly f = [new Svf(), new Svf()];
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const q = resonanceQ(p.RESONANCE);
    this.f[0].set(p.CUTOFF, q, this.sr);
    this.f[1].set(p.CUTOFF, q, this.sr);
    const mode = p.MODE | 0;
    for (let i = 0; i < n; i++) {
      l[i] = this.f[0].tick(l[i], mode);
      r[i] = this.f[1].tick(r[i], mode);
    }
  }
  override reset(): void {
    for (const f of this.f) f.reset();
  }
  tail(): number {
    return 0.2;
  }
}

/** Tool: gain, stereo width (mid/side), balance pan and mono. */
export class Tool implements Effect {
  constructor(private readonly p: PlanParams) {}
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const width = p.MONO > 0.5 ? 0 : p.WIDTH;
    const gl = p.GAIN * (p.PAN > 0 ? 1 - p.PAN : 1);
    const gr = p.GAIN * (p.PAN < 0 ? 1 + p.PAN : 1);
    if (width === 1 && gl === 1 && gr === 1) return;
    for (let i = 0; i < n; i++) {
      const m = (l[i] + r[i]) * 0.5;
      const s = (l[i] - r[i]) * 0.5 * width;
      l[i] = (m + s) * gl;
      r[i] = (m - s) * gr;
    }
  }
  reset(): void {}
  tail(): number {
    return 0;
  }
}

/** FX Chain: its slot's devices in series, then dry/wet mix and output gain. */
export class FxChain implements Effect {
  private readonly dry = new DrySignal();
  constructor(
    private readonly p: PlanParams,
    private readonly chain: readonly Effect[],
  ) {}
  process(l: Float32Array, r: Float32Array, n: number): void {
    this.dry.keep(l, r);
    for (const e of this.chain) e.process(l, r, n);
    this.dry.mix(l, r, n, this.p.MIX);
    applyGain(l, r, n, this.p.OUTPUT);
  }
  reset(): void {
    for (const e of this.chain) e.reset();
  }
  tail(): number {
    return this.chain.reduce((a, e) => a + e.tail(), 0);
  }
}
