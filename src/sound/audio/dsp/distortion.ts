import type { DeviceDef } from './device.js';
import { OutputGain, WetDryEffect } from './effect.js';
import { OnePole } from './filters.js';
import { BLOCK, dbToGain } from './math.js';
import { CLIPPER_LATENCY, Clipper4x } from './clipper-4x.js';
import { SmoothedGain } from './smoothed-gain.js';
import { freq, level, linear, num, pct } from './params.js';
import type { PlanParams } from './plan.js';

/**
 * Distortion: drive (dB) into a soft clipper (oversampled), a one-pole tone low-pass, mix and
 * output. A mono block (left = right, as an instrument's voices write) is processed once and
 * copied; the right side's filters take the left's state when the sides part, which is exactly
 * the state they would have had.
 */
class Distortion extends WetDryEffect {
  private readonly tone = [new OnePole(), new OnePole()];
  private readonly clip = [new Clipper4x(), new Clipper4x()];
  private readonly output = new OutputGain(this.sr);
  /** Drive (as a gain) and Tone (in octaves) move over 10 ms: a jump between blocks clicked. */
  private readonly drive = new SmoothedGain(this.sr);
  private readonly toneOctaves = new SmoothedGain(this.sr);
  /** This block's drive, a gain per sample (the ramp's, or the steady value's). */
  private readonly driveGains = new Float64Array(BLOCK);
  private toneMoves = false;
  /** The right side's state lags: the last blocks were mono and only the left was run. */
  private rightBehind = false;
  constructor(p: PlanParams, sr: number) {
    super(p, sr, CLIPPER_LATENCY);
  }
  protected wet(l: Float32Array, r: Float32Array, n: number): void {
    this.toneMoves = this.toneOctaves.block(Math.log2(this.p.TONE));
    const gains = this.driveGains;
    if (this.drive.block(dbToGain(this.p.DRIVE))) for (let i = 0; i < n; i++) gains[i] = this.drive.ramp[i];
    else gains.fill(this.drive.current, 0, n);
    let mono = true;
    for (let i = 0; i < n && mono; i++) mono = l[i] === r[i];
    if (mono) {
      this.side(0, l, n);
      for (let i = 0; i < n; i++) r[i] = l[i];
      this.rightBehind = true;
      return;
    }
    if (this.rightBehind) {
      this.clip[1].copy(this.clip[0]);
      this.tone[1].copy(this.tone[0]);
      this.rightBehind = false;
    }
    if (this.toneMoves) {
      this.side(0, l, n);
      this.side(1, r, n);
      return;
    }
    this.clip[0].run(l, n, this.driveGains);
    this.clip[1].run(r, n, this.driveGains);
    this.toneBoth(l, r, n);
  }
  private side(side: number, x: Float32Array, n: number): void {
    this.clip[side].run(x, n, this.driveGains);
    const tone = this.tone[side];
    if (this.toneMoves) {
      const ramp = this.toneOctaves.ramp;
      for (let i = 0; i < n; i++) {
        tone.set(2 ** ramp[i], this.sr);
        x[i] = tone.lp(x[i]);
      }
    } else {
      tone.set(2 ** this.toneOctaves.current, this.sr);
      // `lp` with its state and coefficient in locals: the same arithmetic, no field store a sample.
      const a = tone.a;
      let z = tone.z;
      for (let i = 0; i < n; i++) {
        const v = x[i];
        z = v + a * (z - v);
        x[i] = z;
      }
      tone.z = z;
    }
  }
  /** The steady tone on both sides in one loop: two independent one-pole chains side by side, as `side` runs each. */
  private toneBoth(l: Float32Array, r: Float32Array, n: number): void {
    const [left, right] = this.tone;
    left.set(2 ** this.toneOctaves.current, this.sr);
    right.copyCoefficient(left);
    const a = left.a;
    let zl = left.z;
    let zr = right.z;
    for (let i = 0; i < n; i++) {
      const u = l[i];
      const v = r[i];
      zl = u + a * (zl - u);
      zr = v + a * (zr - v);
      l[i] = zl;
      r[i] = zr;
    }
    left.z = zl;
    right.z = zr;
  }
  protected override after(l: Float32Array, r: Float32Array, n: number): void {
    this.output.apply(l, r, n, this.p.OUTPUT);
  }
  override reset(): void {
    super.reset();
    for (const c of this.clip) c.reset();
    for (const t of this.tone) t.reset();
    this.drive.reset();
    this.toneOctaves.reset();
    this.rightBehind = false;
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
