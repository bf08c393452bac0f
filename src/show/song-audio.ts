// The sound the light hears on a stepped clock (render-show, tests, a server without live audio):
// the song rendered by the audio engine in step with the show's frames, the master or one
// track's post-fader output, as mono 512-sample blocks (LX's mix buffer) on the light's
// LightAudioInput. Live, live-audio.ts hands the light the live engine's own samples instead;
// both tap the same point (AudioEngine.tapMono) into the same blocks (AudioBlocks).
import type { LightShow } from '../light/show/light-show.js';
import { AudioEngine } from '../sound/audio/dsp/engine.js';
import { BLOCK } from '../sound/audio/dsp/math.js';
import { buildPlan, lightTapIndex } from '../sound/audio/plan.js';
import type { SoundHost } from '../sound/host/host.js';
import { saveProject } from '../sound/model/components.js';
import { AudioBlocks } from './audio-blocks.js';

const SONG_AUDIO_RATE = 48000;
/** Frames without a reader after which the feed stops rendering (audio costs CPU). */
const IDLE_FRAMES = 120;

interface SongAudioOptions {
  /** A track to hear (by name, e.g. "Kick"): its post-fader output instead of the master's. */
  readonly track?: string;
}

/** Renders the song while it plays and hands the light its blocks; silence while stopped. */
class SongAudio {
  readonly blocks = new AudioBlocks(SONG_AUDIO_RATE);
  private engine: AudioEngine | null = null;
  private planKey: unknown[] = [];
  private tap = 0;
  private readonly left = new Float32Array(BLOCK);
  private readonly right = new Float32Array(BLOCK);
  private readonly mono = new Float32Array(BLOCK);
  /** Samples of `mono` not yet handed on. */
  private held = 0;
  private fraction = 0;
  private songAt = 0;
  private idle = 0;

  constructor(
    private readonly sound: SoundHost,
    private readonly options: SongAudioOptions = {},
  ) {}

  /** One frame of show time: renders the song's samples for it (after the song advanced, before the light renders). */
  advance(deltaMs: number): void {
    const t = this.sound.transport;
    this.blocks.beginFrame();
    const from = this.songAt;
    this.songAt = t.position;
    if (this.blocks.read) this.idle = 0;
    this.blocks.read = false;
    if (this.idle++ >= IDLE_FRAMES) {
      this.engine = null;
      return;
    }
    this.fraction += (deltaMs * SONG_AUDIO_RATE) / 1000;
    const samples = Math.floor(this.fraction);
    this.fraction -= samples;
    if (!t.playing) {
      this.engine?.stop();
      this.blocks.push(null, 0, samples);
      return;
    }
    const engine = this.ensureEngine();
    // The song moved other than by playing (a seek): render from where it now is. The engine has
    // rendered `held` samples past what was handed on, so it is that far ahead of the song.
    const rendered = engine.position - (this.held * this.sound.project.tempo.getBaseValue()) / (60 * SONG_AUDIO_RATE);
    if (Math.abs(rendered - from) > 1e-3) {
      engine.seek(from);
      this.held = 0;
    }
    engine.play();
    for (let rest = samples; rest > 0; ) {
      if (this.held === 0) {
        engine.render(this.left, this.right);
        engine.tapMono(this.tap, this.mono, 0);
        this.held = BLOCK;
      }
      const n = Math.min(rest, this.held);
      this.blocks.push(this.mono, BLOCK - this.held, n);
      this.held -= n;
      rest -= n;
    }
  }

  private ensureEngine(): AudioEngine {
    const h = this.sound.engine.history;
    const key = [this.sound.project, h.undoDepth, h.redoDepth, this.options.track];
    if (this.engine === null || key.some((k, i) => k !== this.planKey[i])) {
      const plan = buildPlan(saveProject(this.sound.project, { ids: false }), this.sound.samples);
      if (this.engine === null) this.engine = new AudioEngine(plan, SONG_AUDIO_RATE);
      else this.engine.load(plan);
      this.tap = lightTapIndex(plan, this.options.track);
      this.planKey = key;
      this.held = 0;
    }
    return this.engine;
  }
}

/** Wires the song's sound, rendered in step with the frames, into the light's audio devices; returns the unlink. */
export function linkShowAudio(light: LightShow, sound: SoundHost, options: SongAudioOptions = {}): { readonly audio: AudioBlocks; unlink(): void } {
  const audio = new SongAudio(sound, options);
  const hook = (deltaMs: number): void => {
    light.lx.audioInput = audio.blocks;
    audio.advance(deltaMs);
  };
  light.beforeFrame.push(hook);
  return {
    audio: audio.blocks,
    unlink() {
      const i = light.beforeFrame.indexOf(hook);
      if (i >= 0) light.beforeFrame.splice(i, 1);
      if (light.lx.audioInput === audio.blocks) light.lx.audioInput = null;
    },
  };
}
