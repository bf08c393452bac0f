import { DelayLine } from './delay-line.js';
import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { pct, time } from './params.js';
import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

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
class Reverb implements Effect {
  private readonly combs: Comb[][];
  private readonly allpasses: Allpass[][];
  private readonly pre: DelayLine;
  private readonly tankRate: number;
  private readonly x = new Float32Array(64);
  private readonly ol = new Float32Array(64);
  private readonly or = new Float32Array(64);
  private lastL = 0;
  private lastR = 0;
  /** Mix moves over 10 ms (SmoothedGain). */
  private readonly mix: SmoothedGain;
  constructor(
    private readonly p: PlanParams,
    sr: number,
  ) {
    this.mix = new SmoothedGain(sr);
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
    let wet = p.MIX;
    const width = p.WIDTH;
    let w1 = (width / 2 + 0.5) * wet;
    let w2 = ((1 - width) / 2) * wet;
    const ramp = this.mix.block(wet) ? this.mix.ramp : null;
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
        if (ramp !== null) {
          wet = ramp[k];
          w1 = (width / 2 + 0.5) * wet;
          w2 = ((1 - width) / 2) * wet;
        }
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
