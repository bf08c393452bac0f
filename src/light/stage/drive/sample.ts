// Which model point a stage fixture reads its colour from: the point nearest its position (ties:
// the lowest index), or one the operator names. Pure.
import type { PointSet } from '../../model/points.js';

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
