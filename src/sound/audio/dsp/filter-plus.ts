import type { DeviceDef } from './device.js';
import { WetDryEffect } from './effect.js';
import { FilterMotion } from './filter-motion.js';
import { resonanceDamping, Svf } from './filters.js';
import { choice, freq, pct } from './params.js';

/** Filter+: a resonant state-variable filter per side (low-, band-, high-pass) with mix; it self-oscillates at the top of Resonance. */
class FilterPlus extends WetDryEffect {
  private readonly f = [new Svf(), new Svf()];
  private readonly motion = new FilterMotion(this.sr);
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const mode = p.MODE | 0;
    if (this.motion.block(p.CUTOFF, p.RESONANCE)) {
      for (let i = 0; i < n; i++) {
        const f = this.motion.cutoff(i);
        const k = this.motion.damping(i);
        this.f[0].set(f, k, this.sr);
        this.f[1].set(f, k, this.sr);
        l[i] = this.f[0].tick(l[i], mode);
        r[i] = this.f[1].tick(r[i], mode);
      }
      return;
    }
    const k = resonanceDamping(p.RESONANCE);
    this.f[0].set(p.CUTOFF, k, this.sr);
    this.f[1].set(p.CUTOFF, k, this.sr);
    for (let i = 0; i < n; i++) {
      l[i] = this.f[0].tick(l[i], mode);
      r[i] = this.f[1].tick(r[i], mode);
    }
  }
  override reset(): void {
    for (const f of this.f) f.reset();
  }
  /** Self-oscillating (Resonance near 100 %), it rings on with no input: it never sleeps. */
  tail(): number {
    return resonanceDamping(this.p.RESONANCE) <= 0 ? Number.POSITIVE_INFINITY : 0.2;
  }
}

export const FILTER_PLUS: DeviceDef = {
  name: 'Filter+',
  kind: 'audio_effect',
  category: 'Filter',
  params: [
    freq('CUTOFF', 'Cutoff', 0.6),
    pct('RESONANCE', 'Resonance', 0.3),
    choice('MODE', 'Mode', ['Low-pass', 'Band-pass', 'High-pass']),
    pct('MIX', 'Mix', 1),
  ],
  build: (d, ctx) => new FilterPlus(d.p, ctx.sampleRate),
};
