import { FilterMotion } from './filter-motion.js';
import { resonanceDamping, Svf } from './filters.js';
import { builtInKit, SAMPLER_KIT, SAMPLER_SAMPLES, type Kit, type KitSample } from './kit.js';
import type { PlanParams, PlanZone } from './plan.js';
import { atRate } from './resample.js';
import { FadingVoice, OutputLevel, PitchSlide, PooledInstrument, VoicePool } from './voices.js';
import type { DeviceDef } from './device.js';
import { presetSynth, type PresetSynth } from './preset-synth.js';
import { bool, choice, freq, level, linear, pct, semis, time, voices, whole } from './params.js';

/** Above this the Sampler's low-pass is bypassed (its top setting is 20 kHz: fully open). */
const OPEN_CUTOFF = 19000;
/** The low-pass has no resonance control: Butterworth. */
const FLAT = resonanceDamping(0);
/**
 * Every sample fades out over its last this-many seconds of playback (raised cosine), whichever
 * way it plays: a drum whose recording stops above silence (the Kick at −31 dB) no longer clicks.
 */
const END_FADE_SECONDS = 0.005;

class SamplerVoice extends FadingVoice {
  private sample: KitSample | null = null;
  private pos = 0;
  /** The playback rate (source samples a sample); a legato note slides it. */
  private readonly rate: PitchSlide;
  private dir = 1;
  private env = 0;
  private attackStep = 1;
  private releaseCoef = 0;
  private gain = 0;
  /** Playing forward into a sustain loop: wrap at its end. */
  private looping = false;
  /**
   * The low-pass runs on this note: the cutoff was below the open setting when it started. It then
   * follows the cutoff as it moves; a note started open stays unfiltered (switching the filter in
   * mid-note would click).
   */
  private filtered = false;
  readonly filter = new Svf();
  /** A stereo sample's right side has its own low-pass. */
  readonly filterR = new Svf();

  constructor(private readonly sampler: Sampler) {
    super();
    this.rate = new PitchSlide(sampler.sampleRate);
  }

  /** What `find` found: the sample a note plays, its playback rate and gain. */
  private found: KitSample | null = null;
  private foundRate = 1;
  /** Its zone's gain (linear; 1 for the kit). */
  private foundGain = 1;
  /** The note's velocity (0–1): a legato key picks its zone at it. */
  private velocity = 0;

  /** The sample a key and velocity play and at what rate (into `found`, `foundRate`, `foundGain`); false when none does. */
  private find(pitch: number, velocity: number): boolean {
    const s = this.sampler;
    const p = s.p;
    let sample: KitSample | undefined;
    let semis = p.PITCH;
    let gain = 1;
    if (s.zones.length > 0) {
      // The user's zones: the first whose key and velocity ranges hold the note, pitched from its root key.
      const zone = s.zoneFor(pitch, velocity);
      if (zone === undefined || zone.sample === null) return false;
      sample = zone.sample;
      semis += pitch - zone.z.rootKey + zone.z.tune;
      gain = zone.z.gain;
    } else {
      // SAMPLE 0 plays the kit by key (other keys are silent); any other plays one sample at every key.
      const chosen = s.kit.sample(p.SAMPLE | 0);
      sample = chosen ?? s.kit.drum(pitch);
      if (chosen !== null) semis += pitch - p.ROOT_KEY;
    }
    if (sample === undefined) return false;
    this.found = sample;
    this.foundRate = Math.pow(2, semis / 12);
    this.foundGain = gain;
    return true;
  }

  start(pitch: number, velocity: number): void {
    const s = this.sampler;
    const p = s.p;
    if (!this.find(pitch, velocity)) return;
    const sample = this.found!;
    this.sample = sample;
    this.pitch = pitch;
    this.held = true;
    this.active = true;
    this.rate.set(this.foundRate);
    const len = sample.data.length;
    this.dir = p.REVERSE > 0.5 ? -1 : 1;
    const start = Math.min(len - 1, Math.floor(p.START * len));
    // Reversed, it starts just inside the last sample (its next is past the end) and ends at 0.
    this.pos = this.dir > 0 ? start : len - 1 - start - 1e-6;
    this.looping = sample.loopEnd > 0 && this.dir > 0 && this.pos < sample.loopEnd;
    this.env = p.ATTACK <= 0.11 ? 1 : 0;
    this.attackStep = 1 / Math.max(1, (p.ATTACK / 1000) * s.sampleRate);
    this.releaseCoef = Math.exp(Math.log(0.001) / Math.max(1, (p.RELEASE / 1000) * s.sampleRate));
    this.velocity = velocity;
    this.gain = velocity * this.foundGain;
    this.filter.reset();
    this.filter.set(p.CUTOFF, FLAT, s.sampleRate);
    this.filterR.reset();
    this.filterR.set(p.CUTOFF, FLAT, s.sampleRate);
    this.filtered = p.CUTOFF < OPEN_CUTOFF;
  }

