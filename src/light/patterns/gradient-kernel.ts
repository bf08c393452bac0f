// The gradient engine's per-point pass (GradientPattern and Gradient Mask) as a point job
// (../parallel/point-job.ts): each point's weighted coordinate sum, its position along the
// gradient and the stop blend there, for points start..end−1. The engine writes the frame's
// numbers (GRADIENT_* slots, then the color stops) and the arrays xn, yn, zn, rcn, index, out.
import { FloatColorMemo } from '../color/float-color-memo.js';
import { ColorStops, type GradientBlendMode } from '../color/gradient.js';
import { javaInt } from '../color/java-num.js';
import type { PointJob } from '../parallel/point-job.js';
import { clampf } from './pattern-math.js';

const f = Math.fround;

/** GradientPattern.CoordinateMode and clamp mode ordinals. */
export const NORMAL = 0;
export const CENTER = 1;
export const CLAMP = 0;
export const WRAP = 1;

// Number slots. Per axis (x, y, z): mode, offset, shift (1 for a negative amount), amount.
export const GRADIENT_AXES = 0;
export const AXIS_WORDS = 4;
export const GRADIENT_BLEND = 12;
export const GRADIENT_SCALE = 13;
export const GRADIENT_CLAMP = 14;
export const GRADIENT_PHASE = 15;
export const GRADIENT_INVERT = 16;
/** 1 when coordinates are rotated; the 12 matrix entries (3 rows of LXMatrix) follow. */
export const GRADIENT_ROTATE = 17;
export const GRADIENT_MATRIX = 18;
export const GRADIENT_STOPS = 30;

/** A GradientPattern coordinate (float): Normal n − off, Center 2|n − (½ + off/2)|, Radial rcn − off. */
function coordinate(mode: number, n: number, offset: number, rcn: number): number {
  if (mode === NORMAL) return f(n - offset);
  if (mode === CENTER) return f(2 * Math.abs(f(n - f(0.5 + f(offset * 0.5)))));
  return f(rcn - offset);
}

/** The clamp modes (float): Clamp to [0, 1], Wrap to the fraction, Mirror back and forth. */
function clampLerp(mode: number, v: number): number {
  if (mode === CLAMP) return clampf(v, 0, 1);
  const floor = f(Math.floor(v));
  const diff = f(v - floor);
  if (mode === WRAP) return diff;
  return javaInt(floor) % 2 === 0 ? diff : f(1 - diff);
}

/** m[row]·(x, y, z, 1), float32 left to right (LXMatrix.xn/yn/zn). */
function rotated(m: Float64Array, row: number, x: number, y: number, z: number): number {
  const at = GRADIENT_MATRIX + row * 4;
  return f(f(f(f(m[at] * x) + f(m[at + 1] * y)) + f(m[at + 2] * z)) + m[at + 3]);
}

/**
 * Adds axis `axis`'s term amount · (coordinate − shift) into sum[0..length) (float; the first
 * axis starts the sum), for coordinates n[nAt + j] and rcn[rcnAt + j], the mode chosen once.
 */
function addAxisTerm(sum: Float32Array, n: Float32Array, nAt: number, rcn: Float32Array, rcnAt: number, length: number, num: Float64Array, axis: number): void {
  const at = GRADIENT_AXES + axis * AXIS_WORDS;
  const mode = num[at];
  const offset = num[at + 1];
  const shift = num[at + 2];
  const amount = num[at + 3];
  const first = axis === 0;
  if (mode === NORMAL) {
    if (first) for (let j = 0; j < length; j++) sum[j] = f(amount * f(f(n[nAt + j] - offset) - shift));
    else for (let j = 0; j < length; j++) sum[j] = f(sum[j] + f(amount * f(f(n[nAt + j] - offset) - shift)));
  } else {
    for (let j = 0; j < length; j++) {
      const term = f(amount * f(coordinate(mode, n[nAt + j], offset, rcn[rcnAt + j]) - shift));
      sum[j] = first ? term : f(sum[j] + term);
    }
  }
}

// Per thread: the job's stops, a memo of colors by gradient position (cleared per job), and
// scratch for one chunk's positions and rotated coordinates.
const stops = new ColorStops();
const memo = new FloatColorMemo();
let stopsSerial = Number.NaN;
let position = new Float32Array(0);
let rotatedX = new Float32Array(0);
let rotatedY = new Float32Array(0);
let rotatedZ = new Float32Array(0);

export function gradientKernel(job: PointJob, start: number, end: number): void {
  const num = job.num;
  if (stopsSerial !== job.serial) {
    stops.readFrom(num, GRADIENT_STOPS);
    memo.clear();
    stopsSerial = job.serial;
  }
  const length = end - start;
  if (position.length < length) {
    position = new Float32Array(length);
    rotatedX = new Float32Array(length);
    rotatedY = new Float32Array(length);
    rotatedZ = new Float32Array(length);
  }
  let [xn, yn, zn] = job.arrays as Float32Array[];
  const rcn = job.arrays[3] as Float32Array;
  const index = job.arrays[4] as Int32Array;
  const out = job.arrays[5] as Uint32Array;
  let nAt = start;
  if (num[GRADIENT_ROTATE] === 1) {
    for (let k = start; k < end; k++) {
      const x0 = xn[k];
      const y0 = yn[k];
      const z0 = zn[k];
      rotatedX[k - start] = rotated(num, 0, x0, y0, z0);
      rotatedY[k - start] = rotated(num, 1, x0, y0, z0);
      rotatedZ[k - start] = rotated(num, 2, x0, y0, z0);
    }
    // Rotated coordinates sit at 0..length; rcn stays indexed by point.
    [xn, yn, zn] = [rotatedX, rotatedY, rotatedZ];
    nAt = 0;
  }
  // The weighted sum x·xc + y·yc + z·zc, one axis per pass, in LX's order of float additions.
  addAxisTerm(position, xn, nAt, rcn, start, length, num, 0);
  addAxisTerm(position, yn, nAt, rcn, start, length, num, 1);
  addAxisTerm(position, zn, nAt, rcn, start, length, num, 2);
  const blend = num[GRADIENT_BLEND] as GradientBlendMode;
  const scale = num[GRADIENT_SCALE];
  const clamp = num[GRADIENT_CLAMP];
  const phase = num[GRADIENT_PHASE];
  const invert = num[GRADIENT_INVERT] === 1;
  const span = stops.numStops - 1;
  for (let k = start; k < end; k++) {
    let lerp = clampLerp(clamp, f(scale * position[k - start]));
    if (phase > 0) lerp = f(f(lerp + phase) % 1);
    if (invert) lerp = f(1 - lerp);
    lerp = f(lerp * span);
    const bits = memo.bitsOf(lerp);
    const slot = memo.slotOf(bits);
    if (memo.holds(slot, bits)) {
      out[index[k]] = memo.colorAt(slot);
      continue;
    }
    const stop = Math.floor(lerp) | 0;
    const color = stops.blendStops(stop, stop + 1, f(lerp - stop), blend);
    memo.store(slot, bits, color);
    out[index[k]] = color;
  }
}
