// LX 1.2.1's noise: `heronarts.lx.utils.Noise`, a Java port of Sean Barrett's public-domain
// stb_perlin.h (v0.5), computed in Java `float`. This is our own TypeScript of that algorithm,
// float32-exact: every float operation LX performs is rounded with Math.fround, `(int)` casts and
// array-index masking behave as in Java. Verified against LX's own frames: noise_perlin (all 121
// frames, every point) and noise_ridge_fbm (see test/light/noise/), and bit for bit against a
// native C float build and a Java float build of the same algorithm on 300 000 random samples
// (NaN, ±Infinity, and coordinates past 2^24 and past the int range included).
//
// Inputs are floats: pass values already rounded to float32 (LX passes float expressions); they
// are rounded again on entry, which is a no-op for floats. Results are float32 values (as doubles).
// Hot path: no allocation, no closures. Measured on the 2-vCPU dev box (Node 20): ~70–90 ns per
// perlinNoise3 call, ~50–70 ns per point through perlinNoise3Batch, ~70–90 ns per octave for the
// fractal noises. Most of that cost is Math.fround's float↔double round trips (about 56 per
// sample): NoisePattern's batches (Perlin and the fractal noises) therefore run in WebAssembly
// (perlin-wasm.ts, ~10 ns per point and octave), checked against the functions here.
//
// Who calls what in LX 1.2.1:
//   NoisePattern  Perlin      → perlinNoise3(x, y, z, seed)          (seed = `seed` knob, 0..255)
//                 Ridge       → ridgeNoise3(x, y, z, lacunarity, gain, ridgeOffset, octaves)
//                 FBM         → fbmNoise3(x, y, z, lacunarity, gain, octaves)
//                 Turbulence  → turbulenceNoise3(x, y, z, lacunarity, gain, octaves)
//   NoiseModulator            → the same four with (x, y, z) = ((float) basis, 0, 0)
//   LXUtils.noise(x,y,z[,seed]), noiseRidge/noiseFBM/noiseTurbulence → the same functions.
// LX quirk: Ridge, FBM and Turbulence ignore the `seed` knob; octave i always uses seed i.
// (Golden noise_ridge_fbm has an FBM with seed 12 that only matches unseeded.)

// stb_perlin's permutation table (public domain), duplicated to 512 entries so that
// `table[a + b]` with a, b ≤ 255 needs no mask, exactly as LX indexes it.
const RANDTAB_256: readonly number[] = [
  23, 125, 161, 52, 103, 117, 70, 37, 247, 101, 203, 169, 124, 126, 44, 123, 152, 238, 145, 45, 171, 114, 253, 10, 192, 136, 4, 157, 249, 30, 35, 72, 175, 63,
  77, 90, 181, 16, 96, 111, 133, 104, 75, 162, 93, 56, 66, 240, 8, 50, 84, 229, 49, 210, 173, 239, 141, 1, 87, 18, 2, 198, 143, 57, 225, 160, 58, 217, 168, 206,
  245, 204, 199, 6, 73, 60, 20, 230, 211, 233, 94, 200, 88, 9, 74, 155, 33, 15, 219, 130, 226, 202, 83, 236, 42, 172, 165, 218, 55, 222, 46, 107, 98, 154, 109,
  67, 196, 178, 127, 158, 13, 243, 65, 79, 166, 248, 25, 224, 115, 80, 68, 51, 184, 128, 232, 208, 151, 122, 26, 212, 105, 43, 179, 213, 235, 148, 146, 89, 14,
  195, 28, 78, 112, 76, 250, 47, 24, 251, 140, 108, 186, 190, 228, 170, 183, 139, 39, 188, 244, 246, 132, 48, 119, 144, 180, 138, 134, 193, 82, 182, 120, 121,
  86, 220, 209, 3, 91, 241, 149, 85, 205, 150, 113, 216, 31, 100, 41, 164, 177, 214, 153, 231, 38, 71, 185, 174, 97, 201, 29, 95, 7, 92, 54, 254, 191, 118, 34,
  221, 131, 11, 163, 99, 234, 81, 227, 147, 156, 176, 17, 142, 69, 12, 110, 62, 27, 255, 0, 194, 59, 116, 242, 252, 19, 21, 187, 53, 207, 129, 64, 135, 61, 40,
  167, 237, 102, 223, 106, 159, 197, 189, 215, 137, 36, 32, 22, 5,
];

