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
