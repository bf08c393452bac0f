// A point job: one per-point pass of a pattern, effect or blend (a kernel) with its frame's
// numbers and arrays. The kernel colors points start..end−1 from those alone, so any split of
// the range (point-pool.ts) gives the output of one pass over all of it, bit for bit.

export type PointArray = Float32Array | Int32Array | Uint32Array;

export interface PointJob {
  /** The frame's numbers, in the layout the kernel defines. */
  readonly num: Float64Array;
  /** The arrays the kernel reads and writes, in the order it defines. */
  readonly arrays: PointArray[];
  /**
   * Changes with every job: a kernel that memoizes colors within a job (per thread) clears its
   * memo when it sees a new serial.
   */
  serial: number;
}

export type PointKernel = (job: PointJob, start: number, end: number) => void;

/** Room in a job's number block. */
export const JOB_NUMBERS = 1024;
/** Arrays one job can name. */
export const JOB_ARRAYS = 12;

/**
 * What a kernel writes, so that a helper can run a chunk aside and commit it only if the engine
 * thread has not taken it back (point-pool-shared.ts). A kernel's table of these sits beside its
 * kernel table.
 */
export interface KernelWrites {
  /** The slots (in `job.arrays`) of the arrays the kernel writes. */
  readonly slots: readonly number[];
  /** The slot of the index array (point k is written at `index[k]`), or −1 when point k is written at k. */
  readonly index: number;
  /** Whether the kernel reads what it writes before writing it (the chunk is then copied in first). */
  readonly reads: boolean;
  /**
   * Whether the index array reaches only the written arrays (no input is read through it): a
   * helper then hands the kernel a chunk-local index and arrays the size of the chunk.
   */
  readonly local: boolean;
}
