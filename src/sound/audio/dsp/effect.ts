import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/** An audio effect: processes a stereo block in place. */
export interface Effect {
  process(l: Float32Array, r: Float32Array, n: number): void;
  reset(): void;
  /** Seconds after its input falls silent until its output is silent too (below −90 dB). */
  tail(): number;
}

/**
 * The dry copy of a block, kept while an effect works on it in place, and mixed back by MIX. A
 * new MIX moves there over 10 ms sample by sample (SmoothedGain): a jump between blocks was a
 * step in the output (a Filter+ Mix move −17 dB).
 */
export class DrySignal {
  private readonly l = new Float32Array(128);
  private readonly r = new Float32Array(128);
  private readonly wet: SmoothedGain;
  /** The last `latency` input samples per side (a ring), when the wet path is that late. */
  private readonly lineL: Float32Array;
  private readonly lineR: Float32Array;
  private pos = 0;
  /** This block's Mix, and whether it moves (then `wet.ramp` holds it): set by `keep`, used by `mix`. */
  private mixNow = 1;
  private moving = false;
  /** `latency`: whole samples the wet path lags its input (an oversampler's), by which the dry copy is delayed. */
  constructor(
    sampleRate: number,
    private readonly latency = 0,
  ) {
    this.wet = new SmoothedGain(sampleRate);
    this.lineL = new Float32Array(latency);
    this.lineR = new Float32Array(latency);
  }
  /** Keeps the block's dry copy for a block at Mix `wet` (none needed at a steady Mix of 100 % without latency). */
  keep(l: Float32Array, r: Float32Array, n: number, wet: number): void {
    this.mixNow = wet;
    this.moving = this.wet.block(wet);
    if (this.latency === 0) {
      if (!this.moving && wet >= 1) return;
      this.l.set(l);
      this.r.set(r);
      return;
    }
    let pos = this.pos;
    for (let i = 0; i < n; i++) {
      this.l[i] = this.lineL[pos];
      this.r[i] = this.lineR[pos];
      this.lineL[pos] = l[i];
      this.lineR[pos] = r[i];
      if (++pos === this.latency) pos = 0;
    }
    this.pos = pos;
  }
  reset(): void {
    this.lineL.fill(0);
    this.lineR.fill(0);
  }
  /** l, r ← dry · (1 − wet) + l, r · wet, at the Mix given to `keep`; nothing at a steady wet ≥ 1. */
  mix(l: Float32Array, r: Float32Array, n: number): void {
    const dl = this.l;
    const dr = this.r;
    const wet = this.mixNow;
    if (this.moving) {
      const ramp = this.wet.ramp;
      for (let i = 0; i < n; i++) {
        const w = ramp[i];
        l[i] = dl[i] * (1 - w) + l[i] * w;
        r[i] = dr[i] * (1 - w) + r[i] * w;
      }
      return;
    }
    if (wet >= 1) return;
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
export abstract class WetDryEffect implements Effect {
  private readonly dry: DrySignal;
  /** `latency`: whole samples the wet path lags its input; the dry path is delayed to match. */
  constructor(
    protected readonly p: PlanParams,
    protected readonly sr: number,
    latency = 0,
  ) {
    this.dry = new DrySignal(sr, latency);
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    this.dry.keep(l, r, n, this.p.MIX);
    this.wet(l, r, n);
    this.dry.mix(l, r, n);
    this.after(l, r, n);
  }
  protected abstract wet(l: Float32Array, r: Float32Array, n: number): void;
  protected after(_l: Float32Array, _r: Float32Array, _n: number): void {}
  reset(): void {
    this.dry.reset();
  }
  abstract tail(): number;
}

/**
 * An effect's Output gain in place, moving to a new value over 10 ms (SmoothedGain); steady, the
 * plain product, and nothing at unity (x · 1 is x exactly).
 */
export class OutputGain {
  private readonly gain: SmoothedGain;
  constructor(sampleRate: number) {
    this.gain = new SmoothedGain(sampleRate);
  }
  apply(l: Float32Array, r: Float32Array, n: number, g: number): void {
    if (this.gain.block(g)) {
      const ramp = this.gain.ramp;
      for (let i = 0; i < n; i++) {
        l[i] *= ramp[i];
        r[i] *= ramp[i];
      }
      return;
    }
    if (g === 1) return;
    for (let i = 0; i < n; i++) {
      l[i] *= g;
      r[i] *= g;
    }
  }
}
