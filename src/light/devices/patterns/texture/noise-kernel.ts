// NoisePattern's per-point pass as a point job (src/light/parallel/point-job.ts): noise-space
// coordinates, the noise function and the brightness lookup for points start..end−1. The
// pattern writes the frame's numbers (NOISE_* slots) and arrays; any thread runs the kernel.
import type { PointJob } from '../../../parallel/point-job.js';
import { rangeView } from '../../../parallel/range-views.js';
import { PerlinWasm } from './perlin-wasm.js';

const f = Math.fround;

/** NoisePattern.CoordinateMode ordinals. */
export const NORMAL = 0;
const CENTER = 1;
const RADIAL = 2;
/** NoisePattern.Algorithm ordinals handled here (Static runs on the engine thread). */
export const PERLIN = 0;
const RIDGE = 1;
const FBM = 2;

// Number slots.
export const NOISE_ALGORITHM = 0;
export const NOISE_SEED = 1;
/** Motion (x, y, z), then offsets, scales and modes, three slots each. */
export const NOISE_MOTION = 2;
export const NOISE_OFFSET = 5;
export const NOISE_SCALE = 8;
export const NOISE_MODE = 11;
export const NOISE_OCTAVES = 14;
export const NOISE_LACUNARITY = 15;
export const NOISE_GAIN = 16;
export const NOISE_RIDGE = 17;
export const NOISE_LEVEL = 18;
export const NOISE_CONTRAST = 19;
export const NOISE_MIN = 20;
export const NOISE_MAX = 21;
/** 1 when the coordinates are rotated; the 12 matrix entries (3 rows of LXMatrix) follow. */
export const NOISE_ROTATE = 22;
export const NOISE_MATRIX = 23;
/** The brightness lookup table (NOISE_LUT_SIZE colors). */
export const NOISE_LUT = 40;
export const NOISE_LUT_SIZE = 512;
// Arrays: xn, yn, zn, rcn, index, colors.

/** A NoisePattern coordinate (float): Normal n + off, Center |n − (1 + off)/2|, Radial rcn + off·n, None ½ + off. */
function noiseCoordinate(mode: number, n: number, offset: number, rcn: number): number {
  if (mode === NORMAL) return f(n + offset);
  if (mode === CENTER) return Math.abs(f(n - f(0.5 * f(1 + offset))));
  if (mode === RADIAL) return f(rcn + f(offset * n));
  return f(0.5 + offset);
}

/**
 * One axis (0..2) of noise-space coordinates for points start..end−1, into out[0..end−start),
 * the Perlin kernel's input for that axis: motion + scale · coordinate(mode, n, offset, rcn)
 * (float), the mode chosen once per pass. Normal, the usual mode, runs in the kernel's SIMD loop.
 */
function fillNoiseAxis(
  perlin: PerlinWasm,
  axis: 0 | 1 | 2,
  out: Float32Array,
  n: Float32Array,
  rcn: Float32Array,
  start: number,
  end: number,
  mode: number,
  offset: number,
  scale: number,
  motion: number,
): void {
  if (mode === NORMAL) {
    out.set(rangeView(n, start, end));
    perlin.normalCoordinates(axis, end - start, motion, scale, offset);
  } else if (mode === CENTER) {
    const center = f(0.5 * f(1 + offset));
    for (let k = start; k < end; k++) out[k - start] = f(motion + f(scale * Math.abs(f(n[k] - center))));
  } else if (mode === RADIAL) {
    for (let k = start; k < end; k++) out[k - start] = f(motion + f(scale * f(rcn[k] + f(offset * n[k]))));
  } else {
    out.fill(f(motion + f(scale * f(0.5 + offset))), 0, end - start);
  }
}

/** m[row]·(x, y, z, 1), float32 left to right (LXMatrix.xn/yn/zn). */
function rotated(m: Float64Array, row: number, x: number, y: number, z: number): number {
  const at = NOISE_MATRIX + row * 4;
  return f(f(f(f(m[at] * x) + f(m[at + 1] * y)) + f(m[at + 2] * z)) + m[at + 3]);
}

// Per thread: the Perlin kernel, whose memory holds one slice's coordinates and noise, and the
// job's lookup table.
let perlin: PerlinWasm | undefined;
const lut = new Uint32Array(NOISE_LUT_SIZE);
let lutSerial = Number.NaN;

export function noiseKernel(job: PointJob, start: number, end: number): void {
  perlin ??= new PerlinWasm();
  if (lutSerial !== job.serial) {
    for (let i = 0; i < NOISE_LUT_SIZE; i++) lut[i] = job.num[NOISE_LUT + i];
    lutSerial = job.serial;
  }
  for (let from = start; from < end; from += perlin.capacity) noiseSlice(job, perlin, from, Math.min(end, from + perlin.capacity));
}

