import { AudioEngine } from './dsp/engine.js';
import { BLOCK } from './dsp/math.js';
import type { PlanSkip, RenderPlan } from './dsp/plan.js';

export const RENDER_SAMPLE_RATE = 48000;
/** The default render ends this long after the last note, for release and reverb tails. */
const TAIL_SECONDS = 2;
/** The longest offline render (two 32-bit channels of an hour are 1.4 GB in memory). */
export const MAX_RENDER_SECONDS = 3600;

export interface RenderRange {
  /** Start beat (default 0). */
  readonly fromBeat?: number;
  /** End beat; or */
  readonly toBeat?: number;
  /** a duration in seconds from the start beat. */
  readonly seconds?: number;
}

export interface OfflineRender {
  readonly left: Float32Array;
  readonly right: Float32Array;
  readonly sampleRate: number;
  readonly fromBeat: number;
  readonly seconds: number;
  readonly notRendered: readonly PlanSkip[];
}

/**
 * The default length of a render from `fromBeat`: the arrangement, to the bar after its last
 * note, plus a tail for releases and reverbs (render-sound and render-show both use it).
 */
export function arrangementSeconds(plan: RenderPlan, fromBeat = 0): number {
  const bar = (plan.meter.numerator * 4) / plan.meter.denominator;
  const end = Math.ceil(plan.lengthBeats / bar) * bar;
  return Math.max(0, end - fromBeat) * (60 / plan.tempo) + TAIL_SECONDS;
}

/** How many samples a range covers: --seconds, --to, or the arrangement (to the bar after its last note) plus a tail. */
export function rangeFrames(plan: RenderPlan, range: RenderRange, sampleRate: number): { from: number; frames: number } {
  const from = range.fromBeat ?? 0;
  const spb = 60 / plan.tempo;
  let seconds: number;
  if (range.seconds !== undefined) seconds = range.seconds;
  else if (range.toBeat !== undefined) seconds = (range.toBeat - from) * spb;
  else seconds = arrangementSeconds(plan, from);
  if (!(seconds <= MAX_RENDER_SECONDS)) throw new RangeError(`a render is at most ${MAX_RENDER_SECONDS} s; this one would be ${seconds.toFixed(1)} s`);
  return { from, frames: Math.max(0, Math.round(seconds * sampleRate)) };
}

/** What a streamed render says when it ends (its samples went to the block callback). */
export type StreamedRender = Omit<OfflineRender, 'left' | 'right'>;

/**
 * Renders a range of the arranger offline, as fast as the CPU allows, handing each block to
 * `onBlock` (the last one may be short); nothing of the song is kept here. `progress` gets 0–1.
 */
export function renderBlocks(
  plan: RenderPlan,
  range: RenderRange,
  onBlock: (left: Float32Array, right: Float32Array, n: number, at: number) => void,
  progress?: (done: number) => void,
  sampleRate = RENDER_SAMPLE_RATE,
): StreamedRender {
  const { from, frames } = rangeFrames(plan, range, sampleRate);
  // The caller measures what it writes: the engine keeps no meters of its own.
  const engine = new AudioEngine(plan, sampleRate, { meters: false });
  engine.seek(from);
  engine.play();
  renderFrames(engine, frames, onBlock, progress, Math.max(1, Math.floor(sampleRate / BLOCK / 4)));
  progress?.(1);
  return { sampleRate, fromBeat: from, seconds: frames / sampleRate, notRendered: engine.notRendered };
}

/**
 * The block loop of renderBlocks, a function of its own: V8 compiles it while it runs, and it ends with the loop, so
 * no code that has never run (renderBlocks' result) is in the compiled part to throw it away at the end.
 */
function renderFrames(
  engine: AudioEngine,
  frames: number,
  onBlock: (left: Float32Array, right: Float32Array, n: number, at: number) => void,
  progress: ((done: number) => void) | undefined,
  every: number,
): void {
  const bl = new Float32Array(BLOCK);
  const br = new Float32Array(BLOCK);
  for (let at = 0, k = 0; at < frames; at += BLOCK, k++) {
    engine.render(bl, br);
    onBlock(bl, br, Math.min(BLOCK, frames - at), at);
    if (progress !== undefined && k % every === 0) progress(at / frames);
  }
}

/** Renders a range of the arranger offline into two whole-song arrays. `progress` gets 0–1. */
export function renderOffline(plan: RenderPlan, range: RenderRange, progress?: (done: number) => void, sampleRate = RENDER_SAMPLE_RATE): OfflineRender {
  const { frames } = rangeFrames(plan, range, sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const info = renderBlocks(
    plan,
    range,
    (bl, br, n, at) => {
      left.set(n === BLOCK ? bl : bl.subarray(0, n), at);
      right.set(n === BLOCK ? br : br.subarray(0, n), at);
    },
    progress,
    sampleRate,
  );
  return { left, right, ...info };
}
