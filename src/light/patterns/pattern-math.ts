// Small pieces of float32 math that LX 1.2.1's stock patterns share: LXUtils helpers in Java
// `float`, and the parameterized rotation matrix (LXParameterizedMatrix) that Gradient, Noise and
// Planes use to turn the model about its normalized center.
//
// Every function takes and returns float32 values (as JavaScript numbers) and rounds each float
// operation with Math.fround, in Java's evaluation order.
//
// Hot-path note: Footlight runs its TypeScript through tsx, where a call to an imported binding
// costs a module getter per call. Per-point code therefore keeps `Math.fround` in a module-local
// const (each pattern file declares its own `f`) and calls helpers that are local or methods.

import { toRadians } from '../model/float32.js';
import { type Mat4, identity, rotateX, rotateY, rotateZ, translate } from '../model/matrix.js';

const f = Math.fround;

/** LXUtils.lerpf: v1 + (v2 − v1)·amt, in float. */
export function lerpf(v1: number, v2: number, amt: number): number {
  return f(v1 + f(f(v2 - v1) * amt));
}

/** LXUtils.clampf / constrainf. */
export function clampf(v: number, min: number, max: number): number {
  return v < min ? min : v > max ? max : v;
}

/** Java's float `a % b` (sign of the dividend). The remainder of two floats is exact, so one rounding suffices. */
export function fmodf(a: number, b: number): number {
  return f(a % b);
}

/** LXUtils.distf(x1, y1, x2, y2): (float) sqrt of float squares. */
export function distf2(x1: number, y1: number, x2: number, y2: number): number {
  const dx = f(x2 - x1);
  const dy = f(y2 - y1);
  return f(Math.sqrt(f(f(dx * dx) + f(dy * dy))));
}

/** LXUtils.distf(x1, y1, z1, x2, y2, z2): (float) sqrt of float squares. */
export function distf3(x1: number, y1: number, z1: number, x2: number, y2: number, z2: number): number {
  const dx = f(x2 - x1);
  const dy = f(y2 - y1);
  const dz = f(z2 - z1);
  return f(Math.sqrt(f(f(f(dx * dx) + f(dy * dy)) + f(dz * dz))));
}

/** LXUtils.wrapdistf: the shorter distance between v1 and v2 on a circle of length `modulus`. */
export function wrapdistf(v1: number, v2: number, modulus: number): number {
  if (v1 < v2) {
    const a = f(v2 - v1);
    const b = f(f(v1 + modulus) - v2);
    return a < b ? a : b;
  }
  const a = f(v1 - v2);
  const b = f(f(v2 + modulus) - v1);
  return a < b ? a : b;
}

/** Whether `m` is the identity with +0 translations (so its float transform is `identityX`'s shortcut). */
function isExactIdentity(m: Mat4): boolean {
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) if (m[row * 4 + col] !== (row === col ? 1 : 0)) return false; // ±0 both pass
    if (!Object.is(m[row * 4 + 3], 0)) return false;
  }
  return true;
}

/**
 * LX's rotation of normalized coordinates about the model center (0.5, 0.5, 0.5), rebuilt only
 * when one of the three angles changes (LXParameterizedMatrix): translate(.5) · rotateZ(−roll) ·
 * rotateX(−pitch) · rotateY(−yaw) · translate(−.5), angles in degrees read as doubles and turned
 * into float radians. A point is then mapped with `x/y/z(xn, yn, zn)`, float32 left to right.
 */
export class RotationMatrix {
  readonly m: Mat4 = identity();
  /**
   * True when the built matrix is exactly the identity (every angle 0): x, y and z then equal
   * `identityX` with the point's coordinates rotated into (own, other, other) order.
   */
  isIdentity = false;
  private yaw = Number.NaN;
  private pitch = Number.NaN;
  private roll = Number.NaN;

  /** Rebuilds the matrix when any angle (effective value, degrees) differs from the last build. */
  update(yaw: number, pitch: number, roll: number): void {
    if (yaw === this.yaw && pitch === this.pitch && roll === this.roll) return;
    this.yaw = yaw;
    this.pitch = pitch;
    this.roll = roll;
    const m = this.m;
    m.fill(0);
    m[0] = m[5] = m[10] = m[15] = 1;
    translate(m, 0.5, 0.5, 0.5);
    rotateZ(m, f(toRadians(-roll)));
    rotateX(m, f(toRadians(-pitch)));
    rotateY(m, f(toRadians(-yaw)));
    translate(m, -0.5, -0.5, -0.5);
    this.isIdentity = isExactIdentity(m);
  }

  /**
   * x(xn, yn, zn) of an identity matrix without the float chain: 1·xn plus ±0 terms plus a +0
   * translation is xn with −0 turned to +0, or NaN when yn or zn is not finite (0·∞). Adding
   * yn − yn and zn − zn (+0 when finite, NaN otherwise) gives exactly that.
   */
  static identityX(xn: number, yn: number, zn: number): number {
    return xn + (yn - yn) + (zn - zn);
  }

  /** m11·x + m12·y + m13·z + m14, float32 left to right (LXMatrix.xn). */
  x(xn: number, yn: number, zn: number): number {
    const m = this.m;
    return f(f(f(f(m[0] * xn) + f(m[1] * yn)) + f(m[2] * zn)) + m[3]);
  }

  y(xn: number, yn: number, zn: number): number {
    const m = this.m;
    return f(f(f(f(m[4] * xn) + f(m[5] * yn)) + f(m[6] * zn)) + m[7]);
  }

  z(xn: number, yn: number, zn: number): number {
    const m = this.m;
    return f(f(f(f(m[8] * xn) + f(m[9] * yn)) + f(m[10] * zn)) + m[11]);
  }
}
