// Perlin batches shared between the engine thread and one helper thread. A batch is cut into
// chunks; both threads claim chunks from one shared counter until none are left, then the
// engine thread waits for the chunks the helper claimed. If the helper is slow to start or not
// scheduled, the engine thread simply claims every chunk itself. Each chunk runs the same
// kernel over its own points, so the output is the single-threaded output, bit for bit.
//
// Control words (Int32Array on a SharedArrayBuffer):
//   CLAIM  job generation (8 bits) · chunk count (12 bits) · next unclaimed chunk (12 bits)
//   DONE   chunks finished in the current job
//   COUNT, CHUNK, SEED   the job: points, points per chunk, Perlin seed
//   BUFFERS              id of the coordinate/output buffers the job reads and writes
// A thread reads the job words only after claiming a chunk: the job cannot finish, nor its words
// change, before that chunk is done.
import { perlinNoise3Range } from './perlin.js';

export const CLAIM = 0;
export const DONE = 1;
const COUNT = 2;
const CHUNK = 3;
const SEED = 4;
export const BUFFERS = 5;
export const CONTROL_WORDS = 6;
export const MAX_CHUNKS = 4095;

/** The four arrays of one batch, on SharedArrayBuffers, under the id the helper knows them by. */
export interface SharedNoiseBuffers {
  readonly id: number;
  readonly xs: Float32Array;
  readonly ys: Float32Array;
  readonly zs: Float32Array;
  readonly out: Float32Array;
}

/** Publishes a job: the job words first, then the claim word that makes its chunks claimable. */
export function publishJob(control: Int32Array, generation: number, chunks: number, count: number, chunk: number, seed: number, buffersId: number): void {
  Atomics.store(control, DONE, 0);
  Atomics.store(control, COUNT, count);
  Atomics.store(control, CHUNK, chunk);
  Atomics.store(control, SEED, seed);
  Atomics.store(control, BUFFERS, buffersId);
  Atomics.store(control, CLAIM, ((generation & 0xff) << 24) | (chunks << 12));
  Atomics.notify(control, CLAIM);
}

/**
 * Claims and runs chunks of the current job until none are left; `buffersFor` returns the
 * buffers a claimed job names. Returns the number of chunks this thread ran.
 */
export function runClaimedChunks(control: Int32Array, buffersFor: (id: number) => SharedNoiseBuffers): number {
  let ran = 0;
  for (;;) {
    const claim = Atomics.load(control, CLAIM);
    const next = claim & 0xfff;
    if (next >= ((claim >>> 12) & 0xfff)) return ran;
    if (Atomics.compareExchange(control, CLAIM, claim, claim + 1) !== claim) continue;
    const count = Atomics.load(control, COUNT);
    const chunk = Atomics.load(control, CHUNK);
    const b = buffersFor(Atomics.load(control, BUFFERS));
    const start = next * chunk;
    try {
      perlinNoise3Range(b.xs, b.ys, b.zs, b.out, start, Math.min(count, start + chunk), Atomics.load(control, SEED));
    } finally {
      // Counted even if the kernel threw, so the engine thread never waits for a lost chunk.
      Atomics.add(control, DONE, 1);
      Atomics.notify(control, DONE);
      ran++;
    }
  }
}
