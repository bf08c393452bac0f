import type { PlanParams } from './plan.js';

/** An audio effect: processes a stereo block in place. */
export interface Effect {
  process(l: Float32Array, r: Float32Array, n: number): void;
  reset(): void;
  /** Seconds after its input falls silent until its output is silent too (below −90 dB). */
  tail(): number;
}

/** The dry copy of a block, kept while an effect works on it in place, and mixed back by MIX. */
export class DrySignal {
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
export abstract class WetDryEffect implements Effect {
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
export function applyGain(l: Float32Array, r: Float32Array, n: number, g: number): void {
  if (g === 1) return;
  for (let i = 0; i < n; i++) {
    l[i] *= g;
    r[i] *= g;
  }
}
