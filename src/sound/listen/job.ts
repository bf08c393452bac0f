import { AudioEngine, type Meter } from '../audio/dsp/engine.js';
import { BLOCK } from '../audio/dsp/math.js';
import type { PlanSkip, RenderPlan } from '../audio/dsp/plan.js';
import { analyze } from './analysis.js';
import { compareReference } from './compare.js';
import { spectrogramPng, wavClip } from './media.js';
import type { ReferenceAudio } from './reference.js';
import { spectra } from './spectrum.js';

export const LISTEN_RATE = 48000;

/** What the listen worker is asked: render a region of a plan, or analyse samples it is given. */
export interface ListenJob {
  readonly plan: RenderPlan | null;
  readonly fromBeat: number;
  readonly frames: number;
  /** Live audio (when plan is null), with the live engine's per-track meters over it. */
  readonly audio: { readonly left: Float32Array; readonly right: Float32Array; readonly tracks: readonly Meter[] } | null;
  readonly tempo: number;
  readonly clip: boolean;
  readonly spectrogram: boolean;
  /** A decoded reference to compare the audio with, or null. */
  readonly reference: ReferenceAudio | null;
}

export interface ListenResult {
  readonly analysis: ReturnType<typeof analyze>;
  /** Post-fader peak and RMS per flat track index over the region (the master last). */
  readonly tracks: readonly Meter[];
  readonly notRendered: readonly PlanSkip[];
  readonly clipWav: string | null;
  readonly spectrogramPng: string | null;
  readonly comparison: ReturnType<typeof compareReference> | null;
}

/** Renders (or takes) the audio, analyses it and encodes the optional clip and spectrogram. */
export function runListenJob(job: ListenJob): ListenResult {
  let left: Float32Array;
  let right: Float32Array;
  let tracks: readonly Meter[];
  let notRendered: readonly PlanSkip[] = [];
  if (job.plan !== null) {
    const engine = new AudioEngine(job.plan, LISTEN_RATE);
    engine.seek(job.fromBeat);
    engine.play();
    left = new Float32Array(job.frames);
    right = new Float32Array(job.frames);
    const bl = new Float32Array(BLOCK);
    const br = new Float32Array(BLOCK);
    for (let at = 0; at < job.frames; at += BLOCK) {
      engine.render(bl, br);
      const n = Math.min(BLOCK, job.frames - at);
      left.set(bl.subarray(0, n), at);
      right.set(br.subarray(0, n), at);
    }
    tracks = engine.takeMeters().tracks;
    notRendered = engine.notRendered;
  } else {
    ({ left, right, tracks } = job.audio!);
  }
  const analysis = analyze(left, right, LISTEN_RATE, { fromBeat: job.plan !== null ? job.fromBeat : null, tempo: job.tempo });
  return {
    analysis,
    tracks,
    notRendered,
    clipWav: job.clip ? wavClip(left, right, LISTEN_RATE).toString('base64') : null,
    spectrogramPng: job.spectrogram ? spectrogramPng(spectra(left.map((v, i) => 0.5 * (v + right[i]))), LISTEN_RATE).toString('base64') : null,
    comparison: job.reference === null ? null : compareReference(left, right, LISTEN_RATE, job.reference),
  };
}
