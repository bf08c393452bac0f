import { BLOCK } from './math.js';
import { SmoothedGain } from './smoothed-gain.js';

/** A note event inside a block: `offset` is the sample it lands on (0–127). */
export interface NoteEvent {
  offset: number;
  on: boolean;
  pitch: number;
  /** 0–1 (MIDI velocity / 127). */
  velocity: number;
}

/** A sound source: notes in, audio added into the track's buffers. */
export interface Instrument {
  /** Reads its parameters; called at the start of every block. */
  update(): void;
  noteOn(pitch: number, velocity: number): void;
  noteOff(pitch: number): void;
  /**
   * Adds samples from..to−1 into l and r. A `centred` instrument may be given one array as both
   * (l and r holding the same samples): it adds each sample once, and the caller copies l to r.
   */
  render(l: Float32Array, r: Float32Array, from: number, to: number): void;
  /** It adds the same samples to l and r (no pan, no stereo voice): it renders one side given one array as both. */
  readonly centred?: boolean;
  /** Silences everything at once (seek, stop). */
  reset(): void;
  /** Some voice still sounds. */
  readonly sounding: boolean;
}

export interface Voice {
  pitch: number;
  /** Held by its key (between note-on and note-off). */
  held: boolean;
  /** Still sounding (held, or releasing). */
  readonly active: boolean;
  start(pitch: number, velocity: number): void;
  release(): void;
  render(l: Float32Array, r: Float32Array, from: number, to: number): void;
  kill(): void;
  /**
   * Mono legato: the held note moves to `pitch` without retriggering its envelope (gliding
   * there when the instrument glides). Returns false when this voice cannot reach that key
   * (a Sampler key that plays another sample); then, as for a voice without it, the note is
   * retriggered (a steal).
   */
  legato?(pitch: number): boolean;
  /**
   * Renders this voice and then `next` (the pool's next sounding voice) together, the same
   * samples as the two renders one after the other, when it can (a held chord's cheap case);
   * returns false, having rendered nothing, when it cannot.
   */
  renderPair?(next: this, l: Float32Array, r: Float32Array, from: number, to: number): boolean;
}

/**
 * A voice whose own render fades it out once released (its level runs down and it clears
 * `active`), and that falls silent at once when killed: the note-off and kill of the Organ,
 * Sampler and FM-4 voices.
 */
export abstract class FadingVoice implements Voice {
  pitch = 0;
  held = false;
  active = false;

  abstract start(pitch: number, velocity: number): void;
  abstract render(l: Float32Array, r: Float32Array, from: number, to: number): void;

  release(): void {
    this.held = false;
  }

  kill(): void {
    this.held = false;
    this.active = false;
  }
}

/** A legato note reaches its pitch over this long: a glide too short to hear as one. */
export const LEGATO_SLIDE_SECONDS = 0.005;

/**
 * A voice's oscillator frequency (cycles per sample) that slides in phase, linearly, to a legato
 * note's over LEGATO_SLIDE_SECONDS: a jump of the frequency left −61 dB of click on a sine, the
 * slide −100 dB.
 */
export class PitchSlide {
  dt = 0;
  private step = 0;
  private left = 0;
  private readonly length: number;

  constructor(sampleRate: number) {
    this.length = Math.max(1, Math.round(LEGATO_SLIDE_SECONDS * sampleRate));
  }

  /** A new note: at once. */
  set(dt: number): void {
    this.dt = dt;
    this.left = 0;
  }

  /** A legato note: over the slide. */
  slideTo(dt: number): void {
    this.left = this.length;
    this.step = (dt - this.dt) / this.length;
  }

  /** True while a legato slide moves the frequency. */
  get sliding(): boolean {
    return this.left > 0;
  }

  /** The frequency for the next sample. */
  next(): number {
    if (this.left > 0) {
      this.dt += this.step;
      this.left--;
    }
    return this.dt;
  }
}

/** How long a stolen voice fades out while the new note starts: 5 ms, raised cosine (see VoicePool). */
const STEAL_FADE_SECONDS = 0.005;
/** Voices beyond the polyphony that let stolen ones finish their fade. */
const FADE_SPARES = 2;

