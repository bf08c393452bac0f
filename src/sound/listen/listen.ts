import { Worker } from 'node:worker_threads';
import { internal } from '../../engine/errors.js';
import { buildPlan } from '../audio/plan.js';
import type { Meter } from '../audio/dsp/engine.js';
import type { RenderPlan } from '../audio/dsp/plan.js';
import { refuse } from '../model/errors.js';
import type { Request } from '../../engine/request.js';
import type { SoundHost } from '../host/host.js';
import { trackAt } from '../operations/common.js';
import { MAX_BEATS, saveProject } from '../model/components.js';
import { dbfs } from '../live/meters.js';
import { LISTEN_RATE, type ListenJob, type ListenResult } from './job.js';
import { CLIP_SECONDS, SPECTROGRAM_HEIGHT, SPECTROGRAM_WIDTH } from './media.js';
import { loadReference, type ReferenceAudio } from './reference.js';
import type { Reply } from '../../protocol3/replies/index.js';
import type { TrackType } from '../../protocol3/replies/shapes.js';

/** The longest region rendered for listening, and the longest stretch of live output. */
export const MAX_REGION_SECONDS = 60;
export const MAX_LIVE_SECONDS = 30;

export type ListenSource =
  | { readonly kind: 'region'; readonly fromBeat: number; readonly toBeat: number }
  | { readonly kind: 'live'; readonly seconds: number };

export interface ListenRequest {
  readonly source: ListenSource;
  /** Solo this main track (flat bank index) in the render. */
  readonly track?: number;
  readonly clip: boolean;
  readonly spectrogram: boolean;
  /** An audio file of the sample folder to compare the audio with (relative to the folder). */
  readonly reference?: string;
}

function run(job: ListenJob): Promise<ListenResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./listen-worker.mjs', import.meta.url), { workerData: job, execArgv: [], name: 'footlight-listen' });
    w.once('message', (m: { ok: true; result: ListenResult } | { ok: false; message: string }) =>
      m.ok ? resolve(m.result) : reject(internal(`the listen render failed: ${m.message.split('\n')[0]}`)),
    );
    w.once('error', (err) => reject(internal(`the listen worker failed: ${err.message}`)));
  });
}

interface TrackName {
  readonly index: number;
  readonly name: string;
  readonly type: TrackType;
}

const trackPayload = (names: readonly TrackName[], meters: readonly Meter[]): Reply<'song-listen'>['tracks'] =>
  names.map((t, i) => {
    const m = meters[i] ?? { peak: 0, rms: 0 };
    return { index: t.index, name: t.name, type: t.type, peak_dbfs: dbfs(m.peak), rms_dbfs: dbfs(m.rms), silent: m.peak === 0, clipping: m.peak >= 1 };
  });

/**
 * sound listen: renders a region of the arranger offline (or takes the last seconds of the live
 * output) in a worker thread and returns what can be heard in numbers. Read-only: nothing in the
 * project changes. The render is the one `render-sound` makes; the live audio is what the live
 * engine played.
 */
/** Takes a place in the listen pool (SongState.maxListens), or refuses busy: nothing was done. */
function takeListenSlot(host: SoundHost): void {
  const song = host.song;
  if (song.listening >= song.maxListens)
    throw refuse(
      'busy',
      'listen_busy',
      `at most ${song.maxListens} listen${song.maxListens === 1 ? '' : 's'} render at once and ${song.listening} ${song.listening === 1 ? 'is' : 'are'} ` +
        'rendering now; nothing was done. Call again in a few seconds',
    );
  song.listening++;
}

