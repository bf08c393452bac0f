import { Adsr } from './envelope.js';
import { FilterMotion } from './filter-motion.js';
import { resonanceDamping, Svf } from './filters.js';
import { BLOCK, mtof } from './math.js';
import { wave, waveInto } from './oscillators.js';
import type { PlanParams } from './plan.js';
import { OutputLevel, PitchSlide, PooledInstrument, VoicePool, type Voice } from './voices.js';
import type { DeviceDef } from './device.js';
import { choice, freq, level, pct, time, voices } from './params.js';

/** Peak level of one voice at full velocity and 0 dB output (headroom for chords). */
export const VOICE_LEVEL = 0.3;

class PolyVoice implements Voice {
  pitch = 0;
  held = false;
  private phase = 0;
  private readonly slide: PitchSlide;
  private gain = 0;
  readonly env = new Adsr();
  readonly filter = new Svf();

  constructor(private readonly synth: Polysynth) {
    this.slide = new PitchSlide(synth.sampleRate);
  }

  get active(): boolean {
    return this.env.active;
  }

  start(pitch: number, velocity: number): void {
    this.pitch = pitch;
    this.held = true;
    this.phase = 0;
    this.slide.set(mtof(pitch) / this.synth.sampleRate);
    this.gain = VOICE_LEVEL * velocity;
    this.filter.reset();
    this.configure();
    this.env.value = 0;
    this.env.gateOn();
  }

  /** Mono legato: the oscillator slides to the new pitch in phase (PitchSlide); the envelope runs on. */
  legato(pitch: number): boolean {
    this.pitch = pitch;
    this.slide.slideTo(mtof(pitch) / this.synth.sampleRate);
    return true;
  }

  configure(): void {
    const s = this.synth;
    this.env.set(s.p.ATTACK, s.p.DECAY, s.p.SUSTAIN, s.p.RELEASE, s.sampleRate);
    this.filter.set(s.p.CUTOFF, s.damping(), s.sampleRate);
  }

  release(): void {
    this.held = false;
    this.env.gateOff();
  }

  kill(): void {
    this.held = false;
    this.env.stage = 0;
    this.env.value = 0;
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const shape = this.synth.p.WAVE | 0;
    const g = this.gain * this.synth.p.OUTPUT;
    const ramp = this.synth.output.ramp;
    const motion = this.synth.motion.moving ? this.synth.motion : null;
    const slide = this.slide;
    if (motion === null && !slide.sliding) {
      this.renderSteady(l, r, from, to, shape, g, ramp);
      return;
    }
    let ph = this.phase;
    for (let i = from; i < to; i++) {
      const dt = slide.next();
      if (motion !== null) this.filter.set(motion.cutoff(i), motion.damping(i), this.synth.sampleRate);
      const x = this.filter.tick(wave(shape, ph, dt), 0) * this.env.tick() * (ramp === null ? g : this.gain * ramp[i]);
      l[i] += x;
      if (r !== l) r[i] += x;
      ph += dt;
      if (ph >= 1) ph -= 1;
      if (!this.env.active) break;
    }
    this.phase = ph;
  }

  /**
   * Two voices in one pass (Svf.lowpassAddPair held at the sustain, else Svf.lowpassEnvAddPair);
   * false, having rendered nothing, while the pitch, the filter or the Output moves.
   */
  renderPair(next: PolyVoice, l: Float32Array, r: Float32Array, from: number, to: number): boolean {
    const s = this.synth;
    if (s.motion.moving || s.output.ramp !== null || this.slide.sliding || next.slide.sliding) return false;
    const shape = s.p.WAVE | 0;
    const gainA = this.gain * s.p.OUTPUT;
    const gainB = next.gain * s.p.OUTPUT;
    const { osc, env, osc2, env2 } = s.scratch;
    const levelA = this.env.hold();
    const levelB = levelA < 0 ? -1 : next.env.hold();
    if (levelB >= 0) {
      this.phase = waveInto(shape, this.phase, this.slide.dt, osc, from, to);
      next.phase = waveInto(shape, next.phase, next.slide.dt, osc2, from, to);
      Svf.lowpassAddPair(this.filter, osc, levelA, gainA, next.filter, osc2, levelB, gainB, from, to, l, r);
      return true;
    }
    // An envelope in its attack, decay or release (a held one's buffer holds its sustain, the same products).
    // The oscillators run to the block's end: a voice that ends inside it starts its next note at phase 0.
    this.phase = waveInto(shape, this.phase, this.slide.dt, osc, from, to);
    next.phase = waveInto(shape, next.phase, next.slide.dt, osc2, from, to);
    let at = from;
    const { stepA, stepB } = s.scratch;
    if (this.env.step(stepA) && next.env.step(stepB)) {
      // Both envelopes stepped in the filters' loop until one of them changes its stage.
      at = Svf.lowpassStepPair(this.filter, osc, stepA, gainA, next.filter, osc2, stepB, gainB, from, to, l, r);
      this.env.value = stepA[0];
      next.env.value = stepB[0];
      if (at === to) return true;
    }
    const endA = this.env.fill(env, at, to);
    const endB = next.env.fill(env2, at, to);
    if (endA === to && endB === to) {
      Svf.lowpassEnvAddPair(this.filter, osc, env, gainA, next.filter, osc2, env2, gainB, at, to, l, r);
    } else {
      // One of them ends in this block: each on its own, in order, as two renders.
      this.filter.lowpassEnvAdd(osc, env, at, endA, gainA, l, r);
      next.filter.lowpassEnvAdd(osc2, env2, at, endB, gainB, l, r);
    }
    return true;
  }

