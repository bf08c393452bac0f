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
  /** Adds samples from..to−1 into l and r. */
  render(l: Float32Array, r: Float32Array, from: number, to: number): void;
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

/**
 * A fixed pool of voices. A new note takes a free voice, else steals the oldest releasing one,
 * else the oldest held one — deterministic, no allocation while rendering.
 */
export class VoicePool<V extends Voice> {
  readonly voices: V[];
  private readonly age: number[];
  private clock = 0;

  constructor(size: number, make: (i: number) => V) {
    this.voices = Array.from({ length: Math.max(1, size) }, (_, i) => make(i));
    this.age = this.voices.map(() => 0);
  }

  noteOn(pitch: number, velocity: number): void {
    let pick = -1;
    for (let i = 0; i < this.voices.length; i++)
      if (!this.voices[i].active) {
        pick = i;
        break;
      }
    if (pick < 0) pick = this.oldest(false);
    if (pick < 0) pick = this.oldest(true);
    this.age[pick] = ++this.clock;
    this.voices[pick].start(pitch, velocity);
  }

  private oldest(held: boolean): number {
    let best = -1;
    for (let i = 0; i < this.voices.length; i++) {
      const v = this.voices[i];
      if (v.held !== held) continue;
      if (best < 0 || this.age[i] < this.age[best]) best = i;
    }
    return best;
  }

  noteOff(pitch: number): void {
    // The oldest voice holding the key releases (one note-off per note-on).
    let best = -1;
    for (let i = 0; i < this.voices.length; i++) {
      const v = this.voices[i];
      if (v.held && v.pitch === pitch && (best < 0 || this.age[i] < this.age[best])) best = i;
    }
    if (best >= 0) this.voices[best].release();
  }

  render(l: Float32Array, r: Float32Array, from: number, to: number): void {
    for (const v of this.voices) if (v.active) v.render(l, r, from, to);
  }

  reset(): void {
    for (const v of this.voices) v.kill();
  }

  get sounding(): boolean {
    for (const v of this.voices) if (v.active) return true;
    return false;
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
