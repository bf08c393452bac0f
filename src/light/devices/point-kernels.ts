// Every point kernel, by id: the engine thread names a job's kernel by its index here, and the
// render helper runs the same function. Kernels import only math, never devices or the pool.
// The engine hands this table to the pool (LXEngineComponent); the helpers load it from KERNELS_URL.
import { blendBufferKernel } from '../color/blend-buffer-kernel.js';
import { blurKernel } from './effects/blur-kernel.js';
import { noiseKernel } from './patterns/texture/noise-kernel.js';
import { chaseKernel } from './patterns/strip/chase-kernel.js';
import { gradientKernel } from './shared/gradient-kernel.js';
import { planesKernel } from './patterns/form/planes-kernel.js';
import type { PointKernel } from '../parallel/point-job.js';

export const KERNELS: readonly PointKernel[] = [noiseKernel, planesKernel, chaseKernel, blendBufferKernel, gradientKernel, blurKernel];

/** The URL of this module, which render helpers import to find KERNELS. */
export const KERNELS_URL: string = import.meta.url;
