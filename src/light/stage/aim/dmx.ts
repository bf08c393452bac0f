// Degrees of a pan or tilt axis as DMX values and back. Convention: DMX 0 is −range/2, the top
// value (255 or 65535) is +range/2, so 0° sits at the centre (127.5 / 32767.5, between two steps).
// Degrees to DMX rounds to the nearest step, halves up; an inverted axis (a profile that turns
// the other way) counts down from the top value.
import { invalidArgument } from '../../../engine/errors.js';

export type DmxBits = 8 | 16;

function top(bits: DmxBits): number {
  if (bits !== 8 && bits !== 16) throw invalidArgument(`bits must be 8 or 16, got ${String(bits)}`);
  return bits === 8 ? 255 : 65535;
}

/** The DMX value (0…255 or 0…65535) for `degrees` on an axis of `range` degrees. Throws invalid_argument outside ±range/2. */
export function degreesToDmx(degrees: number, range: number, bits: DmxBits, invert = false): number {
  const max = top(bits);
  if (!(range > 0) || !Number.isFinite(range)) throw invalidArgument(`range must be a positive number of degrees, got ${range}`);
  if (!Number.isFinite(degrees) || Math.abs(degrees) > range / 2 + 1e-9) throw invalidArgument(`${degrees}° is outside the axis' travel of ±${range / 2}°`);
  const value = Math.min(max, Math.max(0, Math.floor(((degrees + range / 2) / range) * max + 0.5)));
  return invert ? max - value : value;
}

/** The degrees a DMX value stands for on an axis of `range` degrees (the inverse of degreesToDmx, exact on whole steps). */
export function dmxToDegrees(value: number, range: number, bits: DmxBits, invert = false): number {
  const max = top(bits);
  if (!(range > 0) || !Number.isFinite(range)) throw invalidArgument(`range must be a positive number of degrees, got ${range}`);
  if (!Number.isInteger(value) || value < 0 || value > max) throw invalidArgument(`a ${bits}-bit DMX value is a whole number 0…${max}, got ${value}`);
  const v = invert ? max - value : value;
  return (v / max) * range - range / 2;
}

/** A 16-bit value as its two channels: coarse (the high byte) and fine (the low byte). */
export function splitCoarseFine(value: number): { readonly coarse: number; readonly fine: number } {
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw invalidArgument(`a 16-bit DMX value is a whole number 0…65535, got ${value}`);
  return { coarse: value >> 8, fine: value & 0xff };
}

/** The 16-bit value of a coarse and a fine byte. */
export function joinCoarseFine(coarse: number, fine: number): number {
  for (const [name, b] of [
    ['coarse', coarse],
    ['fine', fine],
  ] as const)
    if (!Number.isInteger(b) || b < 0 || b > 255) throw invalidArgument(`${name} must be a DMX byte 0…255, got ${b}`);
  return coarse * 256 + fine;
}
