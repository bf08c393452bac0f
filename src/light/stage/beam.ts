// What a stage fixture's beam looks like, read from the DMX bytes it sends (issue #30, "Seeing it"):
// where it leaves from, where it points, its colour, how bright and how wide. Pure: whatever
// drives the bytes (parameters, patterns, aiming) shows without knowing about it. docs/fixtures.md.
import { beamDirection, dmxToDegrees, makeHead } from './aim/index.js';
import type { Vec3 } from './aim/index.js';
import { type ModeLayout, capabilityAt } from './patch.js';
import type { FixtureProfile } from './profiles/profile.js';

/** Where a fixture sits: the placement a stage fixture's patch holds (degrees, model units). */
interface BeamPlacement {
  readonly position: Vec3;
  readonly yaw: number;
  readonly pitch: number;
  readonly roll: number;
  readonly home: Vec3;
}

export interface Beam {
  readonly origin: Vec3;
  /** Unit vector in the model. */
  readonly direction: Vec3;
  /** Red, green, blue 0–1: the colour the mixing channels, filters or wheel make (white when the fixture has none). */
  readonly color: readonly [number, number, number];
  /** 0–1: dimmer × shutter (a strobe shows as open). */
  readonly intensity: number;
  /** Full beam angle in degrees. */
  readonly beamAngle: number;
}

/** Travel assumed when a profile with a pan or tilt channel does not say (the commonest moving-head ranges). */
const DEFAULT_PAN = 540;
const DEFAULT_TILT = 270;
/** Beam angle when the profile does not say. */
const DEFAULT_BEAM_ANGLE = 20;

/** What an added emitter adds to red, green and blue (amber, lime, UV… as they look to the eye, roughly). */
const EMITTERS: Partial<Record<string, readonly [number, number, number]>> = {
  red: [1, 0, 0],
  green: [0, 1, 0],
  blue: [0, 0, 1],
  white: [1, 1, 1],
  amber: [1, 0.75, 0],
  lime: [0.75, 1, 0],
  uv: [0.3, 0, 0.6],
  indigo: [0.3, 0, 0.5],
};

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** The value of a slot in the bytes, most significant byte first. */
function slotValue(bytes: Uint8Array, offsets: readonly number[]): number {
  return offsets.reduce((v, o) => v * 256 + (bytes[o] ?? 0), 0);
}

/** A value on 16 bits at most (the top two bytes), as the aim solver's DMX conversion takes it. */
function axisValue(value: number, bytes: number): { value: number; bits: 8 | 16 } {
  if (bytes <= 1) return { value, bits: 8 };
  return { value: Math.floor(value / 256 ** (bytes - 2)), bits: 16 };
}

/**
 * The beam of a fixture whose mode is `layout` sending `bytes` from `placement`.
 * - direction: pan and tilt in degrees (the profile's travel, DMX centre = 0°) through the aim
 *   solver's forward kinematics; the home direction when the mode has neither.
 * - color: the sum of the emitters' shares (red, green, blue, white, amber…), CMY filters taken out
 *   of white, times the colour wheel's slot colour (its first colour); white with none of these.
 *   Each channel is capped at 1.
 * - intensity: the dimmer's share (1 without one) × the shutter (0 in a closed range, else 1).
 * - beamAngle: zoom between the profile's narrowest and widest beam (a range's own degrees when
 *   it gives them); the widest beam, or 20°, without zoom.
 */
export function beamOf(profile: FixtureProfile, layout: ModeLayout, bytes: Uint8Array, placement: BeamPlacement): Beam {
  let pan = 0;
  let tilt = 0;
  let intensity = 1;
  let shutter = 1;
  let mixed: [number, number, number] | undefined;
  let filter: [number, number, number] | undefined;
  let wheel: [number, number, number] | undefined;
  const physicalBeam = profile.physical.beamDegrees;
  let beamAngle = physicalBeam?.[1] ?? DEFAULT_BEAM_ANGLE;
  const panRange = profile.physical.panDegrees ?? DEFAULT_PAN;
  const tiltRange = profile.physical.tiltDegrees ?? DEFAULT_TILT;
  for (const slot of layout.slots) {
    const value = slotValue(bytes, slot.offsets);
    const share = value / slot.max;
    const cap = capabilityAt(slot, value);
    const emitter = EMITTERS[slot.attribute];
    if (emitter !== undefined) {
      mixed ??= [0, 0, 0];
      for (let k = 0; k < 3; k++) mixed[k] += emitter[k] * share;
      continue;
    }
    switch (slot.attribute) {
      case 'pan':
      case 'tilt': {
        const a = axisValue(value, slot.offsets.length);
        const deg = dmxToDegrees(a.value, slot.attribute === 'pan' ? panRange : tiltRange, a.bits);
        if (slot.attribute === 'pan') pan = deg;
        else tilt = deg;
        break;
      }
      case 'intensity':
        intensity = share;
        break;
      case 'shutter':
        if (cap?.kind === 'shutter-closed') shutter = 0;
        break;
      case 'cyan':
      case 'magenta':
      case 'yellow': {
        filter ??= [1, 1, 1];
        filter[slot.attribute === 'cyan' ? 0 : slot.attribute === 'magenta' ? 1 : 2] = 1 - share;
        break;
      }
      case 'color-wheel': {
        const hex = cap?.colors?.[0];
        if (hex !== undefined) wheel = rgbOf(hex);
        break;
      }
      case 'zoom': {
        if (cap?.degrees !== undefined && cap.to > cap.from) {
          const coarse = Math.floor(value / 256 ** (slot.offsets.length - 1));
          const k = (coarse - cap.from) / (cap.to - cap.from);
          beamAngle = cap.degrees[0] + (cap.degrees[1] - cap.degrees[0]) * k;
        } else if (physicalBeam !== undefined) {
          beamAngle = physicalBeam[0] + (physicalBeam[1] - physicalBeam[0]) * share;
        }
        break;
      }
    }
  }
  let color: [number, number, number] = mixed ?? [1, 1, 1];
  if (filter !== undefined) color = [color[0] * filter[0], color[1] * filter[1], color[2] * filter[2]];
  if (wheel !== undefined) color = [color[0] * wheel[0], color[1] * wheel[1], color[2] * wheel[2]];
  return {
    origin: { ...placement.position },
    direction: directionOf(placement, panRange, tiltRange, pan, tilt),
    color: [Math.min(1, color[0]), Math.min(1, color[1]), Math.min(1, color[2])],
    intensity: intensity * shutter,
    beamAngle,
  };
}

/** Forward kinematics; a placement the solver refuses (a home along the tilt axis, or zero) points up, unturned. */
function directionOf(placement: BeamPlacement, panRange: number, tiltRange: number, pan: number, tilt: number): Vec3 {
  try {
    return beamDirection(makeHead({ ...placement, panRange, tiltRange }), pan, tilt);
  } catch {
    return { x: 0, y: 1, z: 0 };
  }
}
