// The buffer blends of blend-modes.ts as a point job (parallel/point-job.ts):
// out[i] = pixel blend(dst[i], src[i], mask) for the job's points start..end−1, where point k is
// index k itself or, for a view, indices[k].
import type { PointJob } from '../parallel/point-job.js';
import { addFullWasm } from './add-wasm.js';
import { BLEND_ALPHA_FULL, add, burn, darkest, difference, dodge, highlight, lerp, lightest, multiply, screen, spotlight, subtract } from './blend-kernel.js';

/** Dissolve's pixel: add(add(CLEAR, dst, 256 − sA), src, sA), with sA the job's mask. */
function dissolve(dst: number, src: number, sA: number): number {
  return add(add(0, dst, 0x100 - sA), src, sA);
}

/** The pixel blends by id (BLEND_NUMBER_MODE). */
const PIXEL_BLENDS = {
  Normal: lerp,
  Add: add,
  Subtract: subtract,
  Multiply: multiply,
  Screen: screen,
  Lightest: lightest,
  Darkest: darkest,
  Difference: difference,
  Dodge: dodge,
  Burn: burn,
  Highlight: highlight,
  Spotlight: spotlight,
  Dissolve: dissolve,
} as const;
type PixelBlendName = keyof typeof PIXEL_BLENDS;
export const PIXEL_BLEND_IDS: readonly PixelBlendName[] = Object.keys(PIXEL_BLENDS) as PixelBlendName[];
const PIXEL_BLEND_LIST = PIXEL_BLEND_IDS.map((name) => PIXEL_BLENDS[name]);
const ADD = PIXEL_BLEND_IDS.indexOf('Add');

// Number slots.
export const BLEND_NUMBER_MODE = 0;
export const BLEND_NUMBER_MASK = 1;
/** Arrays: dst, src, out, then indices for a view (none for the whole frame). */

export function blendBufferKernel(job: PointJob, start: number, end: number): void {
  const [dst, src, out] = job.arrays as Uint32Array[];
  const mode = job.num[BLEND_NUMBER_MODE];
  const mask = job.num[BLEND_NUMBER_MASK];
  // One small function per loop, so each compiles with its pixel blend inlined.
  if (job.arrays.length > 3) blendIndexed(dst, src, out, job.arrays[3] as Int32Array, start, end, mode, mask);
  else if (mode === ADD && mask === BLEND_ALPHA_FULL) addFullWasm(dst, src, out, start, end);
  else blendRange(dst, src, out, start, end, mode, mask);
}

function blendRange(dst: Uint32Array, src: Uint32Array, out: Uint32Array, start: number, end: number, mode: number, mask: number): void {
  const blend = PIXEL_BLEND_LIST[mode];
  for (let i = start; i < end; i++) out[i] = blend(dst[i], src[i], mask);
}

function blendIndexed(dst: Uint32Array, src: Uint32Array, out: Uint32Array, indices: Int32Array, start: number, end: number, mode: number, mask: number): void {
  const blend = PIXEL_BLEND_LIST[mode];
  for (let k = start; k < end; k++) {
    const i = indices[k];
    out[i] = blend(dst[i], src[i], mask);
  }
}
