import type { DeviceDef } from './device.js';
import { OutputGain, WetDryEffect } from './effect.js';
import { OnePole } from './filters.js';
import { dbToGain, softClip } from './math.js';
import { Oversampler } from './oversampler.js';
import { freq, level, linear, num, pct } from './params.js';
import type { PlanParams } from './plan.js';

/**
 * The clipper runs at this many times the rate between half-band filters (`Oversampler`): its
 * harmonics past Nyquist folded back in band at −51 dB (a 4978 Hz sine at 24 dB drive); 4×
 * oversampled, below −60 dB. The dry path is delayed by the filters' latency, so Mix stays in phase.
 */
const OVERSAMPLE = 4;
const LATENCY = new Oversampler(OVERSAMPLE).latency;

/** Distortion: drive (dB) into a soft clipper (oversampled), a one-pole tone low-pass, mix and output. */
class Distortion extends WetDryEffect {
  private readonly tone = [new OnePole(), new OnePole()];
  private readonly os = [new Oversampler(OVERSAMPLE), new Oversampler(OVERSAMPLE)];
  private readonly output = new OutputGain(this.sr);
  constructor(p: PlanParams, sr: number) {
    super(p, sr, LATENCY);
  }
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const drive = dbToGain(this.p.DRIVE);
    for (let side = 0; side < 2; side++) {
      const x = side === 0 ? l : r;
      const os = this.os[side];
      const tone = this.tone[side];
      tone.set(this.p.TONE, this.sr);
      for (let i = 0; i < n; i++) {
        const high = os.up(x[i] * drive);
        for (let k = 0; k < OVERSAMPLE; k++) high[k] = softClip(high[k]);
        x[i] = tone.lp(os.down());
      }
    }
  }
  protected override after(l: Float32Array, r: Float32Array, n: number): void {
    this.output.apply(l, r, n, this.p.OUTPUT);
  }
  override reset(): void {
    super.reset();
    for (const os of this.os) os.reset();
  }
  tail(): number {
    return 0.05;
  }
}

export const DISTORTION: DeviceDef = {
  name: 'Distortion',
  kind: 'audio_effect',
  category: 'Distortion',
  params: [num('DRIVE', 'Drive', 0, 48, 12, linear('dB')), freq('TONE', 'Tone', 0.6), pct('MIX', 'Mix', 1), level('OUTPUT', 'Output')],
  build: (d, ctx) => new Distortion(d.p, ctx.sampleRate),
};
