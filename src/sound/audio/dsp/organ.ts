import { mtof } from './math.js';
import { TWO_PI } from './oscillators.js';
import type { PlanParams } from './plan.js';
import { VOICE_LEVEL } from './polysynth.js';
import { FadingVoice, OutputLevel, PitchSlide, PooledInstrument, VoicePool } from './voices.js';
import type { DeviceDef } from './device.js';
import { level, pct, voices } from './params.js';

/** Key click-free gate: the tone wheels fade in and out over this long. */
const GATE_MS = 5;
/** The percussion (third harmonic, 2⅔') decays to −60 dB in this long. */
const PERCUSSION_MS = 600;

/** Organ voice: sine drawbars at 16′ (½ f), 8′ (f) and 4′ (2 f), plus a decaying percussion at 3 f. */
class OrganVoice extends FadingVoice {
  private phase = 0;
  private level = 0;
  private perc = 0;
  private gain = 0;
  private readonly slide: PitchSlide;

  constructor(private readonly organ: Organ) {
    super();
    this.slide = new PitchSlide(organ.sampleRate);
  }

  start(pitch: number, velocity: number): void {
    this.pitch = pitch;
    this.held = true;
    this.active = true;
    this.phase = 0;
    this.slide.set(mtof(pitch) / this.organ.sampleRate / 2); // the phase runs at the 16′ (sub-octave) rate
    this.level = 0;
    this.perc = 1;
    // Organs ignore velocity; the voice level is fixed.
    void velocity;
    this.gain = VOICE_LEVEL;
  }

  /** Mono legato: the tone wheels slide to the new key in phase; the percussion does not strike again. */
  legato(pitch: number): boolean {
    this.pitch = pitch;
    this.slide.slideTo(mtof(pitch) / this.organ.sampleRate / 2);
    return true;
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const p = this.organ.p;
    const sr = this.organ.sampleRate;
    const step = 1 / ((GATE_MS / 1000) * sr);
    const percCoef = Math.exp(Math.log(0.001) / ((PERCUSSION_MS / 1000) * sr));
    const d16 = p['DRAWBAR 16'];
    const d8 = p['DRAWBAR 8'];
    const d4 = p['DRAWBAR 4'];
    const pc = p.PERCUSSION;
    const drawbars = Math.max(1, d16 + d8 + d4 + pc);
    const norm = (this.gain * p.OUTPUT) / drawbars;
    const ramp = this.organ.output.ramp;
    for (let i = from; i < to; i++) {
      this.level = this.held ? Math.min(1, this.level + step) : this.level - step;
      if (this.level <= 0) {
        this.active = false;
        break;
      }
      const w = TWO_PI * this.phase;
      const out = ramp === null ? norm : (this.gain * ramp[i]) / drawbars;
      const x = (d16 * Math.sin(w) + d8 * Math.sin(2 * w) + d4 * Math.sin(4 * w) + pc * this.perc * Math.sin(6 * w)) * this.level * out;
      l[i] += x;
      r[i] += x;
      this.perc *= percCoef;
      this.phase += this.slide.next();
      if (this.phase >= 1) this.phase -= 1;
    }
  }
}

class Organ extends PooledInstrument<OrganVoice> {
  protected readonly pool: VoicePool<OrganVoice>;
  readonly output: OutputLevel;
  constructor(
    readonly p: PlanParams,
    readonly sampleRate: number,
    polyphony: number,
  ) {
    super();
    this.pool = new VoicePool(polyphony, () => new OrganVoice(this), sampleRate);
    this.output = new OutputLevel(sampleRate);
  }

  override update(): void {
    this.output.block(this.p.OUTPUT);
  }
}

export const ORGAN: DeviceDef = {
  name: 'Organ',
  kind: 'instrument',
  category: 'Synth',
  params: [
    pct('DRAWBAR 16', "Drawbar 16'", 0.8),
    pct('DRAWBAR 8', "Drawbar 8'", 0.8),
    pct('DRAWBAR 4', "Drawbar 4'", 0.5),
    pct('PERCUSSION', 'Percussion', 0.2),
    level('OUTPUT', 'Output'),
    voices(),
  ],
  controls: ['DRAWBAR 16', 'DRAWBAR 8', 'DRAWBAR 4', 'PERCUSSION', 'OUTPUT'],
  build: (d, ctx) => new Organ(d.p, ctx.sampleRate, d.polyphony),
};
