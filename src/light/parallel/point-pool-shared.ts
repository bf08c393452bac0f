// The protocol between the engine thread and the render helper (point-pool.ts, point-helper.mjs).
// A job's range is cut into chunks; both threads claim chunks from one shared counter until none
// are left, then the engine thread waits for the chunks the helper claimed. If the helper is slow
// to start or not scheduled, the engine thread simply claims every chunk itself.
//
// Control words (Int32Array on a SharedArrayBuffer):
//   CLAIM   job generation (8 bits) · chunk count (12 bits) · next unclaimed chunk (12 bits)
//   DONE    chunks finished in the current job
//   COUNT, CHUNK, KERNEL, SERIAL   the job: points, points per chunk, kernel id, job serial
//   then per array: buffer id, byte offset, length, element type
// The job's numbers sit in a shared Float64Array. A thread reads the job only after claiming a
// chunk: the job cannot finish, nor its words change, before that chunk is done.
import { JOB_ARRAYS, type PointArray, type PointJob, type PointKernel } from './point-job.js';

export const CLAIM = 0;
export const DONE = 1;
export const COUNT = 2;
export const CHUNK = 3;
export const KERNEL = 4;
export const SERIAL = 5;
export const ARRAY_COUNT = 6;
export const ARRAY_REFS = 7;
export const REF_WORDS = 4;
export const CONTROL_WORDS = ARRAY_REFS + REF_WORDS * JOB_ARRAYS;
export const MAX_CHUNKS = 4095;

// A helper's own words (point-pool.ts): its state, the chunks it has run, its thread id, the
// times it slept between jobs (woken by a job, for benches) and how long it watches for the next
// job before sleeping, in µs.
export const HELPER_STATE = 0;
export const HELPER_CHUNKS = 1;
export const HELPER_THREAD = 2;
export const HELPER_SLEEPS = 3;
export const HELPER_WATCH_US = 4;
export const HELPER_WORDS = 5;
export const HELPER_RUNNING = 0;
export const HELPER_LEAVE = 1;
export const HELPER_LEFT = 2;

export const FLOAT32 = 0;
export const INT32 = 1;
export const UINT32 = 2;

/** The element type code of `a`. */
export function elementType(a: PointArray): number {
  return a instanceof Float32Array ? FLOAT32 : a instanceof Int32Array ? INT32 : UINT32;
}

/** Publishes a job whose words are written: the claim word last, making its chunks claimable. */
export function publishJob(control: Int32Array, generation: number, chunks: number): void {
  Atomics.store(control, DONE, 0);
  Atomics.store(control, CLAIM, ((generation & 0xff) << 24) | (chunks << 12));
  Atomics.notify(control, CLAIM);
}

/**
 * Claims and runs chunks of the current job until none are left; `jobFor` gives the kernel and
 * job the control words describe. Returns the number of chunks this thread ran.
 */
export function runClaimedChunks(control: Int32Array, jobFor: () => { kernel: PointKernel; job: PointJob }): number {
  let ran = 0;
  for (;;) {
    const claim = Atomics.load(control, CLAIM);
    const next = claim & 0xfff;
    if (next >= ((claim >>> 12) & 0xfff)) return ran;
    if (Atomics.compareExchange(control, CLAIM, claim, claim + 1) !== claim) continue;
    const count = Atomics.load(control, COUNT);
    const chunk = Atomics.load(control, CHUNK);
    const start = next * chunk;
    try {
      const { kernel, job } = jobFor();
      kernel(job, start, Math.min(count, start + chunk));
    } finally {
      // Counted even if the kernel threw, so the engine thread never waits for a lost chunk.
      Atomics.add(control, DONE, 1);
      Atomics.notify(control, DONE);
      ran++;
    }
  }
}
