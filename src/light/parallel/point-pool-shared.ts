// The protocol between the engine thread and the render helpers (point-pool.ts, point-helper.mjs).
// A job's range is cut into chunks; every thread claims chunks from one shared counter until none
// are left. The engine thread runs its chunks in place. A helper runs its chunk aside (ChunkAside:
// the arrays the kernel writes replaced by its own) and commits it, copying the chunk's points
// into the job's arrays, only if the engine thread has not taken the chunk back meanwhile: once
// the engine thread has run out of chunks, it watches briefly for the helpers' last ones, then
// takes back each chunk a helper holds and has not begun to commit and runs it itself. So a
// helper descheduled holding a chunk costs the engine thread that chunk's time, not the helper's
// sleep, and a helper that resumes later writes nothing (issue #35).
//
// Control words (Int32Array on a SharedArrayBuffer):
//   CLAIM   job generation (8 bits: JOB's low bits) · chunk count (12 bits) · next unclaimed chunk (12 bits)
//   DONE    chunks the helpers committed in the current job
//   COUNT, CHUNK, KERNEL, SERIAL, JOB   the job: points, points per chunk, kernel id, job serial, job number
//   then per array: buffer id, byte offset, length, element type
//   then per chunk: its state, JOB << 2 | COMMITTING, COMMITTED or TAKEN once a thread has decided it
//   in that job (any other value: undecided)
// The job's numbers sit in a shared Float64Array. A helper reads the job after claiming a chunk;
// the words may by then describe a later job (its chunk was taken back), so whatever it computed
// from them is dropped when its commit fails.
import { JOB_ARRAYS, type KernelWrites, type PointArray, type PointJob, type PointKernel } from './point-job.js';
import { rangeView } from './range-views.js';

export const CLAIM = 0;
export const DONE = 1;
export const COUNT = 2;
export const CHUNK = 3;
export const KERNEL = 4;
export const SERIAL = 5;
export const JOB = 6;
export const ARRAY_COUNT = 7;
export const ARRAY_REFS = 8;
export const REF_WORDS = 4;
export const MAX_CHUNKS = 4095;
const CHUNK_STATES = ARRAY_REFS + REF_WORDS * JOB_ARRAYS;
export const CONTROL_WORDS = CHUNK_STATES + MAX_CHUNKS;
/** Job numbers run 1..JOB_LIMIT and wrap: a chunk state holds one in its upper bits. */
const JOB_LIMIT = (1 << 29) - 1;
const COMMITTING = 1;
const COMMITTED = 2;
const TAKEN = 3;

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

/** The job number after `job`. */
export function nextJob(job: number): number {
  return job >= JOB_LIMIT ? 1 : job + 1;
}

/** Publishes a job whose words are written: its number, then the claim word, making its chunks claimable. */
export function publishJob(control: Int32Array, job: number, chunks: number): void {
  Atomics.store(control, DONE, 0);
  Atomics.store(control, JOB, job);
  Atomics.store(control, CLAIM, ((job & 0xff) << 24) | (chunks << 12));
  Atomics.notify(control, CLAIM);
}

/** Claims the next chunk of the current job: its index, or −1 when none is left. */
export function claimChunk(control: Int32Array): number {
  for (;;) {
    const claim = Atomics.load(control, CLAIM);
    const next = claim & 0xfff;
    if (next >= ((claim >>> 12) & 0xfff)) return -1;
    if (Atomics.compareExchange(control, CLAIM, claim, claim + 1) === claim) return next;
  }
}

/** Marks every chunk nobody has claimed as claimed (after a kernel threw on the engine thread). */
export function claimRest(control: Int32Array): void {
  for (;;) {
    const claim = Atomics.load(control, CLAIM);
    const total = (claim >>> 12) & 0xfff;
    if ((claim & 0xfff) >= total || Atomics.compareExchange(control, CLAIM, claim, (claim & ~0xfff) | total) === claim) return;
  }
}

/**
 * The engine thread takes back chunk `chunk` of job `job` from the helper that claimed it: true
 * if the helper had not begun to commit it (the chunk is then the engine thread's to run), false
 * if it is committing or has committed (DONE counts it once committed).
 */
export function takeBack(control: Int32Array, job: number, chunk: number): boolean {
  const at = CHUNK_STATES + chunk;
  const state = Atomics.load(control, at);
  return state >>> 2 !== job && Atomics.compareExchange(control, at, state, (job << 2) | TAKEN) === state;
}

/** What a helper runs: the job the control words describe, resolved afresh after `forget`. */
export interface HelperJobs {
  jobFor(): { kernel: PointKernel; writes: KernelWrites; job: PointJob };
  /** The words read may have been a later job's: resolve them again before the next chunk. */
  forget(): void;
}

/**
 * A helper's loop over the current job: claims chunks, runs each aside and commits it unless the
 * engine thread took it back. Returns the chunks committed. A chunk whose kernel threw is left to
 * the engine thread, which takes it back and runs it (and sees the error, if it is one).
 */
