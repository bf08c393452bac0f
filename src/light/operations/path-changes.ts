// Which canonical paths a structural change moved. Operations take a picture of the show's
// addressable components before the change and compare it with the show after it.

import type { Component } from '../../engine/component.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import { kindOf } from '../show/search.js';

/** One component whose canonical path changed: its id (stable) and its path before and after. */
export interface PathChange {
  readonly id: number;
  readonly before: string;
  readonly after: string;
}

/** Members of these lists are addressed by position too: saved swatches and their colors, snapshots. */
const POSITIONAL_LISTS = new Set(['swatches', 'color', 'snapshot']);

/**
 * True for what agents address by path: channels, groups, patterns, effects, modulators,
 * fixtures, views, modulations, saved swatches, swatch colors and snapshots.
 */
function tracked(c: Component): boolean {
  if (kindOf(c) !== undefined) return true;
  if (c.parent instanceof ModulationEngine) return c.key === 'modulation' || c.key === 'trigger';
  return c.index >= 0 && POSITIONAL_LISTS.has(c.key);
}

/** The paths of every addressable component under `root`, by id. */
export function pathPicture(root: Component): Map<number, string> {
  const out = new Map<number, string>();
  for (const c of root.descendants()) if (tracked(c)) out.set(c.id, c.path);
  return out;
}

/**
 * The components present both before and after whose path differs, in show order. Removed and
 * new components are not listed (operations report those separately).
 */
export function pathChanges(before: ReadonlyMap<number, string>, root: Component): PathChange[] {
  const out: PathChange[] = [];
  for (const c of root.descendants()) {
    if (!tracked(c)) continue;
    const was = before.get(c.id);
    if (was !== undefined && was !== c.path) out.push({ id: c.id, before: was, after: c.path });
  }
  return out;
}

/** Runs one structural operation and says which paths it moved (for operations that add at an index). */
export function withPathChanges<T>(root: Component, operation: () => T): { readonly result: T; readonly pathChanges: PathChange[] } {
  const before = pathPicture(root);
  const result = operation();
  return { result, pathChanges: pathChanges(before, root) };
}
