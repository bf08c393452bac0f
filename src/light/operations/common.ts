// Shared plumbing of the light domain operations: run one command through the history and read
// the result back, check 0-based indices, and find the light root of any component.

import type { Command } from '../../engine/commands/command.js';
import type { HistoryEntry, Origin } from '../../engine/commands/history.js';
import type { Component } from '../../engine/component.js';
import type { Engine } from '../../engine/engine.js';
import { invalidArgument } from '../../engine/errors.js';
import { describe } from '../../engine/parameters/bounded.js';
import { ViewSelectorParameter } from '../structure/view-selector.js';

/**
 * Performs `command` as one undo step (or one step of the running batch), then runs `verify`,
 * which reads the engine back and throws `internal` when it disagrees. On any failure after the
 * perform, the step is rolled back and the history is left as it was.
 */
export function performVerified<T>(engine: Engine, command: Command, origin: Origin, verify: () => T): T {
  const entry: HistoryEntry = engine.history.perform(command, origin);
  try {
    return verify();
  } catch (err) {
    engine.history.rollback(entry);
    throw err;
  }
}

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

/**
 * Re-reads the view list into every view selector of a subtree that just joined the show
 * (a selector built while detached only knows "Default"). Keeps each selector's view.
 */
export function refreshViewSelectors(c: Component): void {
  for (const d of c.descendants()) for (const p of d.parameters.values()) if (p instanceof ViewSelectorParameter) p.refresh();
}

/** "1 channel", "2 channels" ("2 saved swatches" with the plural given). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