  /**
   * Mono legato: when the new key plays the same sustained sample (one sample at every key, or
   * the same zone at this note's velocity), its playback rate slides there over 5 ms (PitchSlide)
   * and the note runs on from where it is. Another sample, or a one-shot (a drum struck again),
   * cannot: false, and the note retriggers.
   */
  legato(pitch: number): boolean {
    if (this.sample === null || this.sample.oneShot || !this.find(pitch, this.velocity) || this.found !== this.sample) return false;
    this.pitch = pitch;
    this.rate.slideTo(this.foundRate);
    return true;
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const sample = this.sample!;
    const data = sample.data;
    const oneShot = sample.oneShot;
    const last = data.length - 1;
    const g = this.gain * this.sampler.p.OUTPUT;
    const ramp = this.sampler.output.ramp;
    const filtered = this.filtered;
    const motion = filtered && this.sampler.motion.moving ? this.sampler.motion : null;
    const sr = this.sampler.sampleRate;
    // A stereo sample (a zone's) plays its right side through the same steps; mono: both sides alike.
    const right = sample.right ?? null;
    if (filtered) {
      this.filter.set(this.sampler.p.CUTOFF, FLAT, sr);
      if (right !== null) this.filterR.set(this.sampler.p.CUTOFF, FLAT, sr);
    }
    const slide = this.rate;
    const dir = this.dir;
    const { loopStart, loopEnd } = sample;
    // A zone's loop crossfade: its last `xfade` frames blend into those before loopStart, equal power
    // on a raised-cosine course (a plain sin/cos pair has corners at its ends, heard at −64 dB).
    const xfade = sample.loopCrossfade ?? 0;
    const xfadeFrom = loopEnd - xfade;
    // The end fade in source samples: END_FADE_SECONDS of playback at this rate.
    const fade = END_FADE_SECONDS * this.sampler.sampleRate * slide.dt;
    // A zone's loop holds only while the key does: released, the sample plays on past the loop to its end.
    if (this.looping && !this.held && sample.sustainOnly === true) this.looping = false;
    if (!this.looping && right === null && motion === null && ramp === null && !slide.sliding) {
      this.renderPlain(l, r, from, to, data, g, fade);
      return;
    }
    for (let i = from; i < to; i++) {
      let pos = this.pos;
      if (this.looping && pos >= loopEnd) pos -= loopEnd - loopStart;
      if (pos < 0 || pos >= last) {
        this.active = false;
        this.held = false;
        return;
      }
      const k = pos | 0;
      const frac = pos - k;
      // In the loop, the sample after its last is its first.
      const next = this.looping && k + 1 === loopEnd ? loopStart : k + 1;
      let x = data[k] + (data[next] - data[k]) * frac;
      let y = right === null ? 0 : right[k] + (right[next] - right[k]) * frac;
      if (this.looping && xfade > 0 && pos >= xfadeFrom) {
        const q = pos - (loopEnd - loopStart);
        const kq = q | 0;
        const fq = q - kq;
        const t = (0.5 - 0.5 * Math.cos((Math.PI * (pos - xfadeFrom)) / xfade)) * (Math.PI / 2);
        const fadeOut = Math.cos(t);
        const fadeIn = Math.sin(t);
        x = x * fadeOut + (data[kq] + (data[kq + 1] - data[kq]) * fq) * fadeIn;
        if (right !== null) y = y * fadeOut + (right[kq] + (right[kq + 1] - right[kq]) * fq) * fadeIn;
      }
      if (this.held || oneShot) this.env = Math.min(1, this.env + this.attackStep);
      else {
        this.env *= this.releaseCoef;
        if (this.env < 1e-5) {
          this.active = false;
          return;
        }
      }
      if (motion !== null) {
        this.filter.set(motion.cutoff(i), FLAT, sr);
        if (right !== null) this.filterR.set(motion.cutoff(i), FLAT, sr);
      }
      if (filtered) {
        x = this.filter.tick(x, 0);
        if (right !== null) y = this.filterR.tick(y, 0);
      }
      if (!this.looping) {
        const left = this.dir > 0 ? last - pos : pos;
        if (left < fade) {
          const w = 0.5 - 0.5 * Math.cos((Math.PI * left) / fade);
          x *= w;
          y *= w;
        }
      }
      const a = this.env * (ramp === null ? g : this.gain * ramp[i]);
      x *= a;
      l[i] += x;
      if (r !== l) r[i] += right === null ? x : y * a;
      this.pos = pos + slide.next() * dir;
    }
  }