  /**
   * The same samples as render's loop while the pitch and the filter hold still (most of the
   * time): the oscillator, the envelope and the filter each run over the block in their own loop,
   * in doubles, and are multiplied as that loop multiplies them.
   */
  private renderSteady(l: Float32Array, r: Float32Array, from: number, to: number, shape: number, g: number, ramp: Float32Array | null): void {
    const { osc, env } = this.synth.scratch;
    const level = ramp === null ? this.env.hold() : -1;
    if (level >= 0) {
      // Held at the sustain (most of a long note): two loops, no envelope buffer.
      this.phase = waveInto(shape, this.phase, this.slide.dt, osc, from, to);
      this.filter.lowpassAdd(osc, from, to, level, g, l, r);
      return;
    }
    if (ramp === null) {
      // The oscillator to the block's end (a voice that ends inside it starts its next note at phase 0),
      // the envelope stepped in the filter's loop until it changes its stage, then Adsr.fill for the rest.
      this.phase = waveInto(shape, this.phase, this.slide.dt, osc, from, to);
      const step = this.synth.scratch.stepA;
      let at = from;
      if (this.env.step(step)) {
        at = this.filter.lowpassStepAdd(osc, step, from, to, g, l, r);
        this.env.value = step[0];
        if (at === to) return;
      }
      const end = this.env.fill(env, at, to);
      this.filter.lowpassEnvAdd(osc, env, at, end, g, l, r);
      return;
    }
    const end = this.env.fill(env, from, to);
    this.phase = waveInto(shape, this.phase, this.slide.dt, osc, from, end);
    this.filter.lowpassInPlace(osc, from, end);
    for (let i = from; i < end; i++) {
      const x = osc[i] * env[i] * (this.gain * ramp[i]);
      l[i] += x;
      if (r !== l) r[i] += x;
    }
  }
}

/** Polysynth: one oscillator (Saw, Pulse, Sine, Triangle) → resonant low-pass → ADSR, per voice. */
class Polysynth extends PooledInstrument<PolyVoice> {
  /** Its voices have no pan: each adds one sample to both sides (so may render one, Instrument.centred). */
  readonly centred = true;
  protected readonly pool: VoicePool<PolyVoice>;
  /** Cutoff and resonance moves, shared by the voices (which set their filters per sample while it moves). */
  readonly motion: FilterMotion;
  readonly output: OutputLevel;
  /** The voices' working buffers (they render one after another, or two at a time: renderPair). */
  readonly scratch = {
    osc: new Float64Array(BLOCK),
    env: new Float64Array(BLOCK),
    osc2: new Float64Array(BLOCK),
    env2: new Float64Array(BLOCK),
    /** Two envelopes' laws (Adsr.step) for Svf.lowpassStepPair. */
    stepA: new Float64Array(6),
    stepB: new Float64Array(6),
  };

  constructor(
    readonly p: PlanParams,
    readonly sampleRate: number,
    polyphony: number,
  ) {
    super();
    this.pool = new VoicePool(polyphony, () => new PolyVoice(this), sampleRate);
    this.motion = new FilterMotion(sampleRate);
    this.output = new OutputLevel(sampleRate);
  }

  /** resonanceDamping of the Resonance, worked out once for all voices while it holds (a `Math.pow`). */
  damping(): number {
    const r = this.p.RESONANCE;
    if (r !== this.dampedResonance) {
      this.dampedResonance = r;
      this.dampingNow = resonanceDamping(r);
    }
    return this.dampingNow;
  }
  private dampedResonance = Number.NaN;
  private dampingNow = 0;

  override update(): void {
    this.motion.block(this.p.CUTOFF, this.p.RESONANCE);
    this.output.block(this.p.OUTPUT);
    for (const v of this.pool.voices) if (v.active) v.configure();
  }
}

export const POLYSYNTH: DeviceDef = {
  name: 'Polysynth',
  kind: 'instrument',
  category: 'Synth',
  params: [
    freq('CUTOFF', 'Cutoff', 0.7),
    pct('RESONANCE', 'Resonance', 0.2),
    choice('WAVE', 'Waveform', ['Saw', 'Pulse', 'Sine', 'Triangle']),
    time('ATTACK', 'Attack', 0.2),
    time('DECAY', 'Decay', 0.5),
    pct('SUSTAIN', 'Sustain', 0.7),
    time('RELEASE', 'Release', 0.45),
    level('OUTPUT', 'Output'),
    voices(),
  ],
  build: (d, ctx) => new Polysynth(d.p, ctx.sampleRate, d.polyphony),
};
