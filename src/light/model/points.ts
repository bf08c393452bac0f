// Per-point geometry as typed arrays, and LX's bounds and normalization math over them.
//
// Layout decision: structure of arrays, one Float32Array per field. A renderer reads one or two
// fields per point in its hot loop (`xn[i]`, `yn[i]`), so each field is one contiguous run of
// float32, with no objects per point. Position k in a PointSet is either the model's point k
// (then `index[k] === k`) or the k-th point of a view (then `index[k]` is the global point
// index a renderer writes `colors[index[k]]` to, and the coordinates are the view's own).
import { TWO_PI, distf3, f, lxRound2f } from '../math/float32.js';
import { type Mat4, transformX, transformY, transformZ } from './matrix.js';
import { isShared, pointFloat32, pointInt32, sharing } from '../parallel/shared-arrays.js';

export class PointSet {
  readonly size: number;
  /** Global point index (position in the color buffer). */
  readonly index: Int32Array;
  /** Absolute position. */
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly z: Float32Array;
  /** Distance from the origin, in 3D, in the XY plane and in the XZ plane. */
  readonly r: Float32Array;
  readonly rxy: Float32Array;
  readonly rxz: Float32Array;
  /** atan2(y, x) in [0, 2π). */
  readonly theta: Float32Array;
  /** atan2(x, z) in [0, 2π): 0 is +Z, π/2 is +X. */
  readonly azimuth: Float32Array;
  /** atan2(y, rxz): 0 is flat, π/2 is +Y. */
  readonly elevation: Float32Array;
  /** Position normalized to the normalization bounds; 0.5 on a dimension of zero range. */
  readonly xn: Float32Array;
  readonly yn: Float32Array;
  readonly zn: Float32Array;
  /** r / rMax of the normalized model (0 when rMax is 0). */
  readonly rn: Float32Array;
  /** Distance from the bounds' center, absolute, and divided by its maximum (0.5 if all 0). */
  readonly rc: Float32Array;
  readonly rcn: Float32Array;
  /** Facing direction from the fixture transform. */
  readonly xnormal: Float32Array;
  readonly ynormal: Float32Array;
  readonly znormal: Float32Array;

  /**
   * `size` points on buffers with room for `capacity`; with `reuse`, on that set's buffers (which
   * must hold `size` points: see `canHold`), so its contents up to `size` carry over and the old
   * set must no longer be read.
   */
  constructor(size: number, capacity = size, reuse?: PointSet) {
    this.size = size;
    const f32 = (old: Float32Array | undefined): Float32Array =>
      old === undefined ? pointFloat32(size, capacity) : new Float32Array(old.buffer, old.byteOffset, size);
    this.index = reuse === undefined ? pointInt32(size, capacity) : new Int32Array(reuse.index.buffer, reuse.index.byteOffset, size);
    this.x = f32(reuse?.x);
    this.y = f32(reuse?.y);
    this.z = f32(reuse?.z);
    this.r = f32(reuse?.r);
    this.rxy = f32(reuse?.rxy);
    this.rxz = f32(reuse?.rxz);
    this.theta = f32(reuse?.theta);
    this.azimuth = f32(reuse?.azimuth);
    this.elevation = f32(reuse?.elevation);
    this.xn = f32(reuse?.xn);
    this.yn = f32(reuse?.yn);
    this.zn = f32(reuse?.zn);
    this.rn = f32(reuse?.rn);
    this.rc = f32(reuse?.rc);
    this.rcn = f32(reuse?.rcn);
    this.xnormal = f32(reuse?.xnormal);
    this.ynormal = f32(reuse?.ynormal);
    this.znormal = f32(reuse?.znormal);
  }

  /** How many points this set's buffers have room for. */
  get capacity(): number {
    return (this.x.buffer.byteLength - this.x.byteOffset) / Float32Array.BYTES_PER_ELEMENT;
  }

  /** Whether a set of `size` points may take over these buffers: room enough, shared as a new one would be. */
  canHold(size: number): boolean {
    return size <= this.capacity && isShared(this.x) === size >= sharing.minLength;
  }

