// The whole show offline: the song's audio and the light's frames on one stepped clock.
import { Engine } from '../engine/engine.js';
import { silentLogger } from '../engine/log.js';
import { LightShow } from '../light/show/light-show.js';
import type { LxfResolver } from '../light/model/index.js';
import { readProject } from '../light/show/project/project-file.js';
import type { LXComponent } from '../light/component/lx-component.js';
import type { DeviceRegistry } from '../light/component/registry.js';
import { checkKeptFrames } from '../light/render/offline.js';
import { invalidArgument } from '../engine/errors.js';
import { MAX_RENDER_SECONDS, renderOffline as renderAudio, RENDER_SAMPLE_RATE } from '../sound/audio/offline.js';
import { buildPlan } from '../sound/audio/plan.js';
import { SoundHost } from '../sound/host/host.js';
import type { SampleStore } from '../sound/samples/store.js';
import { saveProject, type ProjectJson } from '../sound/model/components.js';
import { startPlayback } from '../sound/operations/song.js';
import { linkLightCues } from './cue-playback.js';
import type { LightCues } from './light-cues.js';
import { SHOW_EXTERNALS } from './light-cues.js';
import { linkShowClock } from './show-clock.js';
import { linkShowAudio } from './song-audio.js';

interface ShowOpenOptions {
  /** The light project (.lxp JSON, cues in its externals). */
  readonly light: unknown;
  /** The song (a sound project document). */
  readonly song: ProjectJson;
  /** Frames per second (default 60). */
  readonly fps?: number;
  readonly registry: DeviceRegistry<LXComponent>;
  readonly resolveLxf?: LxfResolver;
  readonly resolveLxm?: (file: string) => unknown;
  /** The song track whose post-fader output the audio devices hear (default the master). */
  readonly audioTrack?: string;
  /** The song's Sampler samples, preloaded (SampleStore.preload); none: every zone is reported missing and silent. */
  readonly samples?: SampleStore;
}

interface ShowRenderOptions extends ShowOpenOptions {
  readonly seconds: number;
  /** The caller keeps every frame (onFrame copies them): refuse, before rendering, what would not fit (checkKeptFrames). */
  readonly keepsFrames?: boolean;
  /** Called after every frame with the light's main output and the song position in beats. */
  readonly onFrame?: (index: number, argb: Uint32Array, beat: number) => void;
}

interface ShowRender {
  readonly frames: number;
  readonly deltaMs: number;
  /** The song position (beats) after each frame. */
  readonly beats: Float64Array;
  readonly left: Float32Array;
  readonly right: Float32Array;
  readonly sampleRate: number;
  readonly warnings: readonly string[];
  /** What the audio render left out (a Sampler zone whose sample is missing, ...), as render-sound reports it. */
  readonly notRendered: readonly { readonly track: string; readonly device: string; readonly reason: string }[];
  /** The light show after the last frame (geometry, channel listing). */
  readonly show: LightShow;
}

/** A show opened offline, playing from the song's start: step it frame by frame. */
export interface OfflineShow {
  readonly show: LightShow;
  readonly sound: SoundHost;
  readonly cues: LightCues;
  readonly deltaMs: number;
  /** What opening the light project reported (files it could not read, devices it replaced). */
  readonly warnings: readonly string[];
  /** Renders one frame (the song advances first, the light follows) and returns the song position after it, in beats. */
  step(): number;
  dispose(): void;
}

/**
 * Opens the show as render-show plays it: its own engine, the song's transport as the clock
 * (playing from beat 0), the light following it (tempo, cues, audio devices), each step a fixed
 * 1000/fps ms. The same inputs always give the same frames. `beforeLink` sees the light project
 * before it is opened (renderShow refuses, there, a render whose frames would not fit).
 */
export function openOfflineShow(options: ShowOpenOptions, beforeLink?: (pointCount: number) => void): OfflineShow {
  const deltaMs = 1000 / (options.fps ?? 60);
  const engine = new Engine();
  const opened = readProject(options.light, options.registry, { resolveLxf: options.resolveLxf, resolveLxm: options.resolveLxm, externals: SHOW_EXTERNALS });
  beforeLink?.(opened.lx.structure.model.size);
  engine.graph.reserveIds(opened.maxId);
  const show = new LightShow(engine, opened.lx, { registry: options.registry, externals: SHOW_EXTERNALS });
  show.externals = opened.externals;
  const sound = new SoundHost(engine, silentLogger, options.song, options.samples);
  linkShowClock(show, sound);
  const { cues } = linkLightCues(show, sound);
  linkShowAudio(show, sound, options.audioTrack === undefined ? {} : { track: options.audioTrack });
  startPlayback(sound);
  return {
    show,
    sound,
    cues,
    deltaMs,
    warnings: opened.warnings,
    step: () => {
      engine.clock.stepFixed(1, deltaMs);
      return sound.transport.position;
    },
    dispose: () => sound.dispose(),
  };
}

/**
 * Renders the show as it plays from the song's start (openOfflineShow) for `seconds`, and the WAV:
 * the audio engine's offline render of the same seconds. The same inputs always give the same
 * frames and samples.
 */
export function renderShow(options: ShowRenderOptions): ShowRender {
  const fps = options.fps ?? 60;
  if (!(options.seconds > 0 && options.seconds <= MAX_RENDER_SECONDS))
    throw invalidArgument(`a render is at most ${MAX_RENDER_SECONDS} s; this one would be ${options.seconds} s`);
  const frames = Math.round(options.seconds * fps);
  const offline = openOfflineShow(options, (points) => {
    if (options.keepsFrames === true) checkKeptFrames(frames, points);
  });
  const beats = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    beats[k] = offline.step();
    options.onFrame?.(k, offline.show.main, beats[k]);
  }
  const audio = renderAudio(
    buildPlan(saveProject(offline.sound.project, { ids: false }), offline.sound.samples),
    { fromBeat: 0, seconds: options.seconds },
    undefined,
    RENDER_SAMPLE_RATE,
  );
  offline.dispose();
  return {
    frames,
    deltaMs: offline.deltaMs,
    beats,
    left: audio.left,
    right: audio.right,
    sampleRate: audio.sampleRate,
    warnings: offline.warnings,
    notRendered: audio.notRendered,
    show: offline.show,
  };
}
