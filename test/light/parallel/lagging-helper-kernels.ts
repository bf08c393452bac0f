// A kernel table for share-judge.test.ts: the kernel writes out[i] = 3·i + 1 on every thread, and
// on a helper thread holds each chunk 4 ms more, as a helper descheduled mid-chunk on a busy machine.
import { isMainThread } from 'node:worker_threads';
import type { PointKernel } from '../../../src/light/parallel/point-job.js';

const HELPER_HOLD_MS = 4;

const lagging: PointKernel = (job, start, end) => {
  const out = job.arrays[0];
  for (let i = start; i < end; i++) out[i] = 3 * i + 1;
  if (isMainThread) return;
  const until = performance.now() + HELPER_HOLD_MS;
  while (performance.now() < until);
};

export const KERNELS: readonly PointKernel[] = [lagging];