// stb_perlin's gradient-index table (12 gradients, reweighted to 5/64 and 6/64), also doubled.
const GRAD_IDX_256: readonly number[] = [
  7, 9, 5, 0, 11, 1, 6, 9, 3, 9, 11, 1, 8, 10, 4, 7, 8, 6, 1, 5, 3, 10, 9, 10, 0, 8, 4, 1, 5, 2, 7, 8, 7, 11, 9, 10, 1, 0, 4, 7, 5, 0, 11, 6, 1, 4, 2, 8, 8, 10,
  4, 9, 9, 2, 5, 7, 9, 1, 7, 2, 2, 6, 11, 5, 5, 4, 6, 9, 0, 1, 1, 0, 7, 6, 9, 8, 4, 10, 3, 1, 2, 8, 8, 9, 10, 11, 5, 11, 11, 2, 6, 10, 3, 4, 2, 4, 9, 10, 3, 2,
  6, 3, 6, 10, 5, 3, 4, 10, 11, 2, 9, 11, 1, 11, 10, 4, 9, 4, 11, 0, 4, 11, 4, 0, 0, 0, 7, 6, 10, 4, 1, 3, 11, 5, 3, 4, 2, 9, 1, 3, 0, 1, 8, 0, 6, 7, 8, 7, 0,
  4, 6, 10, 8, 2, 3, 11, 11, 8, 0, 2, 4, 8, 3, 0, 0, 10, 6, 1, 2, 2, 4, 5, 6, 0, 1, 3, 11, 9, 5, 5, 9, 6, 9, 8, 3, 8, 1, 8, 9, 6, 9, 11, 10, 7, 5, 6, 5, 9, 1,
  3, 7, 0, 2, 10, 11, 2, 6, 1, 3, 11, 7, 7, 2, 1, 7, 3, 0, 8, 1, 1, 5, 0, 6, 10, 11, 11, 0, 2, 7, 0, 10, 8, 3, 5, 7, 1, 11, 1, 0, 7, 9, 0, 11, 5, 10, 3, 2, 3,
  5, 9, 7, 9, 8, 4, 6, 5,
];

const PERM = new Int32Array(512);
const GRAD = new Int32Array(512);
for (let i = 0; i < 512; i++) {
  PERM[i] = RANDTAB_256[i & 255];
  GRAD[i] = GRAD_IDX_256[i & 255];
}

// The 12 gradient directions (edges of a cube), one component per table.
const GX = new Float64Array([1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0]);
const GY = new Float64Array([1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1]);
const GZ = new Float64Array([0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1]);

/** The tables above, for the WebAssembly batch kernel (perlin-wasm.ts), which copies them. */
export const PERLIN_TABLES = { perm: PERM, grad: GRAD, gx: GX, gy: GY, gz: GZ } as const;

const fround = Math.fround;

// One-point scratch buffers for the single-sample functions: passing the sample through typed
// arrays instead of arguments and return values keeps V8 from boxing doubles into heap numbers
// on the (non-inlined) kernel call, so sampling allocates nothing.
const SX = new Float32Array(1);
const SY = new Float32Array(1);
const SZ = new Float32Array(1);
const SO = new Float32Array(1);

// Fast path bound: below 2^24 every float's (int) cast is exact and converting it back to float
// is exact too, so Java's `x -= (float) px` needs no extra rounding of px.
const FAST = 16777216;

/**
 * stb_perlin noise at the points start..end−1 of (X, Y, Z) into O, with the cell coordinates
 * masked by xMask/yMask/zMask (255 = no wrap). One code path serves single samples (length-1
 * scratch arrays) and batches.
 *
 * Float rounding is Java's, operation by operation, with two exact shortcuts on the fast path
 * (all coordinates within ±2^24):
 * - a gradient dot product has exactly one zero component, so Java's two float additions
 *   ((g0·x + g1·y) + g2·z) round only once: one fround of the double sum is the same value;
 * - the fractional offsets x − px are rounded once (the cast back to float of |px| < 2^24 is exact).
 */
