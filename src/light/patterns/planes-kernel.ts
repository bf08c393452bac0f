// PlanesPattern's per-point pass as a point job (../parallel/point-job.ts): black, then each
// active plane's slab of gray added on, for points start..end−1. The pattern writes the frame's
// numbers (PLANES_* slots, one PLANE_WORDS block per active plane) and arrays.
import { addOpaqueFull } from '../color/blend-kernel.js';
import { FloatColorMemo } from '../color/float-color-memo.js';
import { graynf } from '../color/lx-color.js';
import type { PointJob } from '../parallel/point-job.js';
import { distf3 } from './pattern-math.js';

const f = Math.fround;

/** PlanesPattern.Axis ordinals. */
export const X = 0;
export const Y = 1;
export const Z = 2;
export const FREE = 3;
export const RC = 4;

// Number slots.
/** How many plane blocks follow. */
export const PLANES_COUNT = 0;
/** 1 when the model is not rotated; else the 12 matrix entries (3 rows of LXMatrix) follow. */
export const PLANES_UNROTATED = 1;
export const PLANES_MATRIX = 2;
export const PLANES_FIRST = 16;
export const PLANE_WORDS = 12;
/** Offsets within a plane block: its axis, LX's PlaneConstants, and the slab's shape. */
export const AXIS = 0;
export const A = 1;
export const B = 2;
export const C = 3;
export const D = 4;
export const AP = 5;
export const BP = 6;
export const CP = 7;
export const INV_SQRT = 8;
export const WIDTH = 9;
export const FADE = 10;
export const LEVEL = 11;
/** Arrays: xn, yn, zn, rn, index, colors. */

const BLACK = 0xff000000;
/** slabGray's answer for a point outside the slab (a real gray is always opaque, never 0: added, it is addOpaqueFull). */
const NO_LIGHT = 0;

/** The gray a plane adds at signed distance `dist` (float, as LX), or NO_LIGHT outside its slab. */
function slabGray(dist: number, width: number, fade: number, level: number): number {
  let bn = f(1 - f(f(Math.abs(dist) - width) * fade));
  if (bn > 1) bn = 1;
  return bn > 0 ? graynf(f(level * bn)) : NO_LIGHT;
}

/**
 * 1·own plus ±0 terms plus a +0 translation (the identity matrix's float transform): own with
 * −0 turned to +0, or NaN when another coordinate is not finite (0·∞).
 */
function identity(own: number, b: number, c: number): number {
  return own + (b - b) + (c - c);
}

/** m[row]·(x, y, z, 1), float32 left to right (LXMatrix.xn/yn/zn). */
function rotated(m: Float64Array, row: number, x: number, y: number, z: number): number {
  const at = PLANES_MATRIX + row * 4;
  return f(f(f(f(m[at] * x) + f(m[at + 1] * y)) + f(m[at + 2] * z)) + m[at + 3]);
}

// Per thread: one memo per plane (a plane's gray depends on its distance alone), cleared per job.
const memos: FloatColorMemo[] = [];
let memoSerial = Number.NaN;

/**
 * Adds the plane whose block starts at `at` onto colors of points start..end−1; the first plane
 * (`first`) paints onto black instead, which is its gray itself (adding an opaque gray to black).
 */
function addPlane(job: PointJob, at: number, memo: FloatColorMemo, start: number, end: number, first: boolean): void {
  const num = job.num;
  const [xs, ys, zs, rn] = job.arrays as Float32Array[];
  const index = job.arrays[4] as Int32Array;
  const colors = job.arrays[5] as Uint32Array;
  const unrotated = num[PLANES_UNROTATED] === 1;
  const axis = num[at + AXIS];
  const a = num[at + A];
  const b = num[at + B];
  const c = num[at + C];
  const d = num[at + D];
  const ap = num[at + AP];
  const bp = num[at + BP];
  const cp = num[at + CP];
  const invSqrt = num[at + INV_SQRT];
  const width = num[at + WIDTH];
  const fade = num[at + FADE];
  const level = num[at + LEVEL];
  for (let k = start; k < end; k++) {
    const x0 = xs[k];
    const y0 = ys[k];
    const z0 = zs[k];
    const xn = unrotated ? identity(x0, y0, z0) : rotated(num, 0, x0, y0, z0);
    const yn = unrotated ? identity(y0, z0, x0) : rotated(num, 1, x0, y0, z0);
    const zn = unrotated ? identity(z0, x0, y0) : rotated(num, 2, x0, y0, z0);
    let dist: number;
    if (axis === X) dist = f(invSqrt * Math.abs(f(f(f(f(xn - ap) * a) + f(f(yn - bp) * b)) + f(f(zn - cp) * c))));
    else if (axis === Y) dist = f(invSqrt * Math.abs(f(f(f(f(yn - ap) * a) + f(f(zn - bp) * b)) + f(f(xn - cp) * c))));
    else if (axis === Z) dist = f(invSqrt * Math.abs(f(f(f(f(zn - ap) * a) + f(f(xn - bp) * b)) + f(f(yn - cp) * c))));
    else if (axis === FREE) dist = f(invSqrt * Math.abs(f(f(f(f(f(xn - ap) * a) + f(f(yn - bp) * b)) + f(f(zn - cp) * c)) + d)));
    else if (axis === RC) dist = f(distf3(xn, yn, zn, 0.5, 0.5, 0.5) - d);
    else dist = f(rn[k] - d);
    const bits = memo.bitsOf(dist);
    const slot = memo.slotOf(bits);
    if (!memo.holds(slot, bits)) memo.store(slot, bits, slabGray(dist, width, fade, level));
    const gray = memo.colorAt(slot);
    const i = index[k];
    if (first) colors[i] = gray === NO_LIGHT ? BLACK : gray;
    else if (gray !== NO_LIGHT) colors[i] = addOpaqueFull(colors[i], gray);
  }
}

export function planesKernel(job: PointJob, start: number, end: number): void {
  const planes = job.num[PLANES_COUNT];
  if (planes === 0) {
    const index = job.arrays[4] as Int32Array;
    const colors = job.arrays[5] as Uint32Array;
    for (let k = start; k < end; k++) colors[index[k]] = BLACK;
    return;
  }
  while (memos.length < planes) memos.push(new FloatColorMemo());
  if (memoSerial !== job.serial) {
    for (const memo of memos) memo.clear();
    memoSerial = job.serial;
  }
  // LX runs the planes one after another over all points; per point that is the same order.
  for (let p = 0; p < planes; p++) addPlane(job, PLANES_FIRST + p * PLANE_WORDS, memos[p], start, end, p === 0);
}
