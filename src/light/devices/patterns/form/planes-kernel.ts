// PlanesPattern's per-point pass as a point job (src/light/parallel/point-job.ts): black, then each
// active plane's slab of gray added on, for points start..end−1. The pattern writes the frame's
// numbers (planes-layout.ts) and the arrays xn, yn, zn, rn, index, colors; the point loop itself
// runs in WebAssembly (planes-wasm.ts), a slice at a time.
import type { PointJob } from '../../../parallel/point-job.js';
import { PLANES_COUNT, PLANES_FIRST, PLANES_MATRIX, PLANES_UNROTATED } from './planes-layout.js';
import { PlanesWasm } from './planes-wasm.js';

const BLACK = 0xff000000;

// Per thread: the WebAssembly loop, holding the planes of the job it last saw.
let planesWasm: PlanesWasm | undefined;
let planesSerial = Number.NaN;

export function planesKernel(job: PointJob, start: number, end: number): void {
  const index = job.arrays[4] as Int32Array;
  const colors = job.arrays[5] as Uint32Array;
  const planes = job.num[PLANES_COUNT];
  if (planes === 0) {
    for (let k = start; k < end; k++) colors[index[k]] = BLACK;
    return;
  }
  const wasm = (planesWasm ??= new PlanesWasm());
  if (planesSerial !== job.serial) {
    wasm.setPlanes(job.num[PLANES_UNROTATED] === 1, job.num.subarray(PLANES_MATRIX, PLANES_MATRIX + 12), job.num, PLANES_FIRST, planes);
    planesSerial = job.serial;
  }
  const { slices } = wasm;
  const out = slices.outColors;
  for (let from = start; from < end; from += slices.capacity) {
    const to = Math.min(end, from + slices.capacity);
    slices.load(job.arrays as Float32Array[], from, to);
    wasm.run(to - from, planes);
    scatter(out, index, colors, from, to);
  }
}

/**
 * colors[index[k]] = slice[k − from] for points from..to−1. A loop of its own, entered with its
 * arrays: a loop in the kernel would run before the kernel's feedback existed (V8 allocates it
 * lazily), and the kernel's optimized code was then thrown away and, in some runs, not optimized
 * again (noise-kernel.ts).
 */
function scatter(slice: Uint32Array, index: Int32Array, colors: Uint32Array, from: number, to: number): void {
  for (let k = from; k < to; k++) colors[index[k]] = slice[k - from];
}