function kernel(
  X: Float32Array,
  Y: Float32Array,
  Z: Float32Array,
  O: Float32Array,
  start: number,
  end: number,
  seed: number,
  xMask: number,
  yMask: number,
  zMask: number,
): void {
  // Neighbouring points usually share y and z (a grid row) and the lattice cell, so the
  // y- and z-derived values and the cell's eight gradient indices are kept from the point
  // before and recomputed only when their inputs change. Zeros are never reused: −0 and +0
  // compare equal but may round differently downstream.
  let lastY = Number.NaN;
  let py = 0;
  let yf = 0;
  let ym = 0;
  let v = 0;
  let lastZ = Number.NaN;
  let pz = 0;
  let zf = 0;
  let zm = 0;
  let w = 0;
  let cellX = 0;
  let cellY = 0;
  let cellZ = 0;
  let cellKnown = false;
  let g000 = 0,
    g001 = 0,
    g010 = 0,
    g011 = 0,
    g100 = 0,
    g101 = 0,
    g110 = 0,
    g111 = 0;
  for (let i = start; i < end; i++) {
    const x = X[i];
    const y = Y[i];
    const z = Z[i];
    if (!(x > -FAST && x < FAST && y > -FAST && y < FAST && z > -FAST && z < FAST)) {
      O[i] = kernelSlow(x, y, z, seed, xMask, yMask, zMask);
      continue;
    }
    if (y !== lastY || y === 0) {
      py = y | 0;
      if (y < py) py--;
      yf = fround(y - py);
      // stb ease: ((a·6 − 15)·a + 10)·a·a·a, seven float roundings
      v = fround(fround(fround(fround(fround(fround(fround(yf * 6) - 15) * yf) + 10) * yf) * yf) * yf);
      ym = fround(yf - 1);
      lastY = y;
    }
    if (z !== lastZ || z === 0) {
      pz = z | 0;
      if (z < pz) pz--;
      zf = fround(z - pz);
      w = fround(fround(fround(fround(fround(fround(fround(zf * 6) - 15) * zf) + 10) * zf) * zf) * zf);
      zm = fround(zf - 1);
      lastZ = z;
    }
    let px = x | 0;
    if (x < px) px--;
    if (!cellKnown || px !== cellX || py !== cellY || pz !== cellZ) {
      const r0 = PERM[(px & xMask) + seed];
      const r1 = PERM[((px + 1) & xMask) + seed];
      const y0 = py & yMask;
      const y1 = (py + 1) & yMask;
      const z0 = pz & zMask;
      const z1 = (pz + 1) & zMask;
      const r00 = PERM[r0 + y0];
      const r01 = PERM[r0 + y1];
      const r10 = PERM[r1 + y0];
      const r11 = PERM[r1 + y1];
      g000 = GRAD[r00 + z0];
      g001 = GRAD[r00 + z1];
      g010 = GRAD[r01 + z0];
      g011 = GRAD[r01 + z1];
      g100 = GRAD[r10 + z0];
      g101 = GRAD[r10 + z1];
      g110 = GRAD[r11 + z0];
      g111 = GRAD[r11 + z1];
      cellX = px;
      cellY = py;
      cellZ = pz;
      cellKnown = true;
    }
    const xf = fround(x - px);
    const u = fround(fround(fround(fround(fround(fround(fround(xf * 6) - 15) * xf) + 10) * xf) * xf) * xf);
    const xm = fround(xf - 1);
    const n000 = fround(GX[g000] * xf + GY[g000] * yf + GZ[g000] * zf);
    const n001 = fround(GX[g001] * xf + GY[g001] * yf + GZ[g001] * zm);
    const n010 = fround(GX[g010] * xf + GY[g010] * ym + GZ[g010] * zf);
    const n011 = fround(GX[g011] * xf + GY[g011] * ym + GZ[g011] * zm);
    const n100 = fround(GX[g100] * xm + GY[g100] * yf + GZ[g100] * zf);
    const n101 = fround(GX[g101] * xm + GY[g101] * yf + GZ[g101] * zm);
    const n110 = fround(GX[g110] * xm + GY[g110] * ym + GZ[g110] * zf);
    const n111 = fround(GX[g111] * xm + GY[g111] * ym + GZ[g111] * zm);
    // stb lerp a + (b − a)·t, three float roundings
    const n00 = fround(n000 + fround(fround(n001 - n000) * w));
    const n01 = fround(n010 + fround(fround(n011 - n010) * w));
    const n10 = fround(n100 + fround(fround(n101 - n100) * w));
    const n11 = fround(n110 + fround(fround(n111 - n110) * w));
    const n0 = fround(n00 + fround(fround(n01 - n00) * v));
    const n1 = fround(n10 + fround(fround(n11 - n10) * v));
    O[i] = fround(n0 + fround(fround(n1 - n0) * u));
  }
}

