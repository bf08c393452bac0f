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
  /** The frequency and gain each band's filters are designed for (NaN: not yet). */
  private readonly setF = new Float64Array(3).fill(Number.NaN);
  private readonly setDb = new Float64Array(3).fill(Number.NaN);
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
    // Plain reads, not arrays of the parameters: two arrays a block were most of a render's garbage.
    for (let b = 0; b < 3; b++) {
      const gain = b === 0 ? p.LOW_GAIN : b === 1 ? p.MID_GAIN : p.HIGH_GAIN;
      const freq = b === 0 ? p.LOW_FREQ : b === 1 ? p.MID_FREQ : p.HIGH_FREQ;
      const gainMoves = this.gains[b].block(gain);
      const freqMoves = this.octaves[b].block(Math.log2(freq));
      const ql = this.bands[b][0];
      const qr = this.bands[b][1];
      if (!gainMoves && !freqMoves) {
        if (gain === 0) {
          ql.reset();
          qr.reset();
          continue;
        }
        this.set(b, freq, gain);
        ql.runPair(l, r, qr, n);
        continue;
      }
      for (let i = 0; i < n; i++) {
        const f = freqMoves ? 2 ** this.octaves[b].ramp[i] : freq;
        this.set(b, f, gainMoves ? this.gains[b].ramp[i] : gain);
        ql.run(l, i, i + 1);
        qr.run(r, i, i + 1);
      }
    }
    this.output.apply(l, r, n, p.OUTPUT);
  }
  /** Designs a band's two filters for f and db; nothing to do when they are designed for those already (most blocks). */
  private set(band: number, f: number, db: number): void {
    if (f === this.setF[band] && db === this.setDb[band]) return;
    this.setF[band] = f;
    this.setDb[band] = db;
    const ql = this.bands[band][0];
    const qr = this.bands[band][1];
    if (band === 0) ql.lowShelf(f, db, this.sr);
    else if (band === 1) ql.peak(f, db, 0.7, this.sr);
    else ql.highShelf(f, db, this.sr);
    // The right side's design is the same arithmetic on the same values: the left's coefficients.
    qr.copyCoefficients(ql);
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
