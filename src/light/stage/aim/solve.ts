// Pan and tilt of a moving head: the beam's direction from them (forward kinematics) and the
// values that aim the beam at a point (inverse kinematics, closed form), with the shortest move.
import { invalidArgument } from '../../../engine/errors.js';
import type { Head } from './head.js';
import { type Vec3, angleBetween, apply, applyTransposed, length, rotX, rotY, sub } from './vector.js';

/** Pan and tilt in degrees, 0/0 being the home direction (the DMX centre of both axes). */
export interface PanTilt {
  readonly pan: number;
  readonly tilt: number;
}

/** An axis' top speed in degrees per second (a profile's 540° pan in 2.5 s is 216°/s). */
export interface AxisSpeeds {
  readonly pan: number;
  readonly tilt: number;
}

export interface AimOptions {
  /** Where the head is now; the chosen solution is the shortest move from it. Default 0/0. */
  readonly current?: PanTilt;
  /** Weighs the move of each axis by its speed (both axes move at once: the slower one sets the time). Default equal. */
  readonly speeds?: AxisSpeeds;
}

export type AimResult =
  | {
      readonly reachable: true;
      readonly pan: number;
      readonly tilt: number;
      /** Every pan/tilt within the ranges that points at the target, ordered by pan then tilt. */
      readonly solutions: readonly PanTilt[];
      /** The angle between the solved beam and the target direction, degrees (rounding only). */
      readonly errorDeg: number;
    }
  | {
      readonly reachable: false;
      readonly reason: string;
      /** The clamped pan/tilt whose beam passes nearest the target: for a caller that chooses to use it. */
      readonly nearest: PanTilt;
      /** How far the nearest beam misses the target direction, degrees. */
      readonly missDeg: number;
    };

const RAD = Math.PI / 180;
/** Slack on the range ends, degrees: a solution this close outside an end is clamped onto it. */
const EDGE = 1e-9;

/** The beam's direction in the model for a pan and tilt in degrees: basis · rotY(pan) · rotX(tilt) · home. */
export function beamDirection(head: Head, pan: number, tilt: number): Vec3 {
  return apply(head.basis, apply(rotY(pan), apply(rotX(tilt), head.home)));
}

/** Every `a + 360k` inside [−range/2, range/2], ascending (snapped onto an end when within EDGE). */
function turns(a: number, range: number): number[] {
  const lo = -range / 2,
    hi = range / 2;
  const out: number[] = [];
  for (let k = Math.ceil((lo - EDGE - a) / 360); a + 360 * k <= hi + EDGE; k++) out.push(Math.min(hi, Math.max(lo, a + 360 * k)));
  return out;
}

function clamp(a: number, range: number): number {
  return Math.min(range / 2, Math.max(-range / 2, a));
}

/** The time-like cost of a move: the slower axis sets it. */
function cost(from: PanTilt, to: PanTilt, speeds: AxisSpeeds | undefined): number {
  return Math.max(Math.abs(to.pan - from.pan) / (speeds?.pan ?? 1), Math.abs(to.tilt - from.tilt) / (speeds?.tilt ?? 1));
}

/** The candidate with the least cost; ties go to the smaller total travel, then to the earlier candidate. */
function shortest(list: readonly PanTilt[], from: PanTilt, speeds: AxisSpeeds | undefined): PanTilt {
  let best = list[0];
  let bestCost = cost(from, best, speeds);
  let bestTravel = Math.abs(best.pan - from.pan) + Math.abs(best.tilt - from.tilt);
  for (const c of list.slice(1)) {
    const k = cost(from, c, speeds);
    const travel = Math.abs(c.pan - from.pan) + Math.abs(c.tilt - from.tilt);
    if (k < bestCost - 1e-12 || (Math.abs(k - bestCost) <= 1e-12 && travel < bestTravel - 1e-12)) {
      best = c;
      bestCost = k;
      bestTravel = travel;
    }
  }
  return best;
}

function checkPanTilt(p: PanTilt, what: string): PanTilt {
  if (!Number.isFinite(p.pan) || !Number.isFinite(p.tilt)) throw invalidArgument(`${what} must hold finite pan and tilt, got ${p.pan}/${p.tilt}`);
  return p;
}

/**
 * Pan/tilt that aim `head` at `target` (model units). Closed form: in the head's frame the target
 * direction d has a height d.y that pan cannot change, so tilt alone must give the beam that
 * height (two tilts, mirrored about the home direction's angle), then pan turns the beam's
 * horizontal part onto d's. Each (pan, tilt) pair is then taken at every whole turn that fits
 * the ranges. A target on the pan axis leaves pan free: it stays where it is.
 * A target out of reach is refused (`reachable: false`) with the reason and the nearest clamped
 * aim; the caller decides whether to use it.
 */
