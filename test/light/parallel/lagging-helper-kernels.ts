// Kernel tables for the pool's tests: each kernel writes out[i] = 3·i + 1 (slot 0) on every thread.
// `lagging` holds each chunk 4 ms more on a helper thread, as a helper descheduled mid-chunk on a
// busy machine. `gated` holds a helper's chunk until the test opens the gate (slot 1: gate[0] = 1
// opens it; the helper sets gate[1] = 1 when it lets go), as a helper descheduled for as long as
// the test likes.
import { isMainThread } from 'node:worker_threads';
import type { KernelWrites, PointKernel } from '../../../src/light/parallel/point-job.js';

const HELPER_HOLD_MS = 4;

function fill(out: Int32Array | Float32Array | Uint32Array, start: number, end: number): void {
  for (let i = start; i < end; i++) out[i] = 3 * i + 1;
}

const lagging: PointKernel = (job, start, end) => {
  fill(job.arrays[0], start, end);
  if (isMainThread) return;
  const until = performance.now() + HELPER_HOLD_MS;
  while (performance.now() < until);
};

const gated: PointKernel = (job, start, end) => {
  fill(job.arrays[0], start, end);
  if (isMainThread) return;
  const gate = job.arrays[1] as Int32Array;
  while (Atomics.load(gate, 0) === 0) Atomics.wait(gate, 0, 0, 50);
  Atomics.store(gate, 1, 1);
};

export const KERNELS: readonly PointKernel[] = [lagging, gated];

const OUT: KernelWrites = { slots: [0], index: -1, reads: false, local: false };
export const KERNEL_WRITES: readonly (() => KernelWrites)[] = [() => OUT, () => OUT];