/** Java `(int) a` for a float a (truncation; NaN → 0; saturating at the int range). */
function javaInt(a: number): number {
  if (a !== a) return 0;
  if (a >= 2147483647) return 2147483647;
  if (a <= -2147483648) return -2147483648;
  return a | 0;
}

/**
 * The general path for coordinates at or beyond ±2^24 (or NaN/Infinity): the kernel's shortcuts
 * assume |v| < 2^24, so this one rounds exactly where Java does, including saturating casts and
 * int overflow. Never taken by NoisePattern (normalized coordinates), so it may box.
 */
function kernelSlow(x: number, y: number, z: number, seed: number, xMask: number, yMask: number, zMask: number): number {
  let px = javaInt(x);
  if (x < px) px = (px - 1) | 0; // Java int arithmetic: INT_MIN − 1 wraps to INT_MAX
  let py = javaInt(y);
  if (y < py) py = (py - 1) | 0;
  let pz = javaInt(z);
  if (z < pz) pz = (pz - 1) | 0;
  const r0 = PERM[(px & xMask) + seed];
  const r1 = PERM[((px + 1) & xMask) + seed];
  x = fround(x - fround(px));
  y = fround(y - fround(py));
  z = fround(z - fround(pz));
  return lattice(x, y, z, r0, r1, py & yMask, (py + 1) & yMask, pz & zMask, (pz + 1) & zMask);
}

/** One sample of the point in SX/SY/SZ (already floats); the result is left in SO[0]. */
function sample(seed: number, xMask: number, yMask: number, zMask: number): void {
  kernel(SX, SY, SZ, SO, 0, 1, seed, xMask, yMask, zMask);
}

/** g·(x, y, z) in float: (gx·x + gy·y) rounded, plus gz·z, rounded (the literal Java order). */
function grad(g: number, x: number, y: number, z: number): number {
  return fround(fround(GX[g] * x + GY[g] * y) + GZ[g] * z);
}

/** stb's quintic fade 6a⁵ − 15a⁴ + 10a³, evaluated as ((a·6 − 15)·a + 10)·a·a·a in float. */
function ease(a: number): number {
  return fround(fround(fround(fround(fround(fround(fround(a * 6) - 15) * a) + 10) * a) * a) * a);
}

/** a + (b − a)·t in float. */
function lerp(a: number, b: number, t: number): number {
  return fround(a + fround(fround(b - a) * t));
}

/**
 * The lattice evaluation written operation by operation (used by the slow and non-power-of-two
 * paths). r0/r1 are the permutation values of the two x corners; y0..z1 the wrapped cell indices.
 */
