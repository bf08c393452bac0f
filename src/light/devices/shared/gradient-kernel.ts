// The gradient engine's per-point pass (GradientPattern and Gradient Mask) as a point job
// (src/light/parallel/point-job.ts): each point's position along the gradient (gradient-wasm.ts, a
// slice at a time) and the stop blend there, memoized per position, for points start..end−1.
// The engine writes the frame's numbers (gradient-layout.ts, then the color stops) and the
// arrays xn, yn, zn, rcn, index, out.
import { FloatColorMemo } from '../../color/float-color-memo.js';
import { ColorStops, type GradientBlendMode } from '../../color/gradient.js';
import type { PointJob } from '../../parallel/point-job.js';
import { GRADIENT_BLEND, GRADIENT_STOPS } from './gradient-layout.js';
import { GradientWasm } from './gradient-wasm.js';

// Per thread: the WebAssembly loop and the job's stops, with a memo of colors by position
// (points at the same position share the stop blend), all renewed per job.
let gradientWasm: GradientWasm | undefined;
const stops = new ColorStops();
const memo = new FloatColorMemo();
let jobSerial = Number.NaN;

export function gradientKernel(job: PointJob, start: number, end: number): void {
  const wasm = (gradientWasm ??= new GradientWasm());
  if (jobSerial !== job.serial) {
    stops.readFrom(job.num, GRADIENT_STOPS);
    wasm.setNumbers(job.num, stops.numStops - 1);
    memo.clear();
    jobSerial = job.serial;
  }
  const index = job.arrays[4] as Int32Array;
  const out = job.arrays[5] as Uint32Array;
  const blend = job.num[GRADIENT_BLEND] as GradientBlendMode;
  const { slices } = wasm;
  const { out: positions, outBits } = slices;
  for (let from = start; from < end; from += slices.capacity) {
    const to = Math.min(end, from + slices.capacity);
    slices.load(job.arrays as Float32Array[], from, to);
    wasm.run(to - from);
    colorSlice(positions, outBits, index, out, from, to, blend);
  }
}

/**
 * The colors of points from..to−1, whose positions are positions[k − from] (bits outBits). A loop
 * of its own, entered with its arrays: a loop in the kernel would run before the kernel's
 * feedback existed (V8 allocates it lazily), and the kernel's optimized code was then thrown
 * away and, in some runs, not optimized again (noise-kernel.ts).
 */
function colorSlice(
  positions: Float32Array,
  outBits: Int32Array,
  index: Int32Array,
  out: Uint32Array,
  from: number,
  to: number,
  blend: GradientBlendMode,
): void {
  for (let k = from; k < to; k++) {
    const bits = outBits[k - from];
    const slot = memo.slotOf(bits);
    if (memo.holds(slot, bits)) {
      out[index[k]] = memo.colorAt(slot);
      continue;
    }
    const lerp = positions[k - from];
    const stop = Math.floor(lerp) | 0;
    // blendStops, passing only small integers across the calls (no garbage a frame: see hsbBits).
    stops.setAmount(lerp - stop);
    const color = stops.blendBits(stop, stop + 1, blend);
    memo.store(slot, bits, color);
    out[index[k]] = color;
  }
}
