// What check_show does off the engine thread: plays a copy of the show from the song's start as
// render-show does (openOfflineShow), looks at the frames of a range of beats, listens to the same
// range with song_listen's analysis and draws the contact sheet. Runs in a worker (check-show-worker.ts).
import { invalidArgument } from '../engine/errors.js';
import { summarize } from '../light/frame-view.js';
import type { Raster } from '../light/frame-view.js';
import { createLibrary } from '../light/devices/library.js';
import { stageFixtureAt } from '../light/operations/stage-fixtures.js';
import { pointPool } from '../light/parallel/point-pool.js';
import { FramesHash } from '../light/render/frames-format.js';
import { mediaResolvers } from '../light/show/project/media.js';
import { type StageFixtureDmx, stageFixtureDmx } from '../light/show/stage-dmx.js';
import { buildPlan } from '../sound/audio/plan.js';
import { runListenJob } from '../sound/listen/job.js';
import { listenReply, regionJob, trackNames } from '../sound/listen/listen.js';
import type { ProjectJson } from '../sound/model/components.js';
import { BARS_PER_ROW, CAMERA, contactSheet, png, SheetPicker, snapshotOf, thumbnail } from './contact-sheet.js';
import type { LightCue } from './light-cues.js';
import { type OfflineShow, openOfflineShow } from './render-show.js';

/** The song position is a running sum of frame steps (beat 16 may read 15.999999999999): this close counts as reached. */
const EPS = 1e-9;
/** The brightest channel value that counts a point as lit (get_frame's default). */
const LIT_THRESHOLD = 26;
/** Timeline entries in the summary at most: a longer range merges beats into spans. */
const SUMMARY_SPANS = 32;

export interface ShowCheckJob {
  readonly kind?: 'check';
  /** The light project as save writes it (.lxp JSON text, cues in its externals). */
  readonly lightJson: string;
  /** The song as the sound host saves it. */
  readonly song: ProjectJson;
  /** Where the light project's fixture and model files are (the live show's media folder). */
  readonly mediaDir?: string;
  /** The song track the light's audio devices hear (default the master). */
  readonly audioTrack?: string;
  readonly fromBeat: number;
  readonly toBeat: number;
  readonly fps: number;
  /** Frames rendered at most (the render limit from the song's start). */
  readonly maxFrames: number;
  readonly contactSheet: boolean;
  /** Every beat and every frame's level, instead of at most SUMMARY_SPANS spans. */
  readonly full: boolean;
}

/** The light over a span of beats. Levels are mean brightness 0–100 (get_frame's meanBrightness). */
interface LightSpan {
  readonly from_beat: number;
  readonly to_beat: number;
  readonly frames: number;
  readonly level: number;
  readonly level_min: number;
  readonly level_max: number;
  /** Mean fraction of points lit. */
  readonly lit: number;
  /** The dominant colors half a beat into the span (the frame the contact sheet shows), most first. */
  readonly colors: readonly string[];
  /** The biggest change from one frame to the next (mean per-point brightness change, 0–100), and where. */
  readonly change: number;
  readonly change_at_beat: number;
}

export interface ShowCheckResult {
  /** Where the range's frames sit in render-show's frames.json (same fps), and their hash as its sha256 is taken. */
  readonly frames: { readonly first: number; readonly count: number; readonly fps: number; readonly sha256: string };
  readonly seconds: { readonly from: number; readonly to: number };
  readonly light: readonly LightSpan[];
  /** Mean brightness (0–100) of every frame of the range, with `full`. */
  readonly levels?: readonly number[];
  readonly cues: readonly LightCue[];
  /** song_listen's analysis of the same range (its reply, before any summary). */
  readonly audio: Record<string, unknown>;
  readonly warnings: readonly string[];
  readonly sheet?: { readonly png: string; readonly width: number; readonly height: number; readonly thumbnails: number; readonly per: string };
}

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Frames of one beat, gathered as they go by. */
interface BeatAcc {
  beat: number;
  frames: number;
  level: number;
  min: number;
  max: number;
  lit: number;
  colors: readonly string[];
  colorsAt: number;
  change: number;
  changeAt: number;
}

