import type { DeviceDef } from './device.js';
import { OutputGain, WetDryEffect } from './effect.js';
import { OnePole } from './filters.js';
import { dbToGain, softClip } from './math.js';
import { freq, level, linear, num, pct } from './params.js';

/** Distortion: drive (dB) into a soft clipper, a one-pole tone low-pass, mix and output. */
class Distortion extends WetDryEffect {
  private readonly tone = [new OnePole(), new OnePole()];
  private readonly output = new OutputGain(this.sr);
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    const p = this.p;
    const drive = dbToGain(p.DRIVE);
    this.tone[0].set(p.TONE, this.sr);
    this.tone[1].set(p.TONE, this.sr);
    for (let i = 0; i < n; i++) {
      l[i] = this.tone[0].lp(softClip(l[i] * drive));
      r[i] = this.tone[1].lp(softClip(r[i] * drive));
    }
  }
  protected override after(l: Float32Array, r: Float32Array, n: number): void {
    this.output.apply(l, r, n, this.p.OUTPUT);
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