  /**
   * render's loop for a mono sample played to its end (a drum hit, most of a Sampler's work) at a
   * steady pitch, cutoff and Output, with the position and level in locals and none of the loop's,
   * stereo's, glide's or cutoff motion's tests: the same arithmetic in the same order.
   */
  private renderPlain(l: Float32Array, r: Float32Array, from: number, to: number, data: Float32Array, g: number, fade: number): void {
    const last = data.length - 1;
    const dir = this.dir;
    // pos + dt · dir, as render steps it (PitchSlide.next is dt while it does not slide).
    const step = this.rate.dt * dir;
    const rising = this.held || this.sample!.oneShot;
    const attackStep = this.attackStep;
    const releaseCoef = this.releaseCoef;
    const filter = this.filtered ? this.filter : null;
    let pos = this.pos;
    let env = this.env;
    for (let i = from; i < to; i++) {
      if (pos < 0 || pos >= last) {
        this.pos = pos;
        this.active = false;
        this.held = false;
        return;
      }
      const k = pos | 0;
      let x = data[k] + (data[k + 1] - data[k]) * (pos - k);
      if (rising) env = Math.min(1, env + attackStep);
      else {
        env *= releaseCoef;
        if (env < 1e-5) {
          this.pos = pos;
          this.env = env;
          this.active = false;
          return;
        }
      }
      if (filter !== null) x = filter.tick(x, 0);
      const left = dir > 0 ? last - pos : pos;
      if (left < fade) x *= 0.5 - 0.5 * Math.cos((Math.PI * left) / fade);
      x *= env * g;
      l[i] += x;
      if (r !== l) r[i] += x;
      pos += step;
    }
    this.pos = pos;
    this.env = env;
  }
}

/**
 * Sampler: plays the built-in kit (kit.ts) — the whole kit on its General MIDI keys, or one
 * sample at every key pitched by (key − Root Key) — or, when it has zones, the user's samples by
 * key and velocity range, each pitched by (key − its root key) plus its tune, at its gain; with pitch, attack, release, a
 * low-pass, start offset and reverse. Tonal kit samples loop while held and through their
 * release; every sample fades out at its end.
 */
class Sampler extends PooledInstrument<SamplerVoice> {
  /** Playing the kit (mono samples, no pan) it adds each sample to both sides, so may render one (Instrument.centred); zones may be stereo. */
  readonly centred: boolean;
  readonly kit: Kit;
  /** The user's zones, each with its sample at the engine rate (its sustain loop, if any, held while the key is), in zone order. */
  readonly zones: readonly SamplerZone[];
  /** SoundFont notes sounding: the key pressed and the zone's synthesizer that plays it. */
  private readonly presetNotes: { pitch: number; synth: PresetSynth }[] = [];
  protected readonly pool: VoicePool<SamplerVoice>;
  /** Cutoff moves, shared by the voices (each sets its filter per sample while it moves). */
  readonly motion: FilterMotion;
  readonly output: OutputLevel;
  /** The SAMPLE whose kit samples are synthesized (kit.ts makes each when first asked for). */
  private prepared = Number.NaN;

  constructor(
    readonly p: PlanParams,
    readonly sampleRate: number,
    polyphony: number,
    zones: readonly PlanZone[],
  ) {
    super();
    this.kit = builtInKit(sampleRate);
    this.zones = zones.map((z) => {
      if (z.soundFont !== undefined) return { z, sample: null, synth: presetSynth(z.soundFont, sampleRate, z.tune) };
      const data = atRate(z.data, z.sampleRate, sampleRate);
      const right = z.right === null ? null : atRate(z.right, z.sampleRate, sampleRate);
      // The loop in engine frames; one past the sample's end (a project written for a longer file) is no loop.
      const ratio = sampleRate / z.sampleRate;
      const loopStart = Math.round(z.loopStart * ratio);
      const loopEnd = Math.min(Math.round(z.loopEnd * ratio), data.length - 1);
      const loopCrossfade = Math.min(Math.round(z.loopCrossfade * ratio), loopEnd - loopStart, loopStart);
      const loop = loopEnd - loopStart >= 2 ? { loopStart, loopEnd, loopCrossfade } : { loopStart: 0, loopEnd: 0 };
      return { z, sample: { name: z.sample, data, right, oneShot: false, rootKey: z.rootKey, ...loop, sustainOnly: true }, synth: null };
    });
    this.centred = this.zones.length === 0;
    this.pool = new VoicePool(polyphony, () => new SamplerVoice(this), sampleRate);
    this.motion = new FilterMotion(sampleRate);
    this.output = new OutputLevel(sampleRate);
    this.prepareKit();
  }