function mergeSpans(beats: readonly BeatAcc[], per: number): LightSpan[] {
  const out: LightSpan[] = [];
  for (let i = 0; i < beats.length; i += per) {
    const run = beats.slice(i, i + per);
    const frames = run.reduce((a, b) => a + b.frames, 0);
    const biggest = run.reduce((a, b) => (b.change > a.change ? b : a));
    out.push({
      from_beat: run[0].beat,
      to_beat: run[run.length - 1].beat + 1,
      frames,
      level: r1(run.reduce((a, b) => a + b.level, 0) / frames),
      level_min: r1(Math.min(...run.map((b) => b.min))),
      level_max: r1(Math.max(...run.map((b) => b.max))),
      lit: r3(run.reduce((a, b) => a + b.lit, 0) / frames),
      colors: run[0].colors,
      change: r1(biggest.change),
      change_at_beat: r3(biggest.changeAt),
    });
  }
  return out;
}

/** Mean over points of the brightest channel's change between two frames, 0–100. */
function changeOf(a: Uint32Array, b: Uint32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    s += Math.max(Math.abs(((x >>> 16) & 0xff) - ((y >>> 16) & 0xff)), Math.abs(((x >>> 8) & 0xff) - ((y >>> 8) & 0xff)), Math.abs((x & 0xff) - (y & 0xff)));
  }
  return a.length === 0 ? 0 : (s / a.length / 255) * 100;
}

/** What both jobs open: the copy of the show and its song, in this thread's engine. */
interface OfflineJob {
  readonly lightJson: string;
  readonly song: ProjectJson;
  readonly mediaDir?: string;
  readonly audioTrack?: string;
  readonly fps: number;
}

function openJobShow(job: OfflineJob): OfflineShow {
  pointPool.setThreads(1); // one core for the check: the live show keeps the rest
  const media = job.mediaDir === undefined ? {} : mediaResolvers(job.mediaDir);
  return openOfflineShow({
    light: JSON.parse(job.lightJson),
    song: job.song,
    fps: job.fps,
    registry: createLibrary(),
    ...media,
    ...(job.audioTrack === undefined ? {} : { audioTrack: job.audioTrack }),
  });
}

/** get_stage_fixture_dmx at a beat: the copy of the show played to the frame at that beat, one stage fixture read there. */
export interface FixtureDmxJob extends OfflineJob {
  readonly kind: 'fixture-dmx';
  /** The stage fixture's path (it was found in the live show). */
  readonly fixture: string;
  readonly beat: number;
  /** Frames rendered at most (the render limit from the song's start). */
  readonly maxFrames: number;
}

export interface FixtureDmxResult {
  /** The frame read: its index in render-show's frames.json (same fps), the song position and the clock time it was rendered at. */
  readonly frame: { readonly index: number; readonly fps: number; readonly beat: number; readonly seconds: number };
  readonly dmx: StageFixtureDmx;
  readonly warnings: readonly string[];
}

/** Plays the show from the song's start to the first frame at or after the beat and reads the fixture there. */
export function runFixtureDmxJob(job: FixtureDmxJob): FixtureDmxResult {
  const offline = openJobShow(job);
  try {
    const fixture = stageFixtureAt(offline.show, { path: job.fixture });
    let last = 0;
    for (let k = 0; k < job.maxFrames; k++) {
      const beat = offline.step();
      if (!offline.sound.transport.playing)
        throw invalidArgument(`the song ends at beat ${r3(last)} (its last note, or its last light cue), before beat ${job.beat}: no frame plays there`);
      if (beat < last - EPS)
        throw invalidArgument(
          `the song jumps back from beat ${r3(last)} to ${r3(beat)} (the arranger loop) before beat ${job.beat}: its first pass never plays it`,
        );
      last = beat;
      if (beat >= job.beat - EPS) {
        return {
          frame: { index: k, fps: job.fps, beat: r3(beat), seconds: r3(((k + 1) * offline.deltaMs) / 1000) },
          dmx: stageFixtureDmx(fixture),
          warnings: offline.warnings,
        };
      }
    }
    throw invalidArgument(`the render limit (${job.maxFrames} frames from the song's start) came before beat ${job.beat}`);
  } finally {
    offline.dispose();
  }
}

