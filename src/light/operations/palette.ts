// The color palette: save, recall (undoable, unlike firing a swatch's recall), remove and move
// saved swatches; add and remove colors of a swatch. Built on the palette's commands; each
// operation is one step, validated first and read back after.

import type { Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Graph } from '../../engine/graph.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { LightShow } from '../show/light-show.js';
import { AddSwatchColor, RecallSwatch, RemoveSwatch, RemoveSwatchColor, SaveSwatch } from '../palette/palette-commands.js';
import type { Palette } from '../palette/palette.js';
import { MAX_SWATCH_COLORS, Swatch } from '../palette/swatch.js';
import { checkIndex, plural } from './common.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

/** A saved swatch (`/lx/palette/swatches/N`). */
function savedSwatch(show: LightShow, target: ComponentTarget): Swatch {
  const c = targets.component(show.lx, target, 'swatch');
  if (c instanceof Swatch && c.parent === show.lx.palette && c.key === 'swatches') return c;
  if (c instanceof Swatch) throw invalidArgument(`${c.path} is the live swatch; this needs a saved swatch (/lx/palette/swatches/N)`);
  throw invalidArgument(`${c.path} is not a saved swatch; saved swatches are /lx/palette/swatches/N (get_palette)`);
}

/** The live swatch or a saved one; default the live one. */
function anySwatch(show: LightShow, target: ComponentTarget | undefined): Swatch {
  if (target === undefined) return show.lx.palette.swatch;
  const c = targets.component(show.lx, target, 'swatch');
  if (c instanceof Swatch) return c;
  throw invalidArgument(`${c.path} is not a swatch; use /lx/palette/swatch (the live one) or /lx/palette/swatches/N`);
}

/** Moves a saved swatch; the auto-cycle cursor keeps pointing at the swatch it pointed at. */
class MoveSwatch implements Command {
  readonly label: string;
  private from = -1;
  constructor(
    private readonly paletteId: number,
    private readonly swatchId: number,
    private readonly to: number,
    label: string,
  ) {
    this.label = `Move ${label}`;
  }

  private moveTo(g: Graph, index: number): number {
    const palette = g.require(this.paletteId) as Palette;
    const s = g.require(this.swatchId) as Swatch;
    const cursor = palette.autoCycleCursor.getValue();
    const current = cursor >= 0 ? palette.swatches.at(cursor) : undefined;
    const from = s.index;
    palette.swatches.move(s, index);
    if (current !== undefined) palette.autoCycleCursor.setValue(current.index);
    return from;
  }

  perform(g: Graph): void {
    this.from = this.moveTo(g, this.to);
  }

  undo(g: Graph): void {
    this.moveTo(g, this.from);
  }
}

/** Saves the live swatch as a new saved swatch (default label Swatch-N, default at the end). Undoable. */
export function saveSwatch(show: LightShow, options: { label?: string; index?: number }, origin: Origin): Swatch {
  const palette = show.lx.palette;
  const n = palette.swatches.length;
  const index = options.index === undefined ? n : checkIndex(options.index, n, `the palette has ${plural(n, 'saved swatch', 'saved swatches')}`);
  const swatch = palette.newSwatchFromLive();
  if (options.label !== undefined) swatch.label.setString(options.label);
  return show.engine.history.performVerified(new SaveSwatch(palette.id, swatch, index), origin, () => {
    if (palette.swatches.at(index) !== swatch || swatch.size !== palette.swatch.size)
      throw internal(`${palette.path}: the saved swatch is not at index ${index}; the change was rolled back`);
    return swatch;
  });
}

/**
 * Makes a saved swatch the live one, with the palette's transition when that is on. Undo puts
 * the live colors back exactly (LX's recall trigger cannot be undone). Undoable.
 */
export function setSwatch(show: LightShow, target: ComponentTarget, origin: Origin): { swatch: Swatch; transitioning: boolean } {
  const palette = show.lx.palette;
  const s = savedSwatch(show, target);
  return show.engine.history.performVerified(new RecallSwatch(palette.id, s.id, s.label.getString()), origin, () => {
    if (palette.autoCycleCursor.getValue() !== s.index && !palette.transitioning)
      throw internal(`${palette.path}: ${s.path} is not the recalled swatch; the change was rolled back`);
    return { swatch: s, transitioning: palette.transitioning };
  });
}

/** Removes a saved swatch (later ones move up a path slot). Undoable. */
export function removeSwatch(show: LightShow, target: ComponentTarget, origin: Origin): { path: string; id: number; pathChanges: PathChange[] } {
  const palette = show.lx.palette;
  const s = savedSwatch(show, target);
  const path = s.path;
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new RemoveSwatch(palette.id, s.id, s.label.getString()), origin, () => {
    if (s.graph !== null) throw internal(`${path} is still saved after removing it; the change was rolled back`);
    return { path, id: s.id, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Moves a saved swatch to a 0-based position (auto-cycle order). Undoable. */
export function moveSwatch(show: LightShow, target: ComponentTarget, index: number, origin: Origin): { swatch: Swatch; pathChanges: PathChange[] } {
  const palette = show.lx.palette;
  const s = savedSwatch(show, target);
  const n = palette.swatches.length;
  checkIndex(index, n - 1, `the palette has ${plural(n, 'saved swatch', 'saved swatches')}`);
  if (index === s.index) return { swatch: s, pathChanges: [] };
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new MoveSwatch(palette.id, s.id, index, s.label.getString()), origin, () => {
    if (s.index !== index) throw internal(`${s.path} is not at index ${index} after the move; the change was rolled back`);
    return { swatch: s, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Adds a color to a swatch (default the live one), a copy of its last color. Undoable. */
export function addColor(show: LightShow, swatch: ComponentTarget | undefined, origin: Origin): Swatch {
  const s = anySwatch(show, swatch);
  const n = s.size;
  if (n >= MAX_SWATCH_COLORS) throw invalidArgument(`${s.path} already has ${MAX_SWATCH_COLORS} colors, the most a swatch holds`);
  return show.engine.history.performVerified(new AddSwatchColor(s.id), origin, () => {
    if (s.size !== n + 1) throw internal(`${s.path}: the color was not added; the change was rolled back`);
    return s;
  });
}

/** Removes the last color of a swatch (default the live one); a swatch keeps at least one. Undoable. */
export function removeColor(show: LightShow, swatch: ComponentTarget | undefined, origin: Origin): { swatch: Swatch; removed: string; id: number } {
  const s = anySwatch(show, swatch);
  const n = s.size;
  if (n <= 1) throw invalidArgument(`${s.path} has one color; a swatch keeps at least one`);
  const last = s.colors.items[n - 1];
  const path = last.path;
  return show.engine.history.performVerified(new RemoveSwatchColor(s.id), origin, () => {
    if (s.size !== n - 1 || last.graph !== null) throw internal(`${s.path}: the color was not removed; the change was rolled back`);
    return { swatch: s, removed: path, id: last.id };
  });
}
