// The sound the light hears: the song rendered by the audio engine in step with the show's
// frames, as mono 512-sample blocks (LX's mix buffer) on the light's LightAudioInput.
import { AUDIO_BLOCK, type LightAudioInput } from '../light/audio/audio-input.js';
import type { LightShow } from '../light/show/light-show.js';
import { AudioEngine } from '../sound/audio/dsp/engine.js';
import { BLOCK } from '../sound/audio/dsp/math.js';
import type { RenderPlan } from '../sound/audio/dsp/plan.js';
import { buildPlan } from '../sound/audio/plan.js';
import type { SoundHost } from '../sound/host/host.js';
import { saveProject } from '../sound/model/components.js';

const SONG_AUDIO_RATE = 48000;
/** Blocks kept for readers (≈ 0.7 s at 48 kHz). */
const RING = 64;
/** Frames without a reader after which the feed stops rendering (audio costs CPU). */
const IDLE_FRAMES = 120;

interface SongAudioOptions {
  /** A track to hear alone (by name, e.g. the demo's "Kick"), instead of the master output. */
  readonly track?: string;
}

/** Renders the song while it plays and hands the light its blocks; silence while stopped. */
class SongAudio implements LightAudioInput {
  readonly sampleRate = SONG_AUDIO_RATE;
  private count = 0;
  private first = 0;
  private readonly ring: Float32Array[] = Array.from({ length: RING }, () => new Float32Array(AUDIO_BLOCK));
  private engine: AudioEngine | null = null;
  private planKey: unknown[] = [];
  private readonly left = new Float32Array(BLOCK);
  private readonly right = new Float32Array(BLOCK);
  /** Samples of `left`/`right` not yet handed on. */
  private held = 0;
  private fill = 0;
  private fraction = 0;
  private songAt = 0;
  private idle = 0;

  constructor(
    private readonly sound: SoundHost,
    private readonly options: SongAudioOptions = {},
  ) {}

  get blockCount(): number {
    this.idle = 0;
    return this.count;
  }

  get frameBlock(): number {
    return this.first;
  }

  block(n: number): Float32Array | null {
    this.idle = 0;
    return n < this.count && n >= this.count - RING && n >= 0 ? this.ring[n % RING] : null;
  }

  /** One frame of show time: renders the song's samples for it (after the song advanced, before the light renders). */
  advance(deltaMs: number): void {
    const t = this.sound.transport;
    this.first = this.count;
    const from = this.songAt;
    this.songAt = t.position;
    if (this.idle++ >= IDLE_FRAMES) {
      this.engine = null;
      return;
    }
    this.fraction += (deltaMs * this.sampleRate) / 1000;
    const samples = Math.floor(this.fraction);
    this.fraction -= samples;
    if (!t.playing) {
      this.engine?.stop();
      this.push(null, samples);
      return;
    }
    const engine = this.ensureEngine();
    if (Math.abs(engine.position - from) > 1e-3) {
      engine.seek(from);
      this.held = 0;
    }
    engine.play();
    this.push(engine, samples);
  }

  private ensureEngine(): AudioEngine {
    const h = this.sound.engine.history;
    const key = [this.sound.project, h.undoDepth, h.redoDepth, this.options.track];
    if (this.engine === null || key.some((k, i) => k !== this.planKey[i])) {
      const plan = this.plan();
      if (this.engine === null) this.engine = new AudioEngine(plan, this.sampleRate);
      else this.engine.load(plan);
      this.planKey = key;
      this.held = 0;
    }
    return this.engine;
  }

  private plan(): RenderPlan {
    const plan = buildPlan(saveProject(this.sound.project, { ids: false }));
    const name = this.options.track;
    if (name === undefined) return plan;
    return { ...plan, tracks: plan.tracks.map((tr) => (tr.name === name ? { ...tr, solo: true } : tr)) };
  }

  /** Appends `samples` mono samples (the engine's, or silence) to the blocks. */
  private push(engine: AudioEngine | null, samples: number): void {
    let left = samples;
    while (left > 0) {
      let src: Float32Array | null = null;
      let offset = 0;
      let n = Math.min(left, AUDIO_BLOCK - this.fill);
      if (engine !== null) {
        if (this.held === 0) {
          engine.render(this.left, this.right);
          this.held = BLOCK;
        }
        n = Math.min(n, this.held);
        offset = BLOCK - this.held;
        src = this.left;
        this.held -= n;
      }
      const dst = this.ring[this.count % RING];
      for (let i = 0; i < n; i++) dst[this.fill + i] = src === null ? 0 : (src[offset + i] + this.right[offset + i]) / 2;
      this.fill += n;
      left -= n;
      if (this.fill === AUDIO_BLOCK) {
        this.fill = 0;
        this.count++;
      }
    }
  }
}

/** Wires the song's sound into the light's audio devices; returns the unlink. */
export function linkShowAudio(light: LightShow, sound: SoundHost, options: SongAudioOptions = {}): { readonly audio: SongAudio; unlink(): void } {
  const audio = new SongAudio(sound, options);
  const hook = (deltaMs: number): void => {
    light.lx.audioInput = audio;
    audio.advance(deltaMs);
  };
  light.beforeFrame.push(hook);
  return {
    audio,
    unlink() {
      const i = light.beforeFrame.indexOf(hook);
      if (i >= 0) light.beforeFrame.splice(i, 1);
      if (light.lx.audioInput === audio) light.lx.audioInput = null;
    },
  };
}
