// Large Perlin batches on two threads (see perlin-shared.ts for the protocol). The engine thread
// publishes a job, claims chunks like the helper, and returns once every chunk is done, so the
// call is synchronous and its output identical to perlinNoise3Batch. The helper starts on the
// first large batch; until it is up, and whenever it is not scheduled, the engine thread runs
// the chunks itself. Buffers must live on SharedArrayBuffers (sharedFloat32).
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { perlinNoise3Batch } from './perlin.js';
import { CONTROL_WORDS, DONE, MAX_CHUNKS, type SharedNoiseBuffers, publishJob, runClaimedChunks } from './perlin-shared.js';

/** Below this many points a batch runs on the engine thread alone: the hand-off costs more than it saves. */
const MIN_SHARED_POINTS = 32768;
/** Points per chunk: small enough that a descheduled helper holds up little, large enough to amortize a claim. */
const CHUNK_POINTS = 4096;

/** A Float32Array on a SharedArrayBuffer, so the helper thread can read or fill it. */
export function sharedFloat32(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
}

class PerlinPool {
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * Int32Array.BYTES_PER_ELEMENT));
  /** undefined: not started yet; null: could not start (batches stay on the engine thread). */
  private helper: { readonly worker: Worker; readonly port: MessagePort } | null | undefined;
  private generation = 0;
  /** Chunks run so far, in all and by the helper (for benches and tests). */
  chunks = 0;
  helperChunks = 0;
  private buffers: SharedNoiseBuffers | null = null;

  /** perlinNoise3Batch over SharedArrayBuffer-backed arrays, split with the helper thread when large. */
  run(xs: Float32Array, ys: Float32Array, zs: Float32Array, out: Float32Array, count: number, seed: number): void {
    const helper = count >= MIN_SHARED_POINTS && isShared(xs) && isShared(ys) && isShared(zs) && isShared(out) ? this.ensureHelper() : null;
    if (helper === null) {
      perlinNoise3Batch(xs, ys, zs, out, count, seed);
      return;
    }
    if (count > xs.length || count > ys.length || count > zs.length || count > out.length) {
      throw new RangeError(`perlinNoise3Shared: count ${count} exceeds a buffer length`);
    }
    const buffers = this.buffersFor(xs, ys, zs, out, helper.port);
    const chunk = Math.max(CHUNK_POINTS, Math.ceil(count / MAX_CHUNKS));
    const chunks = Math.ceil(count / chunk);
    const control = this.control;
    this.generation = (this.generation + 1) & 0xff;
    publishJob(control, this.generation, chunks, count, chunk, seed, buffers.id);
    const ranHere = runClaimedChunks(control, () => buffers);
    this.chunks += chunks;
    this.helperChunks += chunks - ranHere;
    for (let done = Atomics.load(control, DONE); done < chunks; done = Atomics.load(control, DONE)) {
      Atomics.wait(control, DONE, done);
    }
  }

  /** The buffer set for these arrays, posted to the helper when it differs from the last job's. */
  private buffersFor(xs: Float32Array, ys: Float32Array, zs: Float32Array, out: Float32Array, port: MessagePort): SharedNoiseBuffers {
    const last = this.buffers;
    if (last !== null && last.xs === xs && last.ys === ys && last.zs === zs && last.out === out) return last;
    const buffers: SharedNoiseBuffers = { id: (last?.id ?? 0) + 1, xs, ys, zs, out };
    port.postMessage(buffers);
    this.buffers = buffers;
    return buffers;
  }

  private ensureHelper(): { readonly worker: Worker; readonly port: MessagePort } | null {
    if (this.helper !== undefined) return this.helper;
    try {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(new URL('./perlin-helper.mjs', import.meta.url), {
        execArgv: [], name: 'footlight-perlin', workerData: { control: this.control, port: port2 }, transferList: [port2],
      });
      worker.unref();
      port1.unref();
      // A helper that fails stops claiming (a chunk it held still counts as done), and later
      // batches run on the engine thread alone.
      worker.on('error', () => {
        this.helper = null;
      });
      this.helper = { worker, port: port1 };
    } catch {
      this.helper = null; // no worker threads here: the engine thread runs every batch
    }
    return this.helper;
  }
}

function isShared(a: Float32Array): boolean {
  return a.buffer instanceof SharedArrayBuffer;
}

const pool = new PerlinPool();

/**
 * perlinNoise3Batch for arrays made with sharedFloat32: batches of 32k points or more are
 * split between the engine thread and a helper thread. Same values as perlinNoise3Batch.
 */
export function perlinNoise3Shared(xs: Float32Array, ys: Float32Array, zs: Float32Array, out: Float32Array, count: number, seed: number): void {
  pool.run(xs, ys, zs, out, count, seed);
}

/** Chunks of shared batches run so far, and how many of them the helper thread ran. */
export function perlinSharedStats(): { readonly chunks: number; readonly helperChunks: number } {
  return { chunks: pool.chunks, helperChunks: pool.helperChunks };
}
