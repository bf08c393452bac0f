import { DelayLine } from './delay-line.js';
import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { lfoShape, TWO_PI } from './oscillators.js';
import { pct, rate } from './params.js';
import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/** Chorus+: two delay lines (left and right) swept by quadrature LFOs around 12 ms. */
class ChorusPlus implements Effect {
  private readonly lines = [new DelayLine(4096), new DelayLine(4096)];
  private phase = 0;
  private readonly mix: SmoothedGain;
  /** Depth moves the read taps: a jump would step them (a click). */
  private readonly depth: SmoothedGain;
  /** Rate is the taps' speed (their pitch shift): a jump would step it (−58 dB above 3 kHz). */
  private readonly rate: SmoothedGain;
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
  ) {
    this.mix = new SmoothedGain(sr);
    this.depth = new SmoothedGain(sr);
    this.rate = new SmoothedGain(sr);
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const dt = p.RATE / this.sr;
    const rateMoves = this.rate.block(p.RATE);
    const rateRamp = this.rate.ramp;
    const perSecond = 1 / this.sr;
    const base = 0.012 * this.sr;
    const depthMoves = this.depth.block(p.DEPTH * 0.006 * this.sr);
    const depthRamp = this.depth.ramp;
    const depthSteady = this.depth.current;
    const mixMoves = this.mix.block(p.MIX);
    const ramp = this.mix.ramp;
    const [L, R] = this.lines;
    let ph = this.phase;
    if (!rateMoves) {
      // A steady rate turns the LFO by the same angle every sample: its sine and cosine (the right
      // tap's quarter-turn ahead) rotate from exact values at each block's start, so the error never
      // builds up past a block: four Math.sin/cos a block instead of two a sample, 3× cheaper. The
      // sweep differs from per-sample sines by rounding only (the demo's WAV: one sample in 800 by one 24-bit step).
      let s = Math.sin(TWO_PI * ph);
      let c = Math.cos(TWO_PI * ph);
      const sd = Math.sin(TWO_PI * dt);
      const cd = Math.cos(TWO_PI * dt);
      if (!depthMoves && !mixMoves) {
        this.phase = this.steady(l, r, n, s, c, sd, cd, base, depthSteady, p.MIX, ph, dt);
        return;
      }
      for (let i = 0; i < n; i++) {
        const xl = l[i];
        const xr = r[i];
        L.write(xl);
        R.write(xr);
        const depth = depthMoves ? depthRamp[i] : depthSteady;
        const ml = L.read(base + depth * s);
        const mr = R.read(base + depth * c);
        const wet = mixMoves ? ramp[i] : p.MIX;
        l[i] = xl * (1 - wet * 0.5) + ml * wet;
        r[i] = xr * (1 - wet * 0.5) + mr * wet;
        const s1 = s * cd + c * sd;
        c = c * cd - s * sd;
        s = s1;
        ph += dt;
        if (ph >= 1) ph -= 1;
      }
      this.phase = ph;
      return;
    }
    for (let i = 0; i < n; i++) {
      const xl = l[i];
      const xr = r[i];
      L.write(xl);
      R.write(xr);
      const depth = depthMoves ? depthRamp[i] : depthSteady;
      const ml = L.read(base + depth * lfoShape(0, ph));
      const mr = R.read(base + depth * lfoShape(0, (ph + 0.25) % 1));
      const wet = mixMoves ? ramp[i] : p.MIX;
      l[i] = xl * (1 - wet * 0.5) + ml * wet;
      r[i] = xr * (1 - wet * 0.5) + mr * wet;
      ph += rateMoves ? rateRamp[i] * perSecond : dt;
      if (ph >= 1) ph -= 1;
    }
    this.phase = ph;
  }
  /**
   * The rotation loop above at a steady Depth and Mix (most blocks), with both lines' buffers and
   * their one write index in locals (DelayLine's write and read inlined): the same arithmetic.
   * Returns the LFO's phase after the block.
   */
  private steady(
    l: Float32Array,
    r: Float32Array,
    n: number,
    sin: number,
    cos: number,
    sd: number,
    cd: number,
    base: number,
    depth: number,
    wet: number,
    phase: number,
    dt: number,
  ): number {
    const [L, R] = this.lines;
    const bl = L.buf;
    const br = R.buf;
    const mask = L.mask;
    // The lines are written together, so their write indices are equal.
    let w = L.w;
    let s = sin;
    let c = cos;
    let ph = phase;
    const dry = 1 - wet * 0.5;
    for (let i = 0; i < n; i++) {
      const xl = l[i];
      const xr = r[i];
      bl[w] = xl;
      br[w] = xr;
      w = (w + 1) & mask;
      const pl = w - (base + depth * s);
      const kl = Math.floor(pl);
      const al = bl[kl & mask];
      const ml = al + (bl[(kl + 1) & mask] - al) * (pl - kl);
      const pr = w - (base + depth * c);
      const kr = Math.floor(pr);
      const ar = br[kr & mask];
      const mr = ar + (br[(kr + 1) & mask] - ar) * (pr - kr);
      l[i] = xl * dry + ml * wet;
      r[i] = xr * dry + mr * wet;
      const s1 = s * cd + c * sd;
      c = c * cd - s * sd;
      s = s1;
      ph += dt;
      if (ph >= 1) ph -= 1;
    }
    L.w = w;
    R.w = w;
    return ph;
  }

  reset(): void {
    for (const x of this.lines) x.clear();
  }
  tail(): number {
    return 0.05;
  }
}

export const CHORUS_PLUS: DeviceDef = {
  name: 'Chorus+',
  kind: 'audio_effect',
  category: 'Modulation',
  params: [rate('RATE', 'Rate', 0.4), pct('DEPTH', 'Depth', 0.5), pct('MIX', 'Mix', 0.5)],
  build: (d, ctx) => new ChorusPlus(d.p, ctx.sampleRate),
};
