import { BLOCK, mtof } from './math.js';
import { TWO_PI } from './oscillators.js';
import { Oversampler } from './oversampler.js';
import type { PlanParams } from './plan.js';
import { VOICE_LEVEL } from './polysynth.js';
import { FadingVoice, OutputLevel, PitchSlide, PooledInstrument, VoicePool } from './voices.js';
import type { DeviceDef } from './device.js';
import { level, linear, num, pct, time, voices } from './params.js';

/** Peak modulation index (radians) of a cord at 100 %. */
const MAX_INDEX = 2 * Math.PI;
/** After note-off the voice fades out over this long (the catalog's FM-4 has no release). */
const RELEASE_MS = 60;
/**
 * The operators run at this many times the sample rate and are decimated by half-band filters
 * (`Oversampler`): at ratio 16 a note's sidebands reach far past Nyquist, and at the base rate they
 * folded back in band at −19 dB (880 Hz, default modulation); oversampled, below −70 dB.
 */
const OVERSAMPLE = 4;

/**
 * FM-4 voice: operators 1 → 2 → 3 in series, operator 4 the carrier, all sines. Operators 1–3 run
 * at RATIO × the note frequency; operator 1 modulates 2 by MOD_1, 2 modulates 3 by MOD_2, and 3
 * modulates the carrier by the same envelope (an attack–decay to silence, so notes ring like a
 * struck bell, with the brightness following the level). The envelope and operators run at
 * OVERSAMPLE × the rate; the Output level applies after decimation.
 */
class FmVoice extends FadingVoice {
  private env = 0;
  private stage = 0; // 1 attack, 2 decay, 3 release
  private attackRate = 0;
  private decayCoef = 1;
  private releaseCoef = 1;
  private p1 = 0;
  private p2 = 0;
  private p3 = 0;
  private p4 = 0;
  private gain = 0;
  private readonly slide: PitchSlide;
  private readonly os = new Oversampler(OVERSAMPLE);
  private readonly out = new Float32Array(BLOCK);

  constructor(private readonly fm: Fm4) {
    super();
    this.slide = new PitchSlide(fm.sampleRate);
  }

  start(pitch: number, velocity: number): void {
    this.pitch = pitch;
    this.held = true;
    this.active = true;
    this.p1 = this.p2 = this.p3 = this.p4 = 0;
    this.slide.set(mtof(pitch) / this.fm.sampleRate);
    this.env = 0;
    this.stage = 1;
    this.gain = VOICE_LEVEL * velocity;
    this.os.reset();
    const sr = this.fm.sampleRate * OVERSAMPLE;
    this.attackRate = 1 / Math.max(1, (this.fm.p.ATTACK / 1000) * sr);
    this.decayCoef = Math.exp(Math.log(0.001) / Math.max(1, (this.fm.p.DECAY / 1000) * sr));
    this.releaseCoef = Math.exp(Math.log(0.001) / ((RELEASE_MS / 1000) * sr));
  }

  /** Mono legato: the operators slide to the new key in phase; the envelope is not struck again. */
  legato(pitch: number): boolean {
    this.pitch = pitch;
    this.slide.slideTo(mtof(pitch) / this.fm.sampleRate);
    return true;
  }

  override release(): void {
    super.release();
    this.stage = 3;
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const p = this.fm.p;
    const ratio = p.RATIO;
    const i1 = p.MOD_1 * MAX_INDEX;
    const i2 = p.MOD_2 * MAX_INDEX;
    const g = this.gain * p.OUTPUT;
    const ramp = this.fm.output.ramp;
    const high = this.os.high;
    const n = to - from;
    let e = this.env;
    let k = 0;
    let f = 0;
    for (; k < n * OVERSAMPLE; k++) {
      if (k % OVERSAMPLE === 0) {
        if (this.stage !== 1 && e < 1e-5) break;
        f = this.slide.next() / OVERSAMPLE;
      }
      if (this.stage === 1) {
        e += this.attackRate;
        if (e >= 1) {
          e = 1;
          this.stage = 2;
        }
      } else e *= this.stage === 2 ? this.decayCoef : this.releaseCoef;
      const fm = f * ratio;
      const o1 = Math.sin(TWO_PI * this.p1);
      const o2 = Math.sin(TWO_PI * this.p2 + i1 * e * o1);
      const o3 = Math.sin(TWO_PI * this.p3 + i2 * e * o2);
      high[k] = Math.sin(TWO_PI * this.p4 + e * o3) * e;
      this.p1 = (this.p1 + fm) % 1;
      this.p2 = (this.p2 + fm) % 1;
      this.p3 = (this.p3 + fm) % 1;
      this.p4 = (this.p4 + f) % 1;
    }
    this.env = e;
    // Past the voice's end, silence (the decimator's last echoes of it are below −100 dB).
    high.fill(0, k, n * OVERSAMPLE);
    const out = this.out;
    this.os.down(n, out);
    for (let i = 0; i < n; i++) {
      const x = out[i] * (ramp === null ? g : this.gain * ramp[from + i]);
      l[from + i] += x;
      r[from + i] += x;
    }
    if (k < n * OVERSAMPLE) {
      this.active = false;
      this.held = false;
    }
  }
}

class Fm4 extends PooledInstrument<FmVoice> {
  protected readonly pool: VoicePool<FmVoice>;
  readonly output: OutputLevel;
  constructor(
    readonly p: PlanParams,
    readonly sampleRate: number,
    polyphony: number,
  ) {
    super();
    this.pool = new VoicePool(polyphony, () => new FmVoice(this), sampleRate);
    this.output = new OutputLevel(sampleRate);
  }

  override update(): void {
    this.output.block(this.p.OUTPUT);
  }
}

export const FM4: DeviceDef = {
  name: 'FM-4',
  kind: 'instrument',
  category: 'Synth',
  params: [
    pct('MOD_1', 'Operator 1 → 2', 0.3),
    pct('MOD_2', 'Operator 2 → 3', 0.1),
    num('RATIO', 'Ratio', 0.25, 16, 2, linear('')),
    time('ATTACK', 'Attack', 0.1),
    time('DECAY', 'Decay', 0.4),
    level('OUTPUT', 'Output'),
    voices(),
  ],
  controls: ['MOD_1', 'MOD_2', 'RATIO', 'ATTACK', 'DECAY', 'OUTPUT'],
  build: (d, ctx) => new Fm4(d.p, ctx.sampleRate, d.polyphony),
};
