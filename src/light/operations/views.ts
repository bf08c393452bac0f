// View definitions (named model subsets that channels and devices render into): add with a
// checked selector, remove with the LX trap fixed — devices that rendered the view go back to
// Default, and undo points them at the view again.

import type { Origin } from '../../engine/commands/history.js';
import type { Component } from '../../engine/component.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { LightShow } from '../show/light-show.js';
import { SelectorSyntaxError, parseSelector } from '../model/index.js';
import { ViewDefinition } from '../structure/view-definition.js';
import { AddView, RemoveView } from '../structure/view-commands.js';
import { ViewSelectorParameter } from '../structure/view-selector.js';
import { checkIndex, plural } from './common.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

/** Every view selector in the show that points at `view` (the channels and devices rendering it). */
function usersOf(root: Component, view: ViewDefinition): { component: Component; key: string }[] {
  const out: { component: Component; key: string }[] = [];
  for (const c of root.descendants()) {
    for (const p of c.parameters.values()) if (p instanceof ViewSelectorParameter && p.selected === view) out.push({ component: c, key: p.key });
  }
  return out;
}

// ---- operations ---------------------------------------------------------------------------------

/**
 * Checks a selector against the grammar; a syntax error is `invalid_argument` naming the
 * position (0-based character offset) and what was expected there.
 */
function checkSelector(selector: string): void {
  try {
    parseSelector(selector);
  } catch (err) {
    if (err instanceof SelectorSyntaxError) throw invalidArgument(err.message);
    throw err;
  }
}

interface AddViewOptions {
  readonly label: string;
  readonly selector: string;
  readonly normalization?: 'relative' | 'absolute';
  readonly orientation?: 'global' | 'group';
  readonly priority?: boolean;
  readonly index?: number;
}

/** Adds a view definition, its selector checked first. Undoable. */
export function addView(show: LightShow, options: AddViewOptions, origin: Origin): ViewDefinition {
  const engine = show.structure.views;
  const n = engine.views.length;
  const index = options.index === undefined ? n : checkIndex(options.index, n, `the structure has ${plural(n, 'view')}`);
  if (options.selector.trim().length === 0) throw invalidArgument('selector is empty; a view needs tags to select, e.g. "strip" or "panel[0-3]"');
  checkSelector(options.selector);
  if (options.orientation === 'group' && options.normalization === 'absolute')
    throw invalidArgument('orientation "group" only works with normalization "relative"');
  const view = new ViewDefinition(options.label);
  view.selector.setString(options.selector);
  if (options.normalization === 'absolute') view.normalization.setValue(1);
  if (options.orientation === 'group') view.orientation.setValue(1);
  if (options.priority !== undefined) view.priority.setOn(options.priority);
  return show.engine.history.performVerified(new AddView(engine.id, view, index), origin, () => {
    if (engine.views.at(index) !== view || view.selector.getString() !== options.selector)
      throw internal(`${engine.path}: the new view is not at index ${index}; the change was rolled back`);
    return view;
  });
}

interface RemovedView {
  readonly path: string;
  readonly id: number;
  /** Paths of the selectors that rendered the view and now render Default (undo restores them). */
  readonly resetSelectors: readonly string[];
  readonly pathChanges: readonly PathChange[];
}

/**
 * Removes a view definition. Every channel or device selector that rendered it goes back to
 * Default (LX would silently shift it to whatever view lands at its index); undo puts the view
 * back and points them at it again. Undoable.
 */
export function removeView(show: LightShow, target: ComponentTarget, origin: Origin): RemovedView {
  const view = targets.view(show.lx, target);
  const engine = show.structure.views;
  const path = view.path;
  const users = usersOf(show.lx, view);
  const selectorPaths = users.map((u) => u.component.parameters.get(u.key)!.path);
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new RemoveView(engine.id, view.id, () => show.lx, view.label.getString()), origin, () => {
    if (view.graph !== null) throw internal(`${path} is still a view after removing it; the change was rolled back`);
    for (const u of users) {
      const p = u.component.parameters.get(u.key);
      if (!(p instanceof ViewSelectorParameter) || p.selected !== null)
        throw internal(`${p?.path ?? u.key} did not fall back to Default; the change was rolled back`);
    }
    return { path, id: view.id, resetSelectors: selectorPaths, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** For each view, the paths of the selectors rendering it (one pass over the show). */
export function viewUsers(show: LightShow): Map<ViewDefinition, string[]> {
  const out = new Map<ViewDefinition, string[]>();
  for (const c of show.lx.descendants()) {
    for (const p of c.parameters.values()) {
      if (!(p instanceof ViewSelectorParameter)) continue;
      const v = p.selected;
      if (v === null) continue;
      const list = out.get(v);
      if (list === undefined) out.set(v, [p.path]);
      else list.push(p.path);
    }
  }
  return out;
}

/** The model's tags with how many model nodes carry each, most used first. */
export function tagVocabulary(show: LightShow): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  const walk = (n: { tags: readonly string[]; children: readonly unknown[] }): void => {
    for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const c of n.children) walk(c as typeof n);
  };
  walk(show.structure.model.root);
  return [...counts.entries()].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
}
