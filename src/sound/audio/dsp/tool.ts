import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { bool, level, linear, num, pct } from './params.js';
import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/** Tool: gain, stereo width (mid/side), balance pan and mono. */
class Tool implements Effect {
  /** The left and right gains (Gain and Pan) and the width move over 10 ms (SmoothedGain). */
  private readonly left: SmoothedGain;
  private readonly right: SmoothedGain;
  private readonly width: SmoothedGain;
  constructor(
    private readonly p: PlanParams,
    sampleRate: number,
  ) {
    this.left = new SmoothedGain(sampleRate);
    this.right = new SmoothedGain(sampleRate);
    this.width = new SmoothedGain(sampleRate);
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const width = p.MONO > 0.5 ? 0 : p.WIDTH;
    const gl = p.GAIN * (p.PAN > 0 ? 1 - p.PAN : 1);
    const gr = p.GAIN * (p.PAN < 0 ? 1 + p.PAN : 1);
    const movesL = this.left.block(gl);
    const movesR = this.right.block(gr);
    const movesW = this.width.block(width);
    if (movesL || movesR || movesW) {
      for (let i = 0; i < n; i++) {
        const w = movesW ? this.width.ramp[i] : width;
        const m = (l[i] + r[i]) * 0.5;
        const s = (l[i] - r[i]) * 0.5 * w;
        l[i] = (m + s) * (movesL ? this.left.ramp[i] : gl);
        r[i] = (m - s) * (movesR ? this.right.ramp[i] : gr);
      }
      return;
    }
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

export const TOOL: DeviceDef = {
  name: 'Tool',
  kind: 'audio_effect',
  category: 'Utility',
  params: [level('GAIN', 'Gain'), pct('WIDTH', 'Width', 1), num('PAN', 'Pan', -1, 1, 0, linear('%', 100)), bool('MONO', 'Mono', false)],
  build: (d, ctx) => new Tool(d.p, ctx.sampleRate),
};
