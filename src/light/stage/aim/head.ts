// A moving head's placement in the model and the ranges of its pan and tilt.
import { invalidArgument } from '../../../engine/errors.js';
import { type Mat3, type Vec3, orientation, unit } from './vector.js';

/**
 * Where a moving head hangs and how it turns.
 * - `position`: the point the beam leaves from (the crossing of the pan and tilt axes), model units.
 * - `yaw`, `pitch`, `roll`: degrees, as the model's fixtures use them (rotateY · rotateX · rotateZ).
 * - In the head's own frame the pan axis is +y (the base's up) and the tilt axis is +x of the yoke
 *   (turned by pan). Pan is a right-handed turn about +y, tilt one about +x.
 * - `home`: the beam's direction at pan 0 / tilt 0 in the head's frame; default +y, the beam out of
 *   the top of the base (a head standing on the floor points up at its DMX centre).
 * - `panRange`, `tiltRange`: the profile's full travel in degrees (540, 270…). Pan spans
 *   −panRange/2…+panRange/2 with DMX 0 at −panRange/2, so pan 0 is the DMX centre; tilt alike.
 */
export interface HeadPlacement {
  readonly position: Vec3;
  readonly yaw?: number;
  readonly pitch?: number;
  readonly roll?: number;
  readonly home?: Vec3;
  readonly panRange: number;
  readonly tiltRange: number;
}

/** A placement checked and prepared: the orientation matrix and the unit home vector. */
export interface Head {
  readonly position: Vec3;
  readonly basis: Mat3;
  readonly home: Vec3;
  readonly panRange: number;
  readonly tiltRange: number;
}

/** The largest travel accepted for an axis: three turns. */
const MAX_RANGE = 1080;

function finite(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidArgument(`${what} must be a finite number, got ${String(value)}`);
  return value;
}

function range(value: number, what: string): number {
  finite(value, what);
  if (!(value > 0 && value <= MAX_RANGE)) throw invalidArgument(`${what} must be above 0 and at most ${MAX_RANGE} degrees, got ${value}`);
  return value;
}

/** Checks a placement; throws invalid_argument naming the field at fault. */
export function makeHead(p: HeadPlacement): Head {
  const position = { x: finite(p.position?.x, 'position.x'), y: finite(p.position?.y, 'position.y'), z: finite(p.position?.z, 'position.z') };
  const basis = orientation(finite(p.yaw ?? 0, 'yaw'), finite(p.pitch ?? 0, 'pitch'), finite(p.roll ?? 0, 'roll'));
  const raw = p.home ?? { x: 0, y: 1, z: 0 };
  const home = unit({ x: finite(raw.x, 'home.x'), y: finite(raw.y, 'home.y'), z: finite(raw.z, 'home.z') }, 'home');
  if (Math.hypot(home.y, home.z) < 1e-6) throw invalidArgument('home must not lie along the tilt axis (+x of the head): tilt could not move the beam');
  return { position, basis, home, panRange: range(p.panRange, 'panRange'), tiltRange: range(p.tiltRange, 'tiltRange') };
}
