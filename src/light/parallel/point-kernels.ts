// Every point kernel, by id: the engine thread names a job's kernel by its index here, and the
// render helper runs the same function. Kernels import only math, never devices or the pool.
import { blendBufferKernel } from '../color/blend-buffer-kernel.js';
import { blurKernel } from '../effects/blur-kernel.js';
import { noiseKernel } from '../noise/noise-kernel.js';
import { chaseKernel } from '../patterns/chase-kernel.js';
import { gradientKernel } from '../patterns/gradient-kernel.js';
import { planesKernel } from '../patterns/planes-kernel.js';
import type { PointKernel } from './point-job.js';

export const KERNELS: readonly PointKernel[] = [noiseKernel, planesKernel, chaseKernel, blendBufferKernel, gradientKernel, blurKernel];