/** Plays the show from the song's start to the end of the range and reports on the range. */
export function runShowCheckJob(job: ShowCheckJob): ShowCheckResult {
  const offline = openJobShow(job);
  const warnings = [...offline.warnings];
  const points = offline.show.structure.model.points;
  const hash = new FramesHash();
  const beats: BeatAcc[] = [];
  const levels: number[] = [];
  const bar = (job.song.meter.numerator * 4) / job.song.meter.denominator;
  const unit = job.toBeat - job.fromBeat >= 2 * bar ? bar : 1;
  const picker = new SheetPicker(unit, job.fromBeat);
  const thumbs: Raster[] = [];
  let previous: Uint32Array | null = null;
  let first = -1;
  let count = 0;
  let last = 0;
  let k = 0;
  for (; k < job.maxFrames; k++) {
    const beat = offline.step();
    const frame = offline.show.main;
    if (!offline.sound.transport.playing) {
      warnings.push(`the song ends at beat ${r3(last)} (its last note, or its last light cue), before beat ${job.toBeat}: the check stops there`);
      break;
    }
    if (beat < last - EPS) {
      warnings.push(`the song jumped back from beat ${r3(last)} to ${r3(beat)} (the arranger loop) before beat ${job.toBeat}: the check covers the first pass`);
      break;
    }
    last = beat;
    if (beat >= job.toBeat - EPS) break;
    if (beat >= job.fromBeat - EPS) {
      if (first < 0) first = k;
      count++;
      hash.add(frame);
      const summary = summarize(snapshotOf(points, frame), CAMERA, 1, LIT_THRESHOLD);
      const change = previous === null ? 0 : changeOf(previous, frame);
      const b = Math.floor(beat + EPS);
      let acc = beats.at(-1);
      if (acc?.beat !== b) {
        acc = { beat: b, frames: 0, level: 0, min: Infinity, max: -Infinity, lit: 0, colors: [], colorsAt: -1, change: 0, changeAt: beat };
        beats.push(acc);
      }
      acc.frames++;
      acc.level += summary.meanBrightness;
      acc.min = Math.min(acc.min, summary.meanBrightness);
      acc.max = Math.max(acc.max, summary.meanBrightness);
      acc.lit += summary.litFraction;
      // Half a beat in, as the contact sheet looks: the beat's look between its flashes (or the last frame the range has of it).
      if (acc.colorsAt < 0) {
        acc.colors = summary.dominantColors.map((c) => c.hex);
        if (beat >= b + 0.5 - EPS) acc.colorsAt = beat;
      }
      if (change > acc.change) {
        acc.change = change;
        acc.changeAt = beat;
      }
      if (job.full) levels.push(r1(summary.meanBrightness));
      if (job.contactSheet && picker.wants(beat)) thumbs.push(thumbnail(snapshotOf(points, frame)));
    }
    if (previous === null) previous = frame.slice();
    else previous.set(frame);
  }
  if (k === job.maxFrames) warnings.push(`the render limit (${job.maxFrames} frames from the song's start) came before beat ${job.toBeat}`);
  const tempo = job.song.tempo;
  const plan = buildPlan(job.song);
  const heard = { source: { kind: 'region', fromBeat: job.fromBeat, toBeat: job.toBeat } as const };
  const listened = listenReply(heard, trackNames(plan), runListenJob(regionJob(plan, job.fromBeat, job.toBeat, tempo, { clip: false, spectrogram: false })));
  const { clip: _clip, spectrogram: _spectrogram, verified: _verified, note: _note, ...audio } = listened;
  // The cues the frames reached (a song that ended or looped first never reached the rest).
  const cues = offline.cues.list().filter((c) => c.beat >= job.fromBeat - EPS && c.beat < job.toBeat - EPS && c.beat <= last + EPS);
  offline.dispose();
  let sheet: ShowCheckResult['sheet'];
  if (job.contactSheet && thumbs.length === 0) warnings.push('the range holds no frame half a beat into a beat, so there is no contact sheet');
  if (thumbs.length > 0) {
    const raster = contactSheet(thumbs, BARS_PER_ROW);
    sheet = { png: png(raster).toString('base64'), width: raster.width, height: raster.height, thumbnails: thumbs.length, per: unit === 1 ? 'beat' : 'bar' };
  }
  const per = job.full ? 1 : Math.ceil(beats.length / SUMMARY_SPANS);
  return {
    frames: { first: Math.max(first, 0), count, fps: job.fps, sha256: hash.digest() },
    seconds: { from: r3((job.fromBeat * 60) / tempo), to: r3((job.toBeat * 60) / tempo) },
    light: mergeSpans(beats, per),
    ...(job.full ? { levels } : {}),
    cues,
    audio,
    warnings,
    ...(sheet === undefined ? {} : { sheet }),
  };
}
