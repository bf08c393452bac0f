import { AudioEngine } from './dsp/engine.js';
import { BLOCK } from './dsp/math.js';
import type { RenderPlan } from './dsp/plan.js';
import { rangeFrames, renderOffline, RENDER_SAMPLE_RATE, type OfflineRender, type RenderRange } from './offline.js';

const RATE = RENDER_SAMPLE_RATE;

/**
 * Stems: one stereo signal per track of a render, sample-aligned with the mix.
 *
 * - `pre-master`: every track's post-fader output (after mute and solo, with its devices and,
 *   for a group or effect track, what sums into it) captured in the one render that makes the
 *   mix. The stems of the tracks that feed the master (top-level tracks and effect tracks) sum to
 *   the master's input exactly; children of a group sum to the group's input.
 * - `post-master`: each main track soloed (its group's and the effect tracks' processing and its
 *   sends kept) through the master's devices and fader: the track as it sounds in the mix, alone.
 *   The master's dynamics act on each stem apart, so these do not sum to the mix.
 */
export type StemMode = 'pre-master' | 'post-master';

export interface Stem {
  /** The track's position in the flat bank. */
  readonly index: number;
  readonly name: string;
  readonly type: RenderPlan['tracks'][number]['type'];
  /** True when it sums straight into the master (a top-level track or an effect track). */
  readonly feedsMaster: boolean;
  readonly left: Float32Array;
  readonly right: Float32Array;
}

/** What a stems render holds at most (two 32-bit channels per stem and for the mix). */
const MAX_STEM_BYTES = 4 * 2 ** 30;

export function renderStems(plan: RenderPlan, range: RenderRange, mode: StemMode, progress?: (done: number) => void): { mix: OfflineRender; stems: Stem[] } {
  const { from, frames } = rangeFrames(plan, range, RATE);
  const tracks = plan.tracks.filter((t) => t.type !== 'master' && (mode === 'pre-master' || t.type !== 'effect'));
  const bytes = (tracks.length + 1) * frames * 8;
  if (bytes > MAX_STEM_BYTES)
    throw new RangeError(
      `${tracks.length} stems of ${(frames / RATE).toFixed(0)} s would hold ${(bytes / 2 ** 30).toFixed(1)} GiB in memory ` +
        `(at most ${MAX_STEM_BYTES / 2 ** 30}); ` +
        'render a shorter range with --from/--to',
    );
  const master = plan.tracks.length - 1;
  const describe = (i: number) => {
    const t = plan.tracks[i];
    return { index: t.index, name: t.name, type: t.type, feedsMaster: t.output === master };
  };
  if (mode === 'post-master') {
    const mix = renderOffline(plan, range);
    const stems = tracks.map((t, k) => {
      const i = plan.tracks.indexOf(t);
      progress?.(k / tracks.length);
      const solo = renderOffline({ ...plan, tracks: plan.tracks.map((x, j) => ({ ...x, solo: j === i })) }, range);
      return { ...describe(i), left: solo.left, right: solo.right };
    });
    progress?.(1);
    return { mix, stems };
  }
  const engine = new AudioEngine(plan, RATE);
  engine.seek(from);
  engine.play();
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const captured = tracks.map((t) => ({ at: plan.tracks.indexOf(t), left: new Float32Array(frames), right: new Float32Array(frames) }));
  const bl = new Float32Array(BLOCK);
  const br = new Float32Array(BLOCK);
  for (let at = 0; at < frames; at += BLOCK) {
    engine.render(bl, br);
    const n = Math.min(BLOCK, frames - at);
    left.set(bl.subarray(0, n), at);
    right.set(br.subarray(0, n), at);
    for (const c of captured) {
      const out = engine.trackOutput(c.at);
      c.left.set(out.l.subarray(0, n), at);
      c.right.set(out.r.subarray(0, n), at);
    }
    progress?.(at / frames);
  }
  progress?.(1);
  const mix: OfflineRender = { left, right, sampleRate: RATE, fromBeat: from, seconds: frames / RATE, notRendered: engine.notRendered };
  return { mix, stems: captured.map((c) => ({ ...describe(c.at), left: c.left, right: c.right })) };
}
