// Every point kernel, by id: the engine thread names a job's kernel by its index here, and the
// render helper runs the same function. Kernels import only math, never devices or the pool.
// The engine hands this table to the pool (LXEngineComponent); the helpers load it from KERNELS_URL.
import { blendBufferKernel } from '../color/blend-buffer-kernel.js';
import { blurKernel } from './effects/blur-kernel.js';
import { noiseKernel } from './patterns/texture/noise-kernel.js';
import { chaseKernel } from './patterns/strip/chase-kernel.js';
import { gradientKernel } from './shared/gradient-kernel.js';
import { planesKernel } from './patterns/form/planes-kernel.js';
import type { KernelWrites, PointJob, PointKernel } from '../parallel/point-job.js';

export const KERNELS: readonly PointKernel[] = [noiseKernel, planesKernel, chaseKernel, blendBufferKernel, gradientKernel, blurKernel];

/** A kernel that writes its colors (slot `out`) at `index[k]` (slot `index`), reads no color and reads nothing else through the index. */
function colors(index: number, out: number): KernelWrites {
  return { slots: [out], index, reads: false, local: true };
}
const NOISE = colors(4, 5); // xn, yn, zn, rcn, index, colors
const PLANES = colors(4, 5); // xn, yn, zn, rcn, index, colors
const CHASE = colors(2, 3); // xn, yn, index, colors
const GRADIENT = colors(4, 5); // coordinates, index, out
// dst, src, out (out may be dst, which the kernel reads as the job's), indices for a view: dst and src are read through them
const BLEND_WHOLE: KernelWrites = { slots: [2], index: -1, reads: false, local: false };
const BLEND_VIEW: KernelWrites = { slots: [2], index: 3, reads: false, local: false };
const BLUR: KernelWrites = { slots: [0, 1], index: 2, reads: true, local: true }; // colors, blur, index: both read and rewritten

/**
 * What each kernel of KERNELS writes, by the same index: render helpers run their chunks aside
 * and commit only these arrays (src/light/parallel/point-pool-shared.ts).
 */
export const KERNEL_WRITES: readonly ((job: PointJob) => KernelWrites)[] = [
  () => NOISE,
  () => PLANES,
  () => CHASE,
  (job) => (job.arrays.length > 3 ? BLEND_VIEW : BLEND_WHOLE),
  () => GRADIENT,
  () => BLUR,
];

/** The URL of this module, which render helpers import to find KERNELS. */
export const KERNELS_URL: string = import.meta.url;
