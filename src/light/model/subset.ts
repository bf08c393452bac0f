// The render subset: the points a frame must compute exactly (a render node's slice of the rig).
// Each point set a device renders (the model, or a view's points) has a restricted twin holding
// only its points inside the subset, every per-point value copied (the view's own normalization,
// not a renormalization), so a device that colors each point from that point alone computes the
// same numbers on the twin as on the whole set. The mixer says, bus by bus, whether the subset
// applies (`applySubset`); devices reach the twin through `inSubset` when they resolve their view.
import { pointInt32 } from '../parallel/shared-arrays.js';
import { PointSet } from './points.js';

/** A sorted set of point indices of one model, and the restricted twins of the point sets rendered over it. */
export class RenderSubset {
  /** The model's points in the subset, ascending. */
  readonly index: Int32Array;
  /**
   * The subset as runs of consecutive points, [start, end) pairs, when it has at most MAX_RUNS of
   * them (a node's slice of whole fixtures): blends then run over plain ranges. Else null.
   */
  readonly runs: Int32Array | null;
  /** 1 for a point in the subset, by global point index. */
  private readonly member: Uint8Array;
  private twins = new WeakMap<PointSet, PointSet>();

  /** `index`: strictly ascending point indices, each below `modelSize` (checked: a RangeError says which is not). */
  constructor(index: Int32Array, modelSize: number) {
    for (let k = 0; k < index.length; k++) {
      const p = index[k];
      if (!Number.isInteger(p) || p < 0 || p >= modelSize) throw new RangeError(`subset point ${p} (position ${k}) is not a point of a model of ${modelSize}`);
      if (k > 0 && p <= index[k - 1]) throw new RangeError(`subset points must be strictly ascending: ${index[k - 1]} then ${p} at position ${k}`);
    }
    this.index = index;
    this.runs = runsOf(index);
    this.member = new Uint8Array(modelSize);
    for (let k = 0; k < index.length; k++) this.member[index[k]] = 1;
  }

  /** The points of `points` inside the subset, in `points`' order, made once per set. */
  restrict(points: PointSet): PointSet {
    let twin = this.twins.get(points);
    if (twin !== undefined) return twin;
    const member = this.member;
    const from = points.index;
    let n = 0;
    for (let k = 0; k < points.size; k++) if (member[from[k]] === 1) n++;
    twin = new PointSet(n);
    const positions = pointInt32(n);
    let at = 0;
    for (let k = 0; k < points.size; k++) {
      if (member[from[k]] !== 1) continue;
      positions[at] = k;
      twin.copyPoint(at++, points, k);
    }
    positionsOf.set(twin, positions);
    this.twins.set(points, twin);
    this.twins.set(twin, twin);
    return twin;
  }
}

/** Runs beyond which a subset's blends go point by point through its index instead. */
const MAX_RUNS = 32;

function runsOf(index: Int32Array): Int32Array | null {
  const runs: number[] = [];
  for (let k = 0; k < index.length; k++) {
    if (k > 0 && index[k] === index[k - 1] + 1) runs[runs.length - 1]++;
    else {
      if (runs.length === 2 * MAX_RUNS) return null;
      runs.push(index[k], index[k] + 1);
    }
  }
  return Int32Array.from(runs);
}

/** Each twin's points' positions in the set it was restricted from. */
const positionsOf = new WeakMap<PointSet, Int32Array>();

/**
 * Where each point of `points` sits in the set a subset restricted it from (ascending), or null
 * when `points` is no restricted twin: for devices whose colors follow a point's position in
 * its view (Chase's chunks, Alternating's stripes), which use it in place of the point's place.
 */
export function subsetPositions(points: PointSet): Int32Array | null {
  return positionsOf.get(points) ?? null;
}

let active: RenderSubset | null = null;

/** `points` restricted to the subset that applies to the device rendering now, or `points` when none does. */
export function inSubset(points: PointSet): PointSet {
  return active === null ? points : active.restrict(points);
}

/**
 * Makes `subset` apply to every view resolved from now on (null: the whole sets). The mixer sets
 * it bus by bus during a frame and clears it before returning, also when a device throws.
 */
export function applySubset(subset: RenderSubset | null): void {
  active = subset;
}

/** The point indices of `fixtures` (each a start and a count of points), merged, sorted and without repeats. */
export function subsetOfRanges(ranges: readonly { readonly start: number; readonly count: number }[]): Int32Array {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: number[] = [];
  for (const r of sorted) {
    const from = Math.max(r.start, out.length > 0 ? out[out.length - 1] + 1 : 0);
    for (let p = from; p < r.start + r.count; p++) out.push(p);
  }
  return Int32Array.from(out);
}