  /** Sets position k and its origin-relative polar values, as `LXPoint.set(x, y, z)` does. */
  setPosition(k: number, x: number, y: number, z: number): void {
    this.x[k] = x;
    this.y[k] = y;
    this.z[k] = z;
    this.r[k] = distf3(x, y, z);
    this.rxy[k] = f(Math.sqrt(f(f(x * x) + f(y * y))));
    const rxz = f(Math.sqrt(f(f(x * x) + f(z * z))));
    this.rxz[k] = rxz;
    this.theta[k] = f((TWO_PI + Math.atan2(y, x)) % TWO_PI);
    this.azimuth[k] = f((TWO_PI + Math.atan2(x, z)) % TWO_PI);
    this.elevation[k] = f(Math.atan2(y, rxz));
  }

  /** Copies every field of `from`'s position j into position k (a view's cloned point). */
  copyPoint(k: number, from: PointSet, j: number): void {
    this.index[k] = from.index[j];
    this.x[k] = from.x[j];
    this.y[k] = from.y[j];
    this.z[k] = from.z[j];
    this.r[k] = from.r[j];
    this.rxy[k] = from.rxy[j];
    this.rxz[k] = from.rxz[j];
    this.theta[k] = from.theta[j];
    this.azimuth[k] = from.azimuth[j];
    this.elevation[k] = from.elevation[j];
    this.xn[k] = from.xn[j];
    this.yn[k] = from.yn[j];
    this.zn[k] = from.zn[j];
    this.rn[k] = from.rn[j];
    this.rc[k] = from.rc[j];
    this.rcn[k] = from.rcn[j];
    this.xnormal[k] = from.xnormal[j];
    this.ynormal[k] = from.ynormal[j];
    this.znormal[k] = from.znormal[j];
  }
}

/** Bounds and averages of a set of points, as LXModel computes them (all float32). */
export interface GeometryBounds extends NormalizationBounds {
  readonly size: number;
  /** Average position. */
  readonly ax: number;
  readonly ay: number;
  readonly az: number;
  /** Radius from the origin. */
  readonly rMin: number;
  readonly rMax: number;
  readonly rRange: number;
  /** Azimuth and elevation of the center about the origin. */
  readonly azimuth: number;
  readonly elevation: number;
}

/** The space points are normalized against: a model's own bounds or a manual box. */
export interface NormalizationBounds {
  readonly xMin: number;
  readonly xMax: number;
  readonly xRange: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly yRange: number;
  readonly zMin: number;
  readonly zMax: number;
  readonly zRange: number;
  /** Center: halfway between the extremes. */
  readonly cx: number;
  readonly cy: number;
  readonly cz: number;
}

/** Radius-from-center statistics, set when a model or view normalizes its points. */
export interface CenterRadius {
  readonly rcMin: number;
  readonly rcMax: number;
  readonly rcRange: number;
}

/** Running extremes of x, y, z positions; the first position seeds them. */
class Extent {
  private xMin = 0;
  private xMax = 0;
  private yMin = 0;
  private yMax = 0;
  private zMin = 0;
  private zMax = 0;

  include(first: boolean, x: number, y: number, z: number): void {
    if (first) {
      this.xMin = this.xMax = x;
      this.yMin = this.yMax = y;
      this.zMin = this.zMax = z;
      return;
    }
    if (x < this.xMin) this.xMin = x;
    if (x > this.xMax) this.xMax = x;
    if (y < this.yMin) this.yMin = y;
    if (y > this.yMax) this.yMax = y;
    if (z < this.zMin) this.zMin = z;
    if (z > this.zMax) this.zMax = z;
  }

  /** The extremes, their float32 ranges and the center halfway between them. */
  bounds(): NormalizationBounds {
    const { xMin, xMax, yMin, yMax, zMin, zMax } = this;
    const xRange = f(xMax - xMin),
      yRange = f(yMax - yMin),
      zRange = f(zMax - zMin);
    return {
      xMin,
      xMax,
      xRange,
      yMin,
      yMax,
      yRange,
      zMin,
      zMax,
      zRange,
      cx: f(xMin + f(0.5 * xRange)),
      cy: f(yMin + f(0.5 * yRange)),
      cz: f(zMin + f(0.5 * zRange)),
    };
  }
}

/**
 * Computes bounds (LXModel.recomputeGeometry) over `count` positions of a point set: the
 * positions listed in `ks`, or else `offset` .. offset+count-1.
 */
