// The canary region of divergence checks (docs/cluster.md, "Divergence checks"): a few points every
// node renders exactly whatever its slice, so nodes with different slices can still compare a digest.
// It is the first fixture's first CANARY_POINTS points of the current model: a slice's render subset
// adds them (slice.ts), and a whole-rig render holds them anyway.
import type { LightShow } from '../light/show/light-show.js';
import { frameDigest } from './digests.js';

/** Enough points to see a pattern or a fader differ, few enough to cost a slice nothing (docs/cluster.md, Figures). */
const CANARY_POINTS = 64;

/** The canary's points in the current model: the start of the first fixture's range (empty without fixtures). */
export function canaryRange(light: LightShow): { readonly start: number; readonly count: number } {
  const structure = light.structure;
  const first = structure.fixtures.items[0];
  const range = first === undefined ? undefined : structure.pointRanges.get(first);
  return range === undefined ? { start: 0, count: 0 } : { start: range.start, count: Math.min(range.count, CANARY_POINTS) };
}

/** SHA-256 (hex) of the canary's colors in the frame just rendered; undefined when the rig has no canary points. */
export function canaryDigest(light: LightShow): string | undefined {
  const { start, count } = canaryRange(light);
  if (count === 0 || start + count > light.main.length) return undefined;
  return frameDigest(light.main.subarray(start, start + count));
}
