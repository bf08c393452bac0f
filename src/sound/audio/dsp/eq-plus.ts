import type { DeviceDef } from './device.js';
import { type Effect, OutputGain } from './effect.js';
import { Biquad } from './filters.js';
import { freq, level, linear, num } from './params.js';
import type { PlanParams } from './plan.js';
import { SmoothedGain } from './smoothed-gain.js';

/**
 * EQ+: low shelf, mid peak (Q 0.7) and high shelf (RBJ biquads); a band at 0 dB is skipped. A
 * band's gain (in dB) and frequency (in octaves) move to a new value over 10 ms on SmoothedGain's
 * raised cosine, its coefficients recomputed every sample while it moves (every 8 samples left
 * −68 dB on a +12 → −12 dB move): a jump between blocks stepped the filter. A skipped band's state is cleared,
 * which is the state of its 0 dB identity, so it starts cleanly when it moves away from 0 dB.
 */
class EqPlus implements Effect {
  private readonly bands: Biquad[][] = [0, 1, 2].map(() => [new Biquad(), new Biquad()]);
  private readonly gains: SmoothedGain[];
  private readonly octaves: SmoothedGain[];
  private readonly output: OutputGain;
  constructor(
    private readonly p: PlanParams,
    private readonly sr: number,
  ) {
    this.output = new OutputGain(sr);
    this.gains = [0, 1, 2].map(() => new SmoothedGain(sr));
    this.octaves = [0, 1, 2].map(() => new SmoothedGain(sr));
  }
  process(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const gains = [p.LOW_GAIN, p.MID_GAIN, p.HIGH_GAIN];
    const freqs = [p.LOW_FREQ, p.MID_FREQ, p.HIGH_FREQ];
    for (let b = 0; b < 3; b++) {
      const gainMoves = this.gains[b].block(gains[b]);
      const freqMoves = this.octaves[b].block(Math.log2(freqs[b]));
      const [ql, qr] = this.bands[b];
      if (!gainMoves && !freqMoves) {
        if (gains[b] === 0) {
          ql.reset();
          qr.reset();
          continue;
        }
        this.set(b, freqs[b], gains[b]);
        ql.run(l, 0, n);
        qr.run(r, 0, n);
        continue;
      }
      for (let i = 0; i < n; i++) {
        const f = freqMoves ? 2 ** this.octaves[b].ramp[i] : freqs[b];
        this.set(b, f, gainMoves ? this.gains[b].ramp[i] : gains[b]);
        ql.run(l, i, i + 1);
        qr.run(r, i, i + 1);
      }
    }
    this.output.apply(l, r, n, p.OUTPUT);
  }
  private set(band: number, f: number, db: number): void {
    for (const q of this.bands[band]) {
      if (band === 0) q.lowShelf(f, db, this.sr);
      else if (band === 1) q.peak(f, db, 0.7, this.sr);
      else q.highShelf(f, db, this.sr);
    }
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
