import type { DeviceDef } from './device.js';
import { WetDryEffect } from './effect.js';
import { dbToGain } from './math.js';
import { linear, num, pct, time } from './params.js';
import { SmoothedGain } from './smoothed-gain.js';

/** Samples per compressor gain update (83 µs at 48 kHz, far below the shortest attack). */
const GAIN_STEP = 4;

/**
 * Compressor: feed-forward, stereo-linked peak detector with attack/release, hard knee. Threshold,
 * Ratio and Makeup move over 10 ms when they change (a Makeup jump was a step in the output, and a
 * Threshold or Ratio jump one in the gain while compressing).
 */
class Compressor extends WetDryEffect {
  private env = 0;
  private gain = 1;
  private readonly makeup = new SmoothedGain(this.sr);
  /** In dB, as set: the ramp moves evenly in level. */
  private readonly threshold = new SmoothedGain(this.sr);
  /** 1 − 1/Ratio: the share of the excess taken off. */
  private readonly slope = new SmoothedGain(this.sr);
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const att = Math.exp(-1 / ((p.ATTACK / 1000) * this.sr));
    const rel = Math.exp(-1 / ((p.RELEASE / 1000) * this.sr));
    const makeupMoves = this.makeup.block(dbToGain(p.MAKEUP));
    const thresholdMoves = this.threshold.block(p.THRESHOLD);
    const slopeMoves = this.slope.block(1 - 1 / p.RATIO);
    const moving = makeupMoves || thresholdMoves || slopeMoves;
    let makeup = this.makeup.current;
    let thrLin = dbToGain(this.threshold.current);
    let slope = this.slope.current;
    let env = this.env;
    let g = this.gain;
    for (let i = 0; i < n; i++) {
      const x = Math.max(Math.abs(l[i]), Math.abs(r[i]));
      env = x > env ? x + att * (env - x) : x + rel * (env - x);
      // Above the threshold the gain is (env/thr)^(−slope); steady, it is recomputed every
      // GAIN_STEP samples (a pow per sample was the compressor's whole cost), and while a
      // parameter moves every sample (steps every GAIN_STEP samples were heard at −55 dB).
      if (moving) {
        if (makeupMoves) makeup = this.makeup.ramp[i];
        if (thresholdMoves) thrLin = dbToGain(this.threshold.ramp[i]);
        if (slopeMoves) slope = this.slope.ramp[i];
        g = env > thrLin ? makeup * Math.pow(env / thrLin, -slope) : makeup;
      } else if ((i & (GAIN_STEP - 1)) === 0) g = env > thrLin ? makeup * Math.pow(env / thrLin, -slope) : makeup;
      l[i] *= g;
      r[i] *= g;
    }
    this.gain = g;
    this.env = env < 1e-9 ? 0 : env;
  }
  override reset(): void {
    this.env = 0;
    this.makeup.reset();
    this.threshold.reset();
    this.slope.reset();
  }
  tail(): number {
    return 0;
  }
}

export const COMPRESSOR: DeviceDef = {
  name: 'Compressor',
  kind: 'audio_effect',
  category: 'Dynamics',
  params: [
    num('THRESHOLD', 'Threshold', -60, 0, -12, linear('dB')),
    num('RATIO', 'Ratio', 1, 20, 4, linear('')),
    time('ATTACK', 'Attack', 0.3, 0.1, 300),
    time('RELEASE', 'Release', 0.5, 1, 3000),
    num('MAKEUP', 'Makeup', 0, 24, 0, linear('dB')),
    pct('MIX', 'Mix', 1),
  ],
  build: (d, ctx) => new Compressor(d.p, ctx.sampleRate),
};