function lattice(x: number, y: number, z: number, r0: number, r1: number, y0: number, y1: number, z0: number, z1: number): number {
  const u = ease(x);
  const v = ease(y);
  const w = ease(z);
  const r00 = PERM[r0 + y0];
  const r01 = PERM[r0 + y1];
  const r10 = PERM[r1 + y0];
  const r11 = PERM[r1 + y1];
  const x1 = fround(x - 1);
  const y1f = fround(y - 1);
  const z1f = fround(z - 1);
  const n000 = grad(GRAD[r00 + z0], x, y, z);
  const n001 = grad(GRAD[r00 + z1], x, y, z1f);
  const n010 = grad(GRAD[r01 + z0], x, y1f, z);
  const n011 = grad(GRAD[r01 + z1], x, y1f, z1f);
  const n100 = grad(GRAD[r10 + z0], x1, y, z);
  const n101 = grad(GRAD[r10 + z1], x1, y, z1f);
  const n110 = grad(GRAD[r11 + z0], x1, y1f, z);
  const n111 = grad(GRAD[r11 + z1], x1, y1f, z1f);
  const n00 = lerp(n000, n001, w);
  const n01 = lerp(n010, n011, w);
  const n10 = lerp(n100, n101, w);
  const n11 = lerp(n110, n111, w);
  const n0 = lerp(n00, n01, v);
  const n1 = lerp(n10, n11, v);
  return lerp(n0, n1, u);
}

/**
 * LX `Noise.stb_perlin_noise3_seed(x, y, z, 0, 0, 0, seed)`: Perlin noise in about [-1, 1],
 * 0 at every integer lattice point, period 256 on each axis.
 * @param seed 0..255 (NoisePattern's `seed` knob). LX would throw outside that range.
 */
export function perlinNoise3(x: number, y: number, z: number, seed: number): number {
  SX[0] = x;
  SY[0] = y;
  SZ[0] = z;
  sample(seed, 255, 255, 255);
  return SO[0];
}

/**
 * perlinNoise3 over many points at once: out[i] = perlinNoise3(xs[i], ys[i], zs[i], seed) for
 * i < count. About a quarter faster per point than single calls (no call per point), so
 * NoisePattern's Perlin mode can fill three coordinate buffers per frame and call this once.
 */
export function perlinNoise3Batch(xs: Float32Array, ys: Float32Array, zs: Float32Array, out: Float32Array, count: number, seed: number): void {
  if (count > xs.length || count > ys.length || count > zs.length || count > out.length) {
    throw new RangeError(`perlinNoise3Batch: count ${count} exceeds a buffer length`);
  }
  kernel(xs, ys, zs, out, 0, count, seed, 255, 255, 255);
}

/**
 * LX `Noise.stb_perlin_noise3_seed(x, y, z, xWrap, yWrap, zWrap, seed)` (and
 * `stb_perlin_noise3` with seed 0). A wrap of 0 means 256; other wraps must be powers of two
 * ≤ 256 (LX masks with `(wrap − 1) & 0xff`, so other values give stb's mask behaviour, not a
 * true period).
 */
export function perlinNoise3Wrap(x: number, y: number, z: number, xWrap: number, yWrap: number, zWrap: number, seed: number): number {
  SX[0] = x;
  SY[0] = y;
  SZ[0] = z;
  sample(seed, (xWrap - 1) & 0xff, (yWrap - 1) & 0xff, (zWrap - 1) & 0xff);
  return SO[0];
}

/** Java int `%` (remainder keeps the dividend's sign), then stb's fix-up to [0, wrap). */
function wrapIndex(p: number, wrap: number): number {
  let i = p % wrap;
  if (i < 0) i += wrap;
  return i;
}

/**
 * LX `Noise.stb_perlin_noise3_wrap_nonpow2(x, y, z, xWrap, yWrap, zWrap, seed)`: noise that
 * tiles with any integer period 1..256 (0 means 256). The seed is applied after the first
 * permutation, so for a given seed this differs from perlinNoise3Wrap.
 */