/**
 * A fixed pool of voices. A new note takes a free voice, else steals the oldest releasing one,
 * else the oldest held one — deterministic, no allocation while rendering.
 *
 * A stolen voice is not cut: it fades out over STEAL_FADE_SECONDS on a raised-cosine curve while
 * the new note starts on one of a few spare voices (a one-voice bass retriggering is a steal too).
 * Cutting it mid-cycle was a click at −14 to −24 dB; a raised cosine over 5 ms leaves it below
 * −70 dB, where a one-pole smoother of the same length leaves −46 dB. Only when every spare is
 * still fading does the one nearest its end stop at once.
 */
export class VoicePool<V extends Voice> {
  readonly voices: V[];
  private readonly age: number[];
  /** Samples of steal fade left per voice; 0: not fading. */
  private readonly fadeLeft: number[];
  private readonly fadeSamples: number;
  private readonly scratchL = new Float32Array(BLOCK);
  private readonly scratchR = new Float32Array(BLOCK);
  private clock = 0;
  /** Mono (one voice): the keys held, the newest last — a released key returns to the one below. */
  private readonly keys = new Int16Array(128);
  private keyCount = 0;

  constructor(
    private readonly size: number,
    make: (i: number) => V,
    sampleRate: number,
  ) {
    this.size = Math.max(1, size);
    this.voices = Array.from({ length: this.size + FADE_SPARES }, (_, i) => make(i));
    this.age = this.voices.map(() => 0);
    this.fadeLeft = this.voices.map(() => 0);
    this.fadeSamples = Math.max(1, Math.round(STEAL_FADE_SECONDS * sampleRate));
  }

  noteOn(pitch: number, velocity: number): void {
    if (this.size === 1 && this.monoLegato(pitch)) return;
    let playing = 0;
    for (let i = 0; i < this.voices.length; i++) if (this.voices[i].active && this.fadeLeft[i] === 0) playing++;
    if (playing >= this.size) {
      let victim = this.oldest(false);
      if (victim < 0) victim = this.oldest(true);
      this.fadeLeft[victim] = this.fadeSamples;
    }
    let pick = -1;
    for (let i = 0; i < this.voices.length; i++)
      if (!this.voices[i].active) {
        pick = i;
        break;
      }
    if (pick < 0) pick = this.nearestFadeEnd();
    this.fadeLeft[pick] = 0;
    this.age[pick] = ++this.clock;
    this.voices[pick].start(pitch, velocity);
  }

  /**
   * One voice: a note that overlaps the held one moves it (legato) instead of retriggering, when
   * the voice can. Returns whether it did; the key joins the held stack either way.
   */
  private monoLegato(pitch: number): boolean {
    this.dropKey(pitch);
    if (this.keyCount < this.keys.length) this.keys[this.keyCount++] = pitch;
    const held = this.heldVoice();
    return held?.legato?.(pitch) === true;
  }

  private dropKey(pitch: number): void {
    let w = 0;
    for (let i = 0; i < this.keyCount; i++) if (this.keys[i] !== pitch) this.keys[w++] = this.keys[i];
    this.keyCount = w;
  }

  /** The held, playing (not fading) voice, if any. */
  private heldVoice(): V | null {
    for (let i = 0; i < this.voices.length; i++) if (this.voices[i].held && this.voices[i].active && this.fadeLeft[i] === 0) return this.voices[i];
    return null;
  }

  /** The oldest playing (not fading) voice that is held, or releasing when `held` is false. */
  private oldest(held: boolean): number {
    let best = -1;
    for (let i = 0; i < this.voices.length; i++) {
      const v = this.voices[i];
      if (!v.active || this.fadeLeft[i] > 0 || v.held !== held) continue;
      if (best < 0 || this.age[i] < this.age[best]) best = i;
    }
    return best;
  }

  private nearestFadeEnd(): number {
    let best = 0;
    for (let i = 1; i < this.voices.length; i++) if (this.fadeLeft[i] > 0 && (this.fadeLeft[best] === 0 || this.fadeLeft[i] < this.fadeLeft[best])) best = i;
    this.voices[best].kill();
    return best;
  }