export function solveAim(head: Head, target: Vec3, options: AimOptions = {}): AimResult {
  const current = checkPanTilt(options.current ?? { pan: 0, tilt: 0 }, 'current');
  const toTarget = sub(target, head.position);
  const distance = length(toTarget);
  if (!Number.isFinite(distance)) throw invalidArgument(`target must be a finite point, got (${target.x}, ${target.y}, ${target.z})`);
  if (distance < 1e-9) throw invalidArgument('target is the head position itself: no direction to aim at');
  const d = applyTransposed(head.basis, { x: toTarget.x / distance, y: toTarget.y / distance, z: toTarget.z / distance });
  const h = head.home;
  // Tilt gives the beam the height hy·cos t − hz·sin t = r·cos(t + φ); it must equal d.y.
  const r = Math.hypot(h.y, h.z);
  const phi = Math.atan2(h.z, h.y);
  const ratio = d.y / r;
  const inCone = Math.abs(ratio) <= 1 + 1e-12;
  const a = Math.acos(Math.max(-1, Math.min(1, ratio)));
  const tilts = [(a - phi) / RAD, (-a - phi) / RAD];
  const panFree = Math.hypot(d.x, d.z) < 1e-12;
  const bases: PanTilt[] = tilts.map((tilt) => {
    if (panFree) return { pan: current.pan, tilt };
    const v = apply(rotX(tilt), h);
    return { pan: (Math.atan2(d.x, d.z) - Math.atan2(v.x, v.z)) / RAD, tilt };
  });
  const solutions: PanTilt[] = [];
  if (inCone) {
    for (const b of bases) {
      const pans = panFree ? [clamp(b.pan, head.panRange)] : turns(b.pan, head.panRange);
      for (const pan of pans) for (const tilt of turns(b.tilt, head.tiltRange)) solutions.push({ pan, tilt });
    }
  }
  const unique = solutions
    .sort((p, q) => p.pan - q.pan || p.tilt - q.tilt)
    .filter((s, i, all) => i === 0 || Math.abs(s.pan - all[i - 1].pan) > 1e-9 || Math.abs(s.tilt - all[i - 1].tilt) > 1e-9);
  const dWorld = { x: toTarget.x / distance, y: toTarget.y / distance, z: toTarget.z / distance };
  if (unique.length > 0) {
    const best = shortest(unique, current, options.speeds);
    return { reachable: true, pan: best.pan, tilt: best.tilt, solutions: unique, errorDeg: angleBetween(beamDirection(head, best.pan, best.tilt), dWorld) };
  }
  // Out of reach: every whole-turn variant of the exact pairs, clamped into the ranges; the one whose beam misses least.
  const clamped: PanTilt[] = [];
  for (const b of bases)
    for (let i = -3; i <= 3; i++)
      for (let j = -3; j <= 3; j++) clamped.push({ pan: clamp(b.pan + 360 * i, head.panRange), tilt: clamp(b.tilt + 360 * j, head.tiltRange) });
  let nearest = clamped[0];
  let miss = Number.POSITIVE_INFINITY;
  for (const c of clamped) {
    const m = angleBetween(beamDirection(head, c.pan, c.tilt), dWorld);
    if (m < miss - 1e-9 || (Math.abs(m - miss) <= 1e-9 && cost(current, c, options.speeds) < cost(current, nearest, options.speeds))) {
      nearest = c;
      miss = m;
    }
  }
  const coneEdge = Math.acos(Math.min(1, r)) / RAD;
  const reason = inCone
    ? `no pan/tilt within the ranges (pan ±${head.panRange / 2}°, tilt ±${head.tiltRange / 2}°) points at the target; ` +
      `it needs tilt ${bases[0].tilt.toFixed(1)}° or ${bases[1].tilt.toFixed(1)}°`
    : `the beam cannot point that way: the target is ${(Math.acos(Math.max(-1, Math.min(1, d.y))) / RAD).toFixed(1)}° from the pan axis, ` +
      `the beam reaches ${coneEdge.toFixed(1)}° to ${(180 - coneEdge).toFixed(1)}° from it`;
  return { reachable: false, reason, nearest, missDeg: miss };
}

/**
 * How long a move takes at the heads' top speeds and whether it fits `frames` frames at `fps`.
 * Both axes move at once, so the slower one sets the time; `framesNeeded` rounds up.
 */
export function slewCheck(
  from: PanTilt,
  to: PanTilt,
  frames: number,
  fps: number,
  speeds: AxisSpeeds,
): { readonly tooFast: boolean; readonly seconds: number; readonly framesNeeded: number; readonly panDegPerSec: number; readonly tiltDegPerSec: number } {
  checkPanTilt(from, 'from');
  checkPanTilt(to, 'to');
  if (!(fps > 0) || !Number.isFinite(fps)) throw invalidArgument(`fps must be a positive number, got ${fps}`);
  if (!(frames >= 0) || !Number.isInteger(frames)) throw invalidArgument(`frames must be a whole number of frames ≥ 0, got ${frames}`);
  if (!(speeds.pan > 0) || !(speeds.tilt > 0) || !Number.isFinite(speeds.pan) || !Number.isFinite(speeds.tilt))
    throw invalidArgument(`speeds must be positive degrees per second, got pan ${speeds.pan}, tilt ${speeds.tilt}`);
  const dp = Math.abs(to.pan - from.pan),
    dt = Math.abs(to.tilt - from.tilt);
  const seconds = Math.max(dp / speeds.pan, dt / speeds.tilt);
  // A hair of slack so a move of exactly n frames' travel is not rounded up by float noise.
  const framesNeeded = Math.max(0, Math.ceil(seconds * fps - 1e-9));
  const span = frames / fps;
  return {
    tooFast: framesNeeded > frames,
    seconds,
    framesNeeded,
    panDegPerSec: span > 0 ? dp / span : dp > 0 ? Number.POSITIVE_INFINITY : 0,
    tiltDegPerSec: span > 0 ? dt / span : dt > 0 ? Number.POSITIVE_INFINITY : 0,
  };
}