export function computeBounds(set: PointSet, ks: ArrayLike<number> | undefined, count: number, offset = 0): GeometryBounds {
  let ax = 0,
    ay = 0,
    az = 0;
  const box = new Extent();
  let rMin = 0,
    rMax = 0;
  for (let i = 0; i < count; i++) {
    const k = ks === undefined ? offset + i : ks[i];
    const x = set.x[k],
      y = set.y[k],
      z = set.z[k],
      r = set.r[k];
    ax = f(ax + x);
    ay = f(ay + y);
    az = f(az + z);
    box.include(i === 0, x, y, z);
    if (i === 0) {
      rMin = rMax = r;
    } else {
      if (r < rMin) rMin = r;
      if (r > rMax) rMax = r;
    }
  }
  const n = Math.max(1, count);
  const space = box.bounds();
  const { cx, cy, cz } = space;
  return {
    size: count,
    ...space,
    ax: f(ax / n),
    ay: f(ay / n),
    az: f(az / n),
    rMin,
    rMax,
    rRange: f(rMax - rMin),
    azimuth: f((TWO_PI + Math.atan2(cx, cz)) % TWO_PI),
    elevation: f(Math.atan2(cy, Math.sqrt(f(f(cx * cx) + f(cz * cz))))),
  };
}

/** A manual normalization box from its center and size (LXStructure MANUAL mode). */
export function manualBounds(cx: number, cy: number, cz: number, width: number, height: number, depth: number): NormalizationBounds {
  const x = f(cx),
    y = f(cy),
    z = f(cz),
    w = f(width),
    h = f(height),
    d = f(depth);
  return {
    cx: x,
    cy: y,
    cz: z,
    xRange: w,
    yRange: h,
    zRange: d,
    xMin: f(x - f(0.5 * w)),
    xMax: f(x + f(0.5 * w)),
    yMin: f(y - f(0.5 * h)),
    yMax: f(y + f(0.5 * h)),
    zMin: f(z - f(0.5 * d)),
    zMax: f(z + f(0.5 * d)),
  };
}

/**
 * Normalizes positions start..start+count-1 of `set` in place (LXModel.normalizePoints): xn/yn/zn against
 * `bounds`, rn against `rMax`, rc from the bounds' center and rcn against the largest rc.
 * With `orientation`, each position is first taken into that frame and rounded to two
 * decimals (LX's GROUP view orientation).
 */
export function normalizePoints(
  set: PointSet,
  start: number,
  count: number,
  bounds: NormalizationBounds,
  rMax: number,
  orientation?: Readonly<Mat4>,
): CenterRadius {
  const end = start + count;
  for (let k = start; k < end; k++) {
    let px = set.x[k],
      py = set.y[k],
      pz = set.z[k];
    if (orientation !== undefined) {
      const x = px,
        y = py,
        z = pz;
      px = lxRound2f(transformX(orientation, x, y, z));
      py = lxRound2f(transformY(orientation, x, y, z));
      pz = lxRound2f(transformZ(orientation, x, y, z));
    }
    set.xn[k] = bounds.xRange === 0 ? 0.5 : f(f(px - bounds.xMin) / bounds.xRange);
    set.yn[k] = bounds.yRange === 0 ? 0.5 : f(f(py - bounds.yMin) / bounds.yRange);
    set.zn[k] = bounds.zRange === 0 ? 0.5 : f(f(pz - bounds.zMin) / bounds.zRange);
    set.rn[k] = rMax === 0 ? 0 : f(distf3(px, py, pz) / rMax);
    set.rc[k] = distf3(f(bounds.cx - px), f(bounds.cy - py), f(bounds.cz - pz));
  }
  let rcMin = 0,
    rcMax = 0;
  for (let k = start; k < end; k++) {
    const rc = set.rc[k];
    if (k === start) {
      rcMin = rcMax = rc;
    } else {
      if (rc < rcMin) rcMin = rc;
      if (rc > rcMax) rcMax = rc;
    }
  }
  for (let k = start; k < end; k++) set.rcn[k] = rcMax === 0 ? 0.5 : f(set.rc[k] / rcMax);
  return { rcMin, rcMax, rcRange: f(rcMax - rcMin) };
}

/** Bounds of oriented, two-decimal positions (for GROUP orientation), as normalization bounds. */
export function orientedBounds(set: PointSet, start: number, count: number, orientation: Readonly<Mat4>): NormalizationBounds {
  const box = new Extent();
  for (let k = start; k < start + count; k++) {
    const x = set.x[k],
      y = set.y[k],
      z = set.z[k];
    const px = lxRound2f(transformX(orientation, x, y, z));
    const py = lxRound2f(transformY(orientation, x, y, z));
    box.include(k === start, px, py, lxRound2f(transformZ(orientation, x, y, z)));
  }
  return box.bounds();
}