export function perlinNoise3WrapNonPow2(x: number, y: number, z: number, xWrap: number, yWrap: number, zWrap: number, seed: number): number {
  x = fround(x);
  y = fround(y);
  z = fround(z);
  let px = javaInt(x);
  if (x < px) px = (px - 1) | 0; // Java int arithmetic: INT_MIN − 1 wraps to INT_MAX
  let py = javaInt(y);
  if (y < py) py = (py - 1) | 0;
  let pz = javaInt(z);
  if (z < pz) pz = (pz - 1) | 0;
  const xw = xWrap !== 0 ? xWrap : 256;
  const yw = yWrap !== 0 ? yWrap : 256;
  const zw = zWrap !== 0 ? zWrap : 256;
  const x0 = wrapIndex(px, xw);
  const y0 = wrapIndex(py, yw);
  const z0 = wrapIndex(pz, zw);
  const x1 = (x0 + 1) % xw;
  const y1 = (y0 + 1) % yw;
  const z1 = (z0 + 1) % zw;
  const r0 = PERM[PERM[x0] + seed];
  const r1 = PERM[PERM[x1] + seed];
  return lattice(fround(x - fround(px)), fround(y - fround(py)), fround(z - fround(pz)), r0, r1, y0, y1, z0, z1);
}

/**
 * LX `Noise.stb_perlin_ridge_noise3(x, y, z, lacunarity, gain, offset, octaves)`: ridged
 * multifractal. Octave i samples at frequency lacunarityⁱ with seed i; each octave's ridge
 * r = (offset − |n|)² is weighted by amplitude (0.5·gainⁱ) and by the previous octave's r.
 * NoisePattern passes its `ridgeOffset` knob as offset; its `seed` knob is not used.
 */
export function ridgeNoise3(x: number, y: number, z: number, lacunarity: number, gain: number, offset: number, octaves: number): number {
  x = fround(x);
  y = fround(y);
  z = fround(z);
  lacunarity = fround(lacunarity);
  gain = fround(gain);
  offset = fround(offset);
  let frequency = 1;
  let prev = 1;
  let amplitude = 0.5;
  let sum = 0;
  for (let i = 0; i < octaves; i++) {
    SX[0] = x * frequency;
    SY[0] = y * frequency;
    SZ[0] = z * frequency;
    sample(i, 255, 255, 255);
    let r = fround(offset - Math.abs(SO[0]));
    r = fround(r * r);
    sum = fround(sum + fround(fround(r * amplitude) * prev));
    prev = r;
    frequency = fround(frequency * lacunarity);
    amplitude = fround(amplitude * gain);
  }
  return sum;
}

/**
 * LX `Noise.stb_perlin_fbm_noise3(x, y, z, lacunarity, gain, octaves)`: fractal Brownian motion,
 * Σ gainⁱ · noise(lacunarityⁱ · p, seed i). NoisePattern's `seed` knob is not used.
 */
export function fbmNoise3(x: number, y: number, z: number, lacunarity: number, gain: number, octaves: number): number {
  x = fround(x);
  y = fround(y);
  z = fround(z);
  lacunarity = fround(lacunarity);
  gain = fround(gain);
  let frequency = 1;
  let amplitude = 1;
  let sum = 0;
  for (let i = 0; i < octaves; i++) {
    SX[0] = x * frequency;
    SY[0] = y * frequency;
    SZ[0] = z * frequency;
    sample(i, 255, 255, 255);
    sum = fround(sum + fround(SO[0] * amplitude));
    frequency = fround(frequency * lacunarity);
    amplitude = fround(amplitude * gain);
  }
  return sum;
}

/**
 * LX `Noise.stb_perlin_turbulence_noise3(x, y, z, lacunarity, gain, octaves)`:
 * Σ |gainⁱ · noise(lacunarityⁱ · p, seed i)|. NoisePattern's `seed` knob is not used.
 */
export function turbulenceNoise3(x: number, y: number, z: number, lacunarity: number, gain: number, octaves: number): number {
  x = fround(x);
  y = fround(y);
  z = fround(z);
  lacunarity = fround(lacunarity);
  gain = fround(gain);
  let frequency = 1;
  let amplitude = 1;
  let sum = 0;
  for (let i = 0; i < octaves; i++) {
    SX[0] = x * frequency;
    SY[0] = y * frequency;
    SZ[0] = z * frequency;
    sample(i, 255, 255, 255);
    const r = fround(SO[0] * amplitude);
    sum = fround(sum + Math.abs(r));
    frequency = fround(frequency * lacunarity);
    amplitude = fround(amplitude * gain);
  }
  return sum;
}
