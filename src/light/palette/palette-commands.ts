import type { Command } from '../../engine/commands/command.js';
import type { Graph } from '../../engine/graph.js';
import type { LoadContext, LxObject } from '../component/lxp-types.js';
import type { DynamicColor } from './dynamic-color.js';
import type { Palette } from './palette.js';
import type { Swatch } from './swatch.js';

const CONTEXT: LoadContext = {
  ids: new Map(),
  defer: (fn) => fn(),
  warn: () => undefined,
  registry: { byClassName: () => undefined } as unknown as LoadContext['registry'],
};

/** Saves the live swatch as a new saved swatch (LX's SaveSwatch); undo removes it. */
export class SaveSwatch implements Command {
  readonly label = 'Save Swatch';
  constructor(
    private readonly paletteId: number,
    private readonly swatch: Swatch,
    private readonly index: number,
  ) {}

  perform(g: Graph): void {
    (g.require(this.paletteId) as Palette).attachSwatch(this.swatch, this.index);
  }

  undo(g: Graph): void {
    (g.require(this.paletteId) as Palette).detachSwatch(this.swatch);
  }
}

/** Removes a saved swatch; undo puts it back at its index. */
export class RemoveSwatch implements Command {
  readonly label: string;
  private swatch: Swatch | null = null;
  private index = -1;
  private cursorBefore = -1;
  constructor(
    private readonly paletteId: number,
    private readonly swatchId: number,
    label: string,
  ) {
    this.label = `Remove ${label}`;
  }

  perform(g: Graph): void {
    const palette = g.require(this.paletteId) as Palette;
    this.swatch = g.require(this.swatchId) as Swatch;
    this.cursorBefore = palette.autoCycleCursor.getValue();
    this.index = palette.detachSwatch(this.swatch);
  }

  undo(g: Graph): void {
    const palette = g.require(this.paletteId) as Palette;
    palette.attachSwatch(this.swatch as Swatch, this.index);
    palette.autoCycleCursor.setValue(this.cursorBefore);
  }
}

/**
 * Makes a saved swatch live (LX's SetSwatch), with the palette's transition if on. Undo puts
 * the live swatch back exactly as it was (colors, modes, ids) and drops a running transition.
 */
export class RecallSwatch implements Command {
  readonly label: string;
  private before: LxObject | null = null;
  private beforeColors: DynamicColor[] = [];
  private afterColors: DynamicColor[] | null = null;
  private cursorBefore = -1;
  constructor(
    private readonly paletteId: number,
    private readonly swatchId: number,
    label: string,
  ) {
    this.label = `Recall ${label}`;
  }

  perform(g: Graph): void {
    const palette = g.require(this.paletteId) as Palette;
    this.before = palette.swatch.save();
    this.beforeColors = [...palette.swatch.colors.items];
    this.cursorBefore = palette.autoCycleCursor.getValue();
    // Redo: the colors the first recall made come back as the same objects (same ids).
    if (this.afterColors !== null) setColors(palette.swatch, this.afterColors);
    palette.setSwatch(g.require(this.swatchId) as Swatch);
    this.afterColors = [...palette.swatch.colors.items];
  }

  undo(g: Graph): void {
    const palette = g.require(this.paletteId) as Palette;
    palette.cancelTransition();
    const live = palette.swatch;
    // Put back the original color objects (ids), then their saved values.
    setColors(live, this.beforeColors);
    live.load({ ...(this.before as LxObject), colors: (this.before as LxObject).colors }, CONTEXT);
    palette.autoCycleCursor.setValue(this.cursorBefore);
  }
}

function setColors(swatch: Swatch, colors: readonly DynamicColor[]): void {
  for (const c of [...swatch.colors.items]) if (!colors.includes(c)) swatch.colors.remove(c);
  colors.forEach((c, i) => {
    if (swatch.colors.indexOf(c) < 0) swatch.colors.insert(c, Math.min(i, swatch.colors.length));
    else if (swatch.colors.indexOf(c) !== i) swatch.colors.move(c, i);
  });
}

/** Adds a color to the live swatch (a copy of the last one); undo removes it. */
export class AddSwatchColor implements Command {
  readonly label = 'Add Color';
  private color: DynamicColor | null = null;
  constructor(private readonly swatchId: number) {}

  perform(g: Graph): void {
    const swatch = g.require(this.swatchId) as Swatch;
    if (this.color === null) this.color = swatch.addColor();
    else swatch.colors.insert(this.color);
  }

  undo(g: Graph): void {
    (g.require(this.swatchId) as Swatch).colors.remove(this.color as DynamicColor);
  }
}

/** Removes the last color of a swatch; undo puts it back. */
export class RemoveSwatchColor implements Command {
  readonly label = 'Remove Color';
  private color: DynamicColor | null = null;
  constructor(private readonly swatchId: number) {}

  perform(g: Graph): void {
    this.color = (g.require(this.swatchId) as Swatch).removeColor();
  }

  undo(g: Graph): void {
    (g.require(this.swatchId) as Swatch).colors.insert(this.color as DynamicColor);
  }
}
