// Shared plumbing of the light domain operations: check 0-based indices and find the light root
// of any component. (Perform → verify → roll back is the kernel's History.performVerified.)

import type { Component } from '../../engine/component.js';
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

/** The top of the tree a component hangs in (the light root `/lx` for anything in the show). */
export function rootOf(c: Component): Component {
  let r = c;
  while (r.parent !== null) r = r.parent;
  return r;
}

/** "1 channel", "2 channels" ("2 saved swatches" with the plural given). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
