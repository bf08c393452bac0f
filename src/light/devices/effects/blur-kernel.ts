// BlurEffect's per-point pass as a point job (src/light/parallel/point-job.ts): each point's
// persistence decays and takes the lighter of itself and the frame, then (at a level above 0)
// is blended back over the frame, for points start..end−1. Arrays: colors, blur, index.
import { BLEND_ALPHA_FULL, lightest, lightestOpaqueFull } from '../../color/blend-kernel.js';
import type { PointJob } from '../../parallel/point-job.js';
import { BLUR_MODES } from './effect-support.js';

// Number slots.
/** The decay's gray byte this frame. */
export const BLUR_DECAY = 0;
/** The blend-back mask (0: none) and the BLUR_MODES ordinal. */
export const BLUR_ALPHA = 1;
export const BLUR_MODE = 2;

/** The decay of one channel byte v by the gray byte s, as LXColor.multiply at full alpha does on opaque input. */
function decayByte(v: number, s: number): number {
  return (s * (v + 1)) >> 8;
}

// Module-local bindings for the per-pixel calls (see blend-buffer-kernel.ts: a CommonJS load
// would call through an export getter per pixel).
const lightestOpaque = lightestOpaqueFull;
const lightestPixel = lightest;

// Per thread: the job's decay of each byte value.
const decay = new Uint32Array(256);
let decaySerial = Number.NaN;

function stepDown(v: number): number {
  return v > 0 ? v - 1 : 0;
}

export function blurKernel(job: PointJob, start: number, end: number): void {
  if (decaySerial !== job.serial) {
    const s = job.num[BLUR_DECAY];
    for (let v = 0; v < 256; v++) decay[v] = decayByte(v, s);
    decaySerial = job.serial;
  }
  const [colors, blur] = job.arrays as Uint32Array[];
  const blurAlpha = job.num[BLUR_ALPHA];
  if (blurAlpha > 0) blurAndBlend(colors, blur, job.arrays[2] as Int32Array, start, end, blurAlpha, BLUR_MODES[job.num[BLUR_MODE]].blend);
  else blurOnly(colors, blur, job.arrays[2] as Int32Array, start, end);
}

/**
 * The persistence of a point holding `b` behind frame color `c`: decayed, then the lighter of it
 * and c. When the product leaves the whole color unchanged (every channel stalls), each channel
 * above 0 drops by one, so the buffer still decays to black; a color with one channel still
 * decaying keeps its stalled channels (LX 1.2.1's master_chain holds a green of 48 beside a
 * decaying blue, while effects_blur_strobe's dim grays step down).
 */
function persist(b: number, c: number): number {
  let decayed = (0xff000000 | (decay[(b >>> 16) & 0xff] << 16) | (decay[(b >>> 8) & 0xff] << 8) | decay[b & 0xff]) >>> 0;
  if (decayed === (b | 0xff000000) >>> 0)
    decayed = (0xff000000 | (stepDown((b >>> 16) & 0xff) << 16) | (stepDown((b >>> 8) & 0xff) << 8) | stepDown(b & 0xff)) >>> 0;
  return c >>> 24 === 0xff ? lightestOpaque(decayed, c) : lightestPixel(decayed, c, BLEND_ALPHA_FULL);
}

function blurOnly(colors: Uint32Array, blur: Uint32Array, index: Int32Array, start: number, end: number): void {
  for (let k = start; k < end; k++) {
    const i = index[k];
    blur[i] = persist(blur[i], colors[i]);
  }
}

function blurAndBlend(
  colors: Uint32Array,
  blur: Uint32Array,
  index: Int32Array,
  start: number,
  end: number,
  alpha: number,
  blend: (dst: number, src: number, alpha: number) => number,
): void {
  for (let k = start; k < end; k++) {
    const i = index[k];
    const c = colors[i];
    const b = persist(blur[i], c);
    blur[i] = b;
    colors[i] = blend(c, b, alpha);
  }
}
