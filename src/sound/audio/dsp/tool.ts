import type { DeviceDef } from './device.js';
import type { Effect } from './effect.js';
import { bool, level, linear, num, pct } from './params.js';
import type { PlanParams } from './plan.js';

/** Tool: gain, stereo width (mid/side), balance pan and mono. */
class Tool implements Effect {
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

export const TOOL: DeviceDef = {
  name: 'Tool',
  kind: 'audio_effect',
  category: 'Utility',
  params: [level('GAIN', 'Gain'), pct('WIDTH', 'Width', 1), num('PAN', 'Pan', -1, 1, 0, linear('%', 100)), bool('MONO', 'Mono', false)],
  build: (d) => new Tool(d.p),
};
