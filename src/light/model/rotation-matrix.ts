// LX's parameterized rotation matrix (LXParameterizedMatrix): the model turned about its
// normalized center by yaw, pitch and roll, shared by every device with a Rotate switch
// (Gradient pattern and Gradient Mask, Noise, Planes, Linear Mask).
import { toRadians } from '../math/float32.js';
import { type Mat4, identity, rotateX, rotateY, rotateZ, translate } from './matrix.js';

const f = Math.fround;

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

  /** Writes the three rows (m11…m34, 12 numbers) into `out` from `at`, for a point job. */
  writeRows(out: Float64Array, at: number): void {
    for (let k = 0; k < 12; k++) out[at + k] = this.m[k];
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