  noteOff(pitch: number): void {
    if (this.size === 1) {
      this.dropKey(pitch);
      const held = this.heldVoice();
      // Releasing the sounding key while others are held returns legato to the newest of them.
      // (A voice that cannot reach it is released.)
      if (held !== null && held.pitch === pitch && held.legato !== undefined && this.keyCount > 0 && held.legato(this.keys[this.keyCount - 1])) return;
    }
    // The oldest voice holding the key releases (one note-off per note-on); a fading one is already gone.
    let best = -1;
    for (let i = 0; i < this.voices.length; i++) {
      const v = this.voices[i];
      if (v.held && v.pitch === pitch && this.fadeLeft[i] === 0 && (best < 0 || this.age[i] < this.age[best])) best = i;
    }
    if (best >= 0) this.voices[best].release();
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    const vs = this.voices;
    for (let i = 0; i < vs.length; i++) {
      const v = vs[i];
      if (!v.active) continue;
      if (this.fadeLeft[i] !== 0) {
        this.renderFading(i, l, r, from, to);
        continue;
      }
      if (v.renderPair !== undefined) {
        // The next sounding voice, if it plays unfaded, may render in the same pass (in order).
        let j = i + 1;
        while (j < vs.length && !vs[j].active) j++;
        if (j < vs.length && this.fadeLeft[j] === 0 && v.renderPair(vs[j], l, r, from, to)) {
          i = j;
          continue;
        }
      }
      v.render(l, r, from, to);
    }
  }

  /** Renders a stolen voice into scratch, then adds it under the fade's raised-cosine gain. */
  private renderFading(i: number, l: Float32Array, r: Float32Array, from: number, to: number): void {
    const sl = this.scratchL;
    const sr = this.scratchR;
    sl.fill(0, from, to);
    sr.fill(0, from, to);
    this.voices[i].render(sl, sr, from, to);
    let left = this.fadeLeft[i];
    const total = this.fadeSamples;
    // One array as both sides (a centred instrument): added once.
    const stereo = r !== l;
    for (let k = from; k < to && left > 0; k++, left--) {
      const g = 0.5 + 0.5 * Math.cos((Math.PI * (total - left + 1)) / (total + 1));
      l[k] += sl[k] * g;
      if (stereo) r[k] += sr[k] * g;
    }
    this.fadeLeft[i] = left;
    if (left === 0) this.voices[i].kill();
  }

  reset(): void {
    for (const v of this.voices) v.kill();
    this.fadeLeft.fill(0);
    this.keyCount = 0;
  }

  get sounding(): boolean {
    for (const v of this.voices) if (v.active) return true;
    return false;
  }
}

/**
 * An instrument's Output level as its voices read it: a new value is reached over 10 ms
 * (SmoothedGain), so turning an instrument down while it plays does not click. Advanced once a
 * block by the instrument's `update`.
 */
export class OutputLevel {
  private readonly gain: SmoothedGain;
  private moving = false;
  constructor(sampleRate: number) {
    this.gain = new SmoothedGain(sampleRate);
  }
  block(value: number): void {
    this.moving = this.gain.block(value);
  }
  /** The block's per-sample levels while it moves; null when steady (the parameter holds). */
  get ramp(): Float32Array | null {
    return this.moving ? this.gain.ramp : null;
  }
}

/**
 * An instrument that is a pool of voices: notes, rendering and reset go to the pool. A subclass
 * makes the pool in its constructor (its voices read the instrument's parameters) and overrides
 * `update` when its voices follow parameter changes while they sound.
 */
export abstract class PooledInstrument<V extends Voice> implements Instrument {
  protected abstract readonly pool: VoicePool<V>;
  update(): void {}
  noteOn(pitch: number, velocity: number): void {
    this.pool.noteOn(pitch, velocity);
  }
  noteOff(pitch: number): void {
    this.pool.noteOff(pitch);
  }
  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    this.pool.render(l, r, from, to);
  }
  reset(): void {
    this.pool.reset();
  }
  get sounding(): boolean {
    return this.pool.sounding;
  }
}
