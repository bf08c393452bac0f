// The memory of a point-slice WebAssembly module (the Planes loop, the Gradient positions): the
// job's numbers in the first NUMBER_BYTES, then four float32 inputs of SLICE_CAPACITY points
// (x, y, z and one more per-point value) and one 32-bit output per point. A kernel copies a
// slice of its point arrays in, runs the module, and reads the output.
import { rangeView } from './range-views.js';

/** Points per slice (a multiple of four: SIMD loops may run up to three lanes past the count). */
const SLICE_CAPACITY = 16384;
const NUMBER_BYTES = 4096;
const ARRAY_BYTES = 4 * SLICE_CAPACITY;
/** Byte offsets of the inputs and the output, for the module's code. */
export const SLICE_X = NUMBER_BYTES;
export const SLICE_Y = SLICE_X + ARRAY_BYTES;
export const SLICE_Z = SLICE_Y + ARRAY_BYTES;
export const SLICE_W = SLICE_Z + ARRAY_BYTES;
export const SLICE_OUT = SLICE_W + ARRAY_BYTES;
/** 64 KiB pages the module's memory needs. */
export const SLICE_PAGES = Math.ceil((SLICE_OUT + ARRAY_BYTES) / 65536);

export class PointSlices {
  readonly capacity = SLICE_CAPACITY;
  readonly exports: Record<string, unknown>;
  /** The job's numbers, as float32 and as int32 words (same memory). */
  readonly numbers: Float32Array;
  readonly words: Int32Array;
  /** x, y, z and the fourth per-point input. */
  readonly inputs: readonly [Float32Array, Float32Array, Float32Array, Float32Array];
  /** The output as float32, as their bit patterns, and as colors (same memory). */
  readonly out: Float32Array;
  readonly outBits: Int32Array;
  readonly outColors: Uint32Array;

  /** An instance of `module` (which exports its memory as "memory"). */
  constructor(module: WebAssembly.Module) {
    this.exports = new WebAssembly.Instance(module).exports;
    const buffer = (this.exports.memory as WebAssembly.Memory).buffer;
    this.numbers = new Float32Array(buffer, 0, NUMBER_BYTES / 4);
    this.words = new Int32Array(buffer, 0, NUMBER_BYTES / 4);
    const input = (offset: number): Float32Array => new Float32Array(buffer, offset, SLICE_CAPACITY);
    this.inputs = [input(SLICE_X), input(SLICE_Y), input(SLICE_Z), input(SLICE_W)];
    this.out = new Float32Array(buffer, SLICE_OUT, SLICE_CAPACITY);
    this.outBits = new Int32Array(buffer, SLICE_OUT, SLICE_CAPACITY);
    this.outColors = new Uint32Array(buffer, SLICE_OUT, SLICE_CAPACITY);
  }

  /** Copies points from..to−1 of four per-point arrays into the inputs (at most `capacity` points). */
  load(arrays: readonly Float32Array[], from: number, to: number): void {
    if (to - from > SLICE_CAPACITY) throw new RangeError(`a slice holds at most ${SLICE_CAPACITY} points; got ${to - from}`);
    for (let i = 0; i < 4; i++) this.inputs[i].set(rangeView(arrays[i], from, to));
  }
}