/** What one listen renders or analyses, checked against the project inside the queue task. */
function prepare(host: SoundHost, req: ListenRequest, reference: ReferenceAudio | null): { job: ListenJob; names: TrackName[] } {
  const tempo = host.project.tempo.getBaseValue();
  if (req.track !== undefined) {
    const t = trackAt(host, req.track);
    if (t.type === 'effect' || t.type === 'master')
      throw refuse(
        'invalid_argument',
        'not_soloable',
        `track ${req.track} (${t.name}) is ${t.type === 'master' ? 'the master' : 'an effect track'}; track= solos a main track (its sends still reach ` +
          `the effect tracks)`,
      );
  }
  if (req.source.kind === 'live') {
    const live = host.song.live;
    if (live === null)
      throw refuse('invalid_argument', 'live_off', 'live playback is off in this process (footlight serve runs it); listen to a region instead');
    if (req.track !== undefined)
      throw refuse('invalid_argument', 'live_track', 'track= needs a region: the live output is the mix; the live meters per track are in the reply');
    const got = live.recent(req.source.seconds);
    if (got.left.length < 4096)
      throw refuse(
        'invalid_argument',
        'live_empty',
        `the live engine has rendered only ${(got.left.length / LISTEN_RATE).toFixed(2)} s so far; play first, or listen to a region`,
      );
    const names = trackNames(got.plan);
    return {
      job: {
        plan: null,
        fromBeat: 0,
        frames: got.left.length,
        audio: { left: got.left, right: got.right, tracks: got.tracks },
        tempo,
        clip: req.clip,
        spectrogram: req.spectrogram,
        reference,
      } as ListenJob,
      names,
    };
  }
  const { fromBeat, toBeat } = req.source;
  if (!(fromBeat >= 0 && toBeat >= 0 && fromBeat <= MAX_BEATS && toBeat <= MAX_BEATS))
    throw refuse('invalid_argument', 'out_of_range', `a region is FROM_BEAT < TO_BEAT within 0–${MAX_BEATS}; got ${fromBeat}–${toBeat}`);
  if (!(toBeat > fromBeat))
    throw refuse('invalid_argument', 'reversed_region', `TO_BEAT (${toBeat}) must be after FROM_BEAT (${fromBeat}); swap them to listen to that region`);
  const seconds = ((toBeat - fromBeat) * 60) / tempo;
  if (seconds > MAX_REGION_SECONDS)
    throw refuse(
      'invalid_argument',
      'out_of_range',
      `a region is at most ${MAX_REGION_SECONDS} s; ${fromBeat}–${toBeat} at ${tempo} BPM is ${seconds.toFixed(1)} s`,
    );
  const plan = buildPlan(saveProject(host.project, { ids: false }), host.samples);
  if (req.track !== undefined) {
    const index = req.track;
    plan.tracks.forEach((t) => ((t as { solo: boolean }).solo = t.index === index));
  }
  return { job: regionJob(plan, fromBeat, toBeat, tempo, req, reference), names: trackNames(plan) };
}

/** The job that renders and analyses a region of a plan (`toBeat − fromBeat` at `tempo`, checked by the caller). */
export function regionJob(
  plan: RenderPlan,
  fromBeat: number,
  toBeat: number,
  tempo: number,
  media: { clip: boolean; spectrogram: boolean },
  reference: ReferenceAudio | null = null,
): ListenJob {
  const frames = Math.round((((toBeat - fromBeat) * 60) / tempo) * LISTEN_RATE);
  return { plan, fromBeat, frames, audio: null, tempo, clip: media.clip, spectrogram: media.spectrogram, reference };
}

/** The plan's tracks as the reply names them. */
export function trackNames(plan: RenderPlan): TrackName[] {
  return plan.tracks.map((t) => ({ index: t.index, name: t.name, type: t.type }));
}

export async function listen(host: SoundHost, request: Request, req: ListenRequest): Promise<Reply<'song-listen'>> {
  // The reference is read and decoded first, off the queue: a refused one leaves nothing behind.
  const reference = req.reference === undefined ? null : await loadReference(host, req.reference, MAX_REGION_SECONDS);
  const prepared = await request.task('song-listen', () => {
    const job = prepare(host, req, reference);
    takeListenSlot(host); // last: a refused request takes no place
    return job;
  });
  let result: ListenResult;
  try {
    result = await run(prepared.job);
  } finally {
    host.song.listening--;
  }
  return listenReply(req, prepared.names, result);
}

/** song-listen's reply: what the worker rendered (or took) and analysed, for the request that asked. */
export function listenReply(req: Pick<ListenRequest, 'source' | 'track'>, names: readonly TrackName[], result: ListenResult): Reply<'song-listen'> {
  const tracks = trackPayload(names, result.tracks);
  const main = tracks.filter((t) => t.type !== 'master');
  return {
    source:
      req.source.kind === 'region'
        ? {
            kind: 'region',
            from_beat: req.source.fromBeat,
            to_beat: req.source.toBeat,
            solo_track: req.track ?? null,
            rendered: 'offline, the same engine as render-sound',
          }
        : { kind: 'live', seconds: req.source.seconds, rendered: 'the live engine output' },
    comparison: result.comparison,
    ...result.analysis,
    tracks: main,
    master: tracks.find((t) => t.type === 'master') ?? null,
    silent_tracks: main.filter((t) => t.silent).map((t) => t.index),
    clipping_tracks: tracks.filter((t) => t.clipping).map((t) => t.index),
    not_rendered: result.notRendered.map((s) => ({ ...s })),
    clip:
      result.clipWav === null
        ? null
        : { mime_type: 'audio/wav', seconds: Math.min(CLIP_SECONDS, result.analysis.seconds), format: 'mono 16-bit 48 kHz', base64: result.clipWav },
    spectrogram:
      result.spectrogramPng === null
        ? null
        : {
            mime_type: 'image/png',
            width: SPECTROGRAM_WIDTH,
            height: SPECTROGRAM_HEIGHT,
            axes: 'time left→right over the region; frequency 30 Hz (bottom) to 16 kHz (top), log; 60 dB range',
            base64: result.spectrogramPng,
          },
    verified: false,
    note: 'an observation of the rendered audio, not a receipt: compare it with a listen before your change',
  };
}
