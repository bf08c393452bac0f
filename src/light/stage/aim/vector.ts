// Vectors and rotations of the aim solver, in double precision. The model's own matrices are
// float32 and bit-exact with LX (src/light/model/matrix.ts); aiming needs no LX parity, only the
// same axes and the same rotation order, so it computes in doubles.
import { invalidArgument } from '../../../engine/errors.js';

/** A point or direction in the model's units: x right, y up, z depth (LX's axes). */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A 3×3 rotation, row-major: `m[0..2]` is the first row. */
export type Mat3 = readonly number[];

const RAD = Math.PI / 180;

export function sub(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x + b.x, y: a.y + b.y, z: a.z + b.z };
}

function scaled(a: Vec3, k: number): Vec3 {
  return { x: a.x * k, y: a.y * k, z: a.z * k };
}

function dot(a: Vec3, b: Vec3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
}

export function length(a: Vec3): number {
  return Math.hypot(a.x, a.y, a.z);
}

/** `a` scaled to length 1; throws invalid_argument for a zero or non-finite vector. */
export function unit(a: Vec3, what: string): Vec3 {
  const n = length(a);
  if (!(n > 1e-12) || !Number.isFinite(n)) throw invalidArgument(`${what} must be a non-zero finite vector, got (${a.x}, ${a.y}, ${a.z})`);
  return scaled(a, 1 / n);
}

/** The angle between two non-zero vectors in degrees, accurate near 0° and 180° (atan2 of |a×b| and a·b). */
export function angleBetween(a: Vec3, b: Vec3): number {
  return Math.atan2(length(cross(a, b)), dot(a, b)) / RAD;
}

/** `m · v`. */
export function apply(m: Mat3, v: Vec3): Vec3 {
  return {
    x: m[0] * v.x + m[1] * v.y + m[2] * v.z,
    y: m[3] * v.x + m[4] * v.y + m[5] * v.z,
    z: m[6] * v.x + m[7] * v.y + m[8] * v.z,
  };
}

/** `mᵀ · v`: for a rotation, the inverse. */
export function applyTransposed(m: Mat3, v: Vec3): Vec3 {
  return {
    x: m[0] * v.x + m[3] * v.y + m[6] * v.z,
    y: m[1] * v.x + m[4] * v.y + m[7] * v.z,
    z: m[2] * v.x + m[5] * v.y + m[8] * v.z,
  };
}

function multiply(a: Mat3, b: Mat3): Mat3 {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c]);
  return out;
}

/** Rotation about +x by `deg` degrees (the model's rotateX: y turns toward z). */
export function rotX(deg: number): Mat3 {
  const c = Math.cos(deg * RAD),
    s = Math.sin(deg * RAD);
  return [1, 0, 0, 0, c, -s, 0, s, c];
}

/** Rotation about +y by `deg` degrees (the model's rotateY: z turns toward x). */
export function rotY(deg: number): Mat3 {
  const c = Math.cos(deg * RAD),
    s = Math.sin(deg * RAD);
  return [c, 0, s, 0, 1, 0, -s, 0, c];
}

function rotZ(deg: number): Mat3 {
  const c = Math.cos(deg * RAD),
    s = Math.sin(deg * RAD);
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}

/**
 * A fixture's orientation as the model builds it (geometryMatrix in src/light/model/fixture.ts):
 * rotateY(yaw) · rotateX(pitch) · rotateZ(roll), degrees. Maps a vector of the fixture's own
 * frame into the model's frame.
 */
export function orientation(yaw: number, pitch: number, roll: number): Mat3 {
  return multiply(multiply(rotY(yaw), rotX(pitch)), rotZ(roll));
}

/** `v` turned by `deg` degrees about the unit `axis` (right-handed, Rodrigues' formula). */
export function rotateAbout(v: Vec3, axis: Vec3, deg: number): Vec3 {
  const c = Math.cos(deg * RAD),
    s = Math.sin(deg * RAD);
  return add(add(scaled(v, c), scaled(cross(axis, v), s)), scaled(axis, dot(axis, v) * (1 - c)));
}
