// Shared plumbing of the light domain operations: check 0-based indices and find the light root
// of any component. (Perform → verify → roll back is the kernel's History.performVerified.)

import { invalidArgument } from '../../engine/errors.js';
import { describe } from '../../engine/parameters/bounded.js';

/**
 * Checks a 0-based index argument against `0..max` inclusive. `what` names the list for the
 * message, e.g. "/lx/mixer/channel has 3 channels".
 */
export function checkIndex(value: unknown, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw invalidArgument(`index takes an integer in 0–${max} (${what}); got ${describe(value)}`);
  }
  return value;
}

/** "1 channel", "2 channels" ("2 saved swatches" with the plural given). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
