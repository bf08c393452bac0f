// Which model points a stage fixture reads its colour from: per cell, the point nearest the cell
// (ties: the lowest index), or the ones the operator names. Pure.
import type { PointSet } from '../../model/points.js';
import { type Vec3, apply, orientation } from '../aim/vector.js';

/** What a fixture samples: the nearest point, nothing, or explicit model point indices (one per cell). */
export type SampleSetting = 'nearest' | 'off' | readonly number[];

/** The index of the point nearest (x, y, z), the lowest index on a tie; -1 for an empty model. */
export function nearestPoint(points: PointSet, x: number, y: number, z: number): number {
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  const px = points.x;
  const py = points.y;
  const pz = points.z;
  for (let i = 0; i < points.size; i++) {
    const dx = px[i] - x;
    const dy = py[i] - y;
    const dz = pz[i] - z;
    const d = dx * dx + dy * dy + dz * dz;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Millimetres per model unit when laying cells across a fixture's width (model units taken as centimetres). */
const MM_PER_UNIT = 10;
/** A cell's width in model units when the profile gives no width. */
const DEFAULT_CELL_WIDTH = 10;

/**
 * Where `cells` cells sit: evenly along the fixture's own x axis (turned by yaw, pitch, roll as the
 * aim solver turns it), across its width (`widthMm` ÷ 10 model units; without one, 10 units per
 * cell), centred on its position; cell 0 at the −x end.
 */
export function cellPoints(placement: { position: Vec3; yaw: number; pitch: number; roll: number }, widthMm: number | undefined, cells: number): Vec3[] {
  const { position: p, yaw, pitch, roll } = placement;
  const width = widthMm !== undefined && widthMm > 0 ? widthMm / MM_PER_UNIT : DEFAULT_CELL_WIDTH * cells;
  const axis = apply(orientation(yaw, pitch, roll), { x: 1, y: 0, z: 0 });
  return Array.from({ length: cells }, (_, i) => {
    const t = width * ((i + 0.5) / cells - 0.5);
    return { x: p.x + axis.x * t, y: p.y + axis.y * t, z: p.z + axis.z * t };
  });
}