export function runHelperChunks(control: Int32Array, jobs: HelperJobs, aside: ChunkAside): number {
  let committed = 0;
  for (;;) {
    const job = Atomics.load(control, JOB);
    const claim = Atomics.load(control, CLAIM);
    const chunk = claim & 0xfff;
    if (chunk >= ((claim >>> 12) & 0xfff)) return committed;
    // A claim word of another job than the number read: being published, read both again.
    if (claim >>> 24 !== (job & 0xff) || Atomics.compareExchange(control, CLAIM, claim, claim + 1) !== claim) continue;
    const at = CHUNK_STATES + chunk;
    const before = Atomics.load(control, at);
    let ok = false;
    if (before >>> 2 !== job) {
      try {
        const { kernel, writes, job: described } = jobs.jobFor();
        const size = Atomics.load(control, CHUNK);
        const start = chunk * size;
        aside.run(kernel, writes, described, start, Math.min(Atomics.load(control, COUNT), start + size));
        if (Atomics.compareExchange(control, at, before, (job << 2) | COMMITTING) === before) {
          aside.commit();
          Atomics.store(control, at, (job << 2) | COMMITTED);
          Atomics.add(control, DONE, 1);
          Atomics.notify(control, DONE);
          committed++;
          ok = true;
        }
      } catch {
        // the kernel threw, or ran on words of a later job: nothing was written to the job's arrays
      }
    }
    if (!ok) jobs.forget();
  }
}

/** `own` if it can stand in for `a` over `length` elements, else a new array like `a`, private to this thread. */
function ownLike(own: PointArray | undefined, a: PointArray, length: number): PointArray {
  if (own !== undefined && own.length >= length && own.constructor === a.constructor) return own;
  const room = Math.max(length, own === undefined ? 0 : own.length);
  return a instanceof Float32Array ? new Float32Array(room) : a instanceof Int32Array ? new Int32Array(room) : new Uint32Array(room);
}

/** Whether index[k] = k for k in start..end−1 (a chunk of the whole model: its points are then copied as one block). */
function isIdentity(index: Int32Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (index[k] !== k) return false;
  return true;
}

/**
 * Copies the chunk's points k = start..end−1 between the job's array `real` (point k at index[k],
 * or at k without an index) and this thread's `own`: at k − offset when `local`, else where the
 * job's array has it.
 */
function copyPoints(
  real: PointArray,
  own: PointArray,
  local: boolean,
  offset: number,
  index: Int32Array | null,
  start: number,
  end: number,
  toOwn: boolean,
): void {
  if (index === null) {
    if (toOwn) own.set(rangeView(real, start, end), start - offset);
    else real.set(rangeView(own, start - offset, end - offset), start);
  } else if (local) {
    if (toOwn) for (let k = start; k < end; k++) own[k - offset] = real[index[k]];
    else for (let k = start; k < end; k++) real[index[k]] = own[k - offset];
  } else if (toOwn) {
    for (let k = start; k < end; k++) own[index[k]] = real[index[k]];
  } else {
    for (let k = start; k < end; k++) real[index[k]] = own[index[k]];
  }
}

/**
 * A helper's chunk run aside: the kernel writes this thread's own arrays in place of the job's,
 * and `commit` copies the chunk's points into the job's arrays. A kernel that reaches only what it
 * writes through its index array (KernelWrites.local) writes chunk-sized arrays through a
 * chunk-local index (point k at k − start), which stay in this core's cache; any other writes
 * arrays as long as the job's.
 */
export class ChunkAside {
  /** This thread's arrays, by position in the kernel's written slots (grown as needed). */
  private readonly own: PointArray[] = [];
  /** The chunk-local index: local[k] = k − start over the last chunk. */
  private local = new Int32Array(0);
  private readonly job: PointJob = { num: new Float64Array(0), arrays: [], serial: 0 };
  private writes: KernelWrites | null = null;
  private real: readonly PointArray[] = [];
  /** The job's index where it is not k itself over the chunk (null: copied as one block). */
  private index: Int32Array | null = null;
  /** Whether this thread's arrays hold the chunk only, point k at k − offset. */
  private chunked = false;
  private offset = 0;
  private start = 0;
  private end = 0;

  run(kernel: PointKernel, writes: KernelWrites, job: PointJob, start: number, end: number): void {
    const aside = this.job as { num: Float64Array; arrays: PointArray[]; serial: number };
    aside.num = job.num;
    aside.serial = job.serial;
    aside.arrays.length = 0;
    for (const a of job.arrays) aside.arrays.push(a);
    this.writes = null;
    this.real = job.arrays;
    const index = writes.index < 0 ? null : (job.arrays[writes.index] as Int32Array);
    this.index = index === null || isIdentity(index, start, end) ? null : index;
    const chunked = index !== null && writes.local;
    this.chunked = chunked;
    this.offset = chunked ? start : 0;
    if (chunked) {
      if (this.local.length < end) this.local = new Int32Array(Math.max(end, Math.ceil(this.local.length * 1.5)));
      const local = this.local;
      for (let k = start; k < end; k++) local[k] = k - start;
      aside.arrays[writes.index] = local;
    }
    for (let w = 0; w < writes.slots.length; w++) {
      const real = job.arrays[writes.slots[w]];
      const length = chunked ? end - start : real.length;
      const own = ownLike(this.own[w], real, length);
      this.own[w] = own;
      const view = own.length === length ? own : rangeView(own, 0, length);
      if (writes.reads) copyPoints(real, view, chunked, this.offset, this.index, start, end, true);
      aside.arrays[writes.slots[w]] = view;
    }
    this.start = start;
    this.end = end;
    kernel(aside, start, end);
    this.writes = writes;
  }

  /** Copies the chunk the last `run` computed into the job's arrays. */
  commit(): void {
    const writes = this.writes;
    if (writes === null) return;
    for (let w = 0; w < writes.slots.length; w++) {
      const slot = writes.slots[w];
      copyPoints(this.real[slot], this.job.arrays[slot], this.chunked, this.offset, this.index, this.start, this.end, false);
    }
  }
}