  /**
   * The kit samples SAMPLE plays, synthesized when the Sampler is made and when SAMPLE changes (the first choice of a
   * tone in a session costs that block up to ~30 ms of CPU), rather than at a note; none while it plays zones.
   */
  private prepareKit(): void {
    const index = this.p.SAMPLE | 0;
    if (this.zones.length > 0 || index === this.prepared) return;
    this.prepared = index;
    this.kit.prepare(index);
  }

  override update(): void {
    this.prepareKit();
    this.motion.block(this.p.CUTOFF, 0);
    this.output.block(this.p.OUTPUT);
  }

  /** The first zone whose key and velocity (0–1) ranges hold a note. */
  zoneFor(pitch: number, velocity: number): SamplerZone | undefined {
    const v = Math.min(127, Math.max(1, Math.round(velocity * 127)));
    return this.zones.find(({ z }) => pitch >= z.keyLow && pitch <= z.keyHigh && v >= z.velocityLow && v <= z.velocityHigh);
  }

  /** A note in a SoundFont zone goes to its preset's synthesizer; any other to the voices. */
  override noteOn(pitch: number, velocity: number): void {
    const zone = this.zones.length > 0 ? this.zoneFor(pitch, velocity) : undefined;
    if (zone === undefined || zone.sample !== null) return super.noteOn(pitch, velocity);
    if (zone.synth === null) return;
    zone.synth.noteOn(pitch, Math.min(127, Math.max(1, Math.round(velocity * 127))));
    this.presetNotes.push({ pitch, synth: zone.synth });
  }

  override noteOff(pitch: number): void {
    const i = this.presetNotes.findIndex((n) => n.pitch === pitch);
    if (i < 0) return super.noteOff(pitch);
    this.presetNotes[i].synth.noteOff(pitch);
    this.presetNotes.splice(i, 1);
  }

  override render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    super.render(l, r, from, to);
    const ramp = this.output.ramp;
    for (const { z, synth } of this.zones) if (synth !== null) synth.render(l, r, from, to, ramp === null ? z.gain * this.p.OUTPUT : z.gain, ramp);
  }

  override reset(): void {
    super.reset();
    this.presetNotes.length = 0;
    for (const { synth } of this.zones) synth?.reset();
  }

  override get sounding(): boolean {
    if (super.sounding) return true;
    // An index loop, not some(): its closure was garbage at every block the track's chain was asked whether it sleeps.
    for (let k = 0; k < this.zones.length; k++) if (this.zones[k].synth?.sounding === true) return true;
    return false;
  }
}

/** A zone as the Sampler plays it: its sample at the engine rate, or (a SoundFont zone) its preset's synthesizer (null: none plugged in). */
type SamplerZone = { readonly z: PlanZone; readonly sample: KitSample | null; readonly synth: PresetSynth | null };

export const SAMPLER: DeviceDef = {
  name: 'Sampler',
  kind: 'instrument',
  category: 'Sampler',
  params: [
    semis('PITCH', 'Pitch', 48),
    time('ATTACK', 'Attack', 0),
    time('RELEASE', 'Release', 0.3),
    freq('CUTOFF', 'Cutoff', 1),
    pct('START', 'Start', 0),
    bool('REVERSE', 'Reverse', false),
    level('OUTPUT', 'Output'),
    choice('KIT', 'Kit', [SAMPLER_KIT.name]),
    choice('SAMPLE', 'Sample', SAMPLER_SAMPLES),
    whole('ROOT_KEY', 'Root Key', 0, 127, 60, linear('note')),
    voices(16),
  ],
  controls: ['PITCH', 'ATTACK', 'RELEASE', 'CUTOFF', 'START', 'REVERSE', 'OUTPUT', 'SAMPLE'],
  build: (d, ctx) => new Sampler(d.p, ctx.sampleRate, d.polyphony, d.zones ?? []),
};