/**
 * Points start..end−1 (at most the Perlin kernel's capacity). Every per-point loop is a function
 * of its own, entered with its arrays and numbers: a loop here ran first before this function's
 * feedback existed (V8 allocates it lazily), so in some runs the code optimized on entry lacked
 * feedback for the reads before the loops, was thrown away on the next call and never optimized
 * again, and the loops ran unoptimized, boxing a double per point (1.3 MiB of garbage a frame at
 * 100k points on one thread, in about half the runs).
 */
function noiseSlice(job: PointJob, perlin: PerlinWasm, start: number, end: number): void {
  const num = job.num;
  const arrays = job.arrays;
  const xn = arrays[0] as Float32Array;
  const yn = arrays[1] as Float32Array;
  const zn = arrays[2] as Float32Array;
  const rcn = arrays[3] as Float32Array;
  const xa = num[NOISE_MOTION];
  const ya = num[NOISE_MOTION + 1];
  const za = num[NOISE_MOTION + 2];
  const xo = num[NOISE_OFFSET];
  const yo = num[NOISE_OFFSET + 1];
  const zo = num[NOISE_OFFSET + 2];
  const xs = num[NOISE_SCALE];
  const ys = num[NOISE_SCALE + 1];
  const zs = num[NOISE_SCALE + 2];
  const xMode = num[NOISE_MODE];
  const yMode = num[NOISE_MODE + 1];
  const zMode = num[NOISE_MODE + 2];
  if (num[NOISE_ROTATE] === 1) {
    rotatedAxis(perlin.xs, num, 0, xn, yn, zn, rcn, start, end, xMode, xo, xs, xa);
    rotatedAxis(perlin.ys, num, 1, xn, yn, zn, rcn, start, end, yMode, yo, ys, ya);
    rotatedAxis(perlin.zs, num, 2, xn, yn, zn, rcn, start, end, zMode, zo, zs, za);
  } else {
    fillNoiseAxis(perlin, 0, perlin.xs, xn, rcn, start, end, xMode, xo, xs, xa);
    fillNoiseAxis(perlin, 1, perlin.ys, yn, rcn, start, end, yMode, yo, ys, ya);
    fillNoiseAxis(perlin, 2, perlin.zs, zn, rcn, start, end, zMode, zo, zs, za);
  }
  const algorithm = num[NOISE_ALGORITHM];
  const length = end - start;
  if (algorithm === PERLIN) perlin.run(length, num[NOISE_SEED]);
  else {
    const kind = algorithm === RIDGE ? 'ridge' : algorithm === FBM ? 'fbm' : 'turbulence';
    perlin.fractal(kind, length, num[NOISE_LACUNARITY], num[NOISE_GAIN], num[NOISE_RIDGE], num[NOISE_OCTAVES]);
  }
  brightnessColors(
    perlin.out,
    arrays[4] as Int32Array,
    arrays[5] as Uint32Array,
    start,
    end,
    num[NOISE_LEVEL],
    num[NOISE_CONTRAST],
    num[NOISE_MIN],
    num[NOISE_MAX],
  );
}

/**
 * One axis (row of the matrix) of rotated noise-space coordinates for points start..end−1, into
 * out[0..end−start): motion + scale · coordinate(mode, m·(x, y, z, 1), offset, rcn) (float). The
 * three axes run one after the other: each point's coordinates are independent, so the values
 * are those of one loop over the points.
 */
function rotatedAxis(
  out: Float32Array,
  m: Float64Array,
  row: number,
  xn: Float32Array,
  yn: Float32Array,
  zn: Float32Array,
  rcn: Float32Array,
  start: number,
  end: number,
  mode: number,
  offset: number,
  scale: number,
  motion: number,
): void {
  for (let k = start; k < end; k++) out[k - start] = f(motion + f(scale * noiseCoordinate(mode, rotated(m, row, xn[k], yn[k], zn[k]), offset, rcn[k])));
}

/** Noise → brightness → color for points start..end−1, the noise of point k at bn[k − start]. */
function brightnessColors(
  bn: Float32Array,
  index: Int32Array,
  colors: Uint32Array,
  start: number,
  end: number,
  level: number,
  contrast: number,
  minLevel: number,
  maxLevel: number,
): void {
  // LXUtils.clamp(double…) then 2.559 · b in double, cast to int: Min and Max lie in 0..100, so
  // the product is within 0..256 (or NaN → 0) and `| 0` is Java's (int). The clamp picks between
  // the lookup indices, all small integers: picking between the numbers themselves merged the
  // arguments with each point's b, and in some runs (timing of the concurrent compile) the
  // optimized loop then boxed b, a heap number a point (about 650 KiB a frame at 100k points on
  // two threads), with no deopt to show for it.
  const lowest = (2.559 * minLevel) | 0;
  const highest = (2.559 * maxLevel) | 0;
  for (let k = start; k < end; k++) {
    const b = f(level + f(contrast * bn[k - start]));
    colors[index[k]] = lut[b < minLevel ? lowest : b > maxLevel ? highest : (2.559 * b) | 0];
  }
}
