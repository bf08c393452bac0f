// A 4×4 float32 transform matrix with LX's exact arithmetic.
//
// Layout: row-major, `m[0..3]` is LX's m11..m14, `m[4..7]` m21..m24 and so on; a point's
// position is the last column (m14, m24, m34). Every operation post-multiplies (`this = this ×
// op`), rounds each product and each partial sum to float32 in LX's order. Angles are radians
// as given (a double for fixture yaw/pitch/roll, a float where LX computed one); sines and
// cosines go through LX's 8-decimal rounding (`LXUtils.sinf/cosf` of the double angle), which
// is why a 90° rotation has exact zeros in it.
import { f, lxCosf, lxSinf } from '../math/float32.js';

export type Mat4 = Float32Array;

export function identity(): Mat4 {
  const m = new Float32Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

export function copyMatrix(m: Readonly<Mat4>): Mat4 {
  return new Float32Array(m);
}

const _b = new Float32Array(16);

/** `m = m × b`, where b is given by its 16 entries in row-major order. */
function multiplyBy(m: Mat4, b: Float32Array): Mat4 {
  const a11 = m[0],
    a12 = m[1],
    a13 = m[2],
    a14 = m[3];
  const a21 = m[4],
    a22 = m[5],
    a23 = m[6],
    a24 = m[7];
  const a31 = m[8],
    a32 = m[9],
    a33 = m[10],
    a34 = m[11];
  const a41 = m[12],
    a42 = m[13],
    a43 = m[14],
    a44 = m[15];
  for (let j = 0; j < 4; j++) {
    const b1 = b[j],
      b2 = b[4 + j],
      b3 = b[8 + j],
      b4 = b[12 + j];
    m[j] = f(f(f(f(a11 * b1) + f(a12 * b2)) + f(a13 * b3)) + f(a14 * b4));
    m[4 + j] = f(f(f(f(a21 * b1) + f(a22 * b2)) + f(a23 * b3)) + f(a24 * b4));
    m[8 + j] = f(f(f(f(a31 * b1) + f(a32 * b2)) + f(a33 * b3)) + f(a34 * b4));
    m[12 + j] = f(f(f(f(a41 * b1) + f(a42 * b2)) + f(a43 * b3)) + f(a44 * b4));
  }
  return m;
}

function load(
  b11: number,
  b12: number,
  b13: number,
  b14: number,
  b21: number,
  b22: number,
  b23: number,
  b24: number,
  b31: number,
  b32: number,
  b33: number,
  b34: number,
): Float32Array {
  _b[0] = b11;
  _b[1] = b12;
  _b[2] = b13;
  _b[3] = b14;
  _b[4] = b21;
  _b[5] = b22;
  _b[6] = b23;
  _b[7] = b24;
  _b[8] = b31;
  _b[9] = b32;
  _b[10] = b33;
  _b[11] = b34;
  _b[12] = 0;
  _b[13] = 0;
  _b[14] = 0;
  _b[15] = 1;
  return _b;
}

/**
 * `m = m × translate(tx, ty, tz)`. The same arithmetic as the full product, written out: in the
 * first three columns every term but one is a product with 0, so the double sums are exact
 * (signed zeros included) and need no rounding; the last column is the rounded dot product.
 */
export function translate(m: Mat4, tx: number, ty: number, tz: number): Mat4 {
  const x = f(tx),
    y = f(ty),
    z = f(tz);
  for (let r = 0; r < 16; r += 4) {
    const a1 = m[r],
      a2 = m[r + 1],
      a3 = m[r + 2],
      a4 = m[r + 3];
    m[r] = a1 * 1 + a2 * 0 + a3 * 0 + a4 * 0;
    m[r + 1] = a1 * 0 + a2 * 1 + a3 * 0 + a4 * 0;
    m[r + 2] = a1 * 0 + a2 * 0 + a3 * 1 + a4 * 0;
    m[r + 3] = f(f(f(f(a1 * x) + f(a2 * y)) + f(a3 * z)) + a4);
  }
  return m;
}

export function scale(m: Mat4, sx: number, sy: number, sz: number): Mat4 {
  return multiplyBy(m, load(f(sx), 0, 0, 0, 0, f(sy), 0, 0, 0, 0, f(sz), 0));
}

/** Rotation about X by an angle in radians. */
export function rotateX(m: Mat4, rx: number): Mat4 {
  const c = lxCosf(rx),
    s = lxSinf(rx);
  return multiplyBy(m, load(1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0));
}

/** Rotation about Y by an angle in radians. */
export function rotateY(m: Mat4, ry: number): Mat4 {
  const c = lxCosf(ry),
    s = lxSinf(ry);
  return multiplyBy(m, load(c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0));
}

/** Rotation about Z by an angle in radians. */
export function rotateZ(m: Mat4, rz: number): Mat4 {
  const c = lxCosf(rz),
    s = lxSinf(rz);
  return multiplyBy(m, load(c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0));
}

/** The transformed x of a point (`m11·x + m12·y + m13·z + m14`, float32, left to right). */
export function transformX(m: Readonly<Mat4>, x: number, y: number, z: number): number {
  return f(f(f(f(m[0] * x) + f(m[1] * y)) + f(m[2] * z)) + m[3]);
}

export function transformY(m: Readonly<Mat4>, x: number, y: number, z: number): number {
  return f(f(f(f(m[4] * x) + f(m[5] * y)) + f(m[6] * z)) + m[7]);
}

export function transformZ(m: Readonly<Mat4>, x: number, y: number, z: number): number {
  return f(f(f(f(m[8] * x) + f(m[9] * y)) + f(m[10] * z)) + m[11]);
}

/**
 * The inverse of an affine transform, or undefined when it is singular. Computed in double
 * from the 3×3 part and the translation, then rounded to float32. LX's own inverse (used only
 * by GROUP view orientation, whose coordinates LX then rounds to two decimals) is not in our
 * golden data, so this is not claimed bit-exact.
 */
export function invertAffine(m: Readonly<Mat4>): Mat4 | undefined {
  const a = m[0],
    b = m[1],
    c = m[2],
    d = m[4],
    e = m[5],
    g = m[6],
    h = m[8],
    i = m[9],
    k = m[10];
  const c11 = e * k - g * i,
    c12 = -(d * k - g * h),
    c13 = d * i - e * h;
  const det = a * c11 + b * c12 + c * c13;
  if (det === 0 || !Number.isFinite(det)) return undefined;
  const inv = 1 / det;
  const r11 = c11 * inv,
    r12 = -(b * k - c * i) * inv,
    r13 = (b * g - c * e) * inv;
  const r21 = c12 * inv,
    r22 = (a * k - c * h) * inv,
    r23 = -(a * g - c * d) * inv;
  const r31 = c13 * inv,
    r32 = -(a * i - b * h) * inv,
    r33 = (a * e - b * d) * inv;
  const tx = m[3],
    ty = m[7],
    tz = m[11];
  const out = new Float32Array(16);
  out[0] = r11;
  out[1] = r12;
  out[2] = r13;
  out[3] = -(r11 * tx + r12 * ty + r13 * tz);
  out[4] = r21;
  out[5] = r22;
  out[6] = r23;
  out[7] = -(r21 * tx + r22 * ty + r23 * tz);
  out[8] = r31;
  out[9] = r32;
  out[10] = r33;
  out[11] = -(r31 * tx + r32 * ty + r33 * tz);
  out[15] = 1;
  return out;
}
