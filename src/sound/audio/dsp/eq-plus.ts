import type { DeviceDef } from './device.js';
import { applyGain, type Effect } from './effect.js';
import { Biquad } from './filters.js';
import { freq, level, linear, num } from './params.js';
import type { PlanParams } from './plan.js';

/** EQ+: low shelf, mid peak (Q 0.7) and high shelf (RBJ biquads); a band at 0 dB is skipped. */
class EqPlus implements Effect {
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

export const EQ_PLUS: DeviceDef = {
  name: 'EQ+',
  kind: 'audio_effect',
  category: 'EQ',
  params: [
    freq('LOW_FREQ', 'Low Frequency', 0.2),
    num('LOW_GAIN', 'Low Gain', -24, 24, 0, linear('dB')),
    freq('MID_FREQ', 'Mid Frequency', 0.5),
    num('MID_GAIN', 'Mid Gain', -24, 24, 0, linear('dB')),
    freq('HIGH_FREQ', 'High Frequency', 0.8),
    num('HIGH_GAIN', 'High Gain', -24, 24, 0, linear('dB')),
    level('OUTPUT', 'Output'),
  ],
  build: (d, ctx) => new EqPlus(d.p, ctx.sampleRate),
};
