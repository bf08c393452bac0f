// BlurEffect's per-point pass as a point job (../parallel/point-job.ts): each point's
// persistence decays and takes the lighter of itself and the frame, then (at a level above 0)
// is blended back over the frame, for points start..end−1. Arrays: colors, blur, index.
import { BLEND_ALPHA_FULL, lightest, lightestOpaqueFull } from '../color/blend-kernel.js';
import type { PointJob } from '../parallel/point-job.js';
import { BLUR_MODES } from './effect-support.js';

// Number slots.
/** The decay's gray byte this frame. */
export const BLUR_DECAY = 0;
/** The blend-back mask (0: none) and the BLUR_MODES ordinal. */
export const BLUR_ALPHA = 1;
export const BLUR_MODE = 2;

/**
 * Multiplies `c` by the gray byte `s` as LXColor.multiply at full alpha does on opaque input
 * (channel ← (s·(channel + 1)) >> 8), except that a channel the product would leave unchanged
 * drops by one, so a persistence buffer always decays to black.
 */
function decayColor(c: number, s: number): number {
  const r = (c >>> 16) & 0xff;
  const g = (c >>> 8) & 0xff;
  const b = c & 0xff;
  let r2 = (s * (r + 1)) >> 8;
  let g2 = (s * (g + 1)) >> 8;
  let b2 = (s * (b + 1)) >> 8;
  if (r2 >= r && r > 0) r2 = r - 1;
  if (g2 >= g && g > 0) g2 = g - 1;
  if (b2 >= b && b > 0) b2 = b - 1;
  return (0xff000000 | (r2 << 16) | (g2 << 8) | b2) >>> 0;
}

export function blurKernel(job: PointJob, start: number, end: number): void {
  const [colors, blur] = job.arrays as Uint32Array[];
  const index = job.arrays[2] as Int32Array;
  const s = job.num[BLUR_DECAY];
  const blurAlpha = job.num[BLUR_ALPHA];
  for (let k = start; k < end; k++) {
    const i = index[k];
    const c = colors[i];
    const decayed = decayColor(blur[i], s);
    blur[i] = c >>> 24 === 0xff ? lightestOpaqueFull(decayed, c) : lightest(decayed, c, BLEND_ALPHA_FULL);
  }
  if (blurAlpha > 0) {
    const blend = BLUR_MODES[job.num[BLUR_MODE]].blend;
    for (let k = start; k < end; k++) {
      const i = index[k];
      colors[i] = blend(colors[i], blur[i], blurAlpha);
    }
  }
}
