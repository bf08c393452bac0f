// Colour and intensity of a stage fixture from one sampled pixel (docs/fixtures.md, "Colour from
// the frame"): which slots of a mode take part (the plan, worked out once per mode) and the
// values they get for an ARGB colour and the output level. Pure: no engine state.
import type { ModeLayout } from '../patch.js';
import type { Capability } from '../profiles/profile.js';

/** How far (Euclidean, RGB each 0–1, both normalised to their brightest) a wheel slot may be from the sample and still be picked. */
const WHEEL_THRESHOLD = 0.5;

interface WheelSlot {
  readonly rgb: readonly [number, number, number];
  /** The DMX value sent at the slot's resolution: the range's middle on the coarse byte. */
  readonly value: number;
}

interface Wheel {
  readonly slot: number;
  readonly slots: readonly WheelSlot[];
  /** The open (white) slot's value, or undefined when the wheel names none. */
  readonly open: number | undefined;
}

/** The slots of a mode that colour and intensity drive, by slot index. */
interface ColorPlan {
  readonly intensity: readonly number[];
  readonly red: readonly number[];
  readonly green: readonly number[];
  readonly blue: readonly number[];
  readonly white: readonly number[];
  readonly cyan: readonly number[];
  readonly magenta: readonly number[];
  readonly yellow: readonly number[];
  readonly wheels: readonly Wheel[];
  /** Shutter slots and the value that opens each (undefined: the profile names no open range). */
  readonly shutters: readonly { readonly slot: number; readonly open: number }[];
  readonly max: readonly number[];
}

/** The middle of a capability's range on the coarse byte, at a slot of `bytes` bytes. */
const middle = (c: Capability, bytes: number): number => Math.floor((c.from + c.to) / 2) * 256 ** (bytes - 1);

function hexRgb(hex: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (m === null) return undefined;
  return [Number.parseInt(m[1], 16), Number.parseInt(m[2], 16), Number.parseInt(m[3], 16)];
}

/** An RGB triple divided by its brightest channel (black stays black). */
function normalised(r: number, g: number, b: number): [number, number, number] {
  const m = Math.max(r, g, b);
  return m === 0 ? [0, 0, 0] : [r / m, g / m, b / m];
}

/** Which slots of `layout` (those whose channel `take` accepts; default all) take colour, intensity, a wheel slot or an open shutter. */
function colorPlan(layout: ModeLayout, take: (channel: string) => boolean = () => true): ColorPlan {
  const of = (attribute: string) => layout.slots.flatMap((s, i) => (s.attribute === attribute && take(s.channel) ? [i] : []));
  const wheels: Wheel[] = [];
  const shutters: { slot: number; open: number }[] = [];
  layout.slots.forEach((s, i) => {
    if (!take(s.channel)) return;
    const bytes = s.offsets.length;
    if (s.attribute === 'color-wheel') {
      const slots: WheelSlot[] = [];
      let open: number | undefined;
      for (const c of s.capabilities) {
        // Only whole slots: a split slot or a scroll (two colours) is between colours.
        if (c.kind !== 'color' || c.colors?.length !== 1) continue;
        const rgb = hexRgb(c.colors[0]);
        if (rgb === undefined) continue;
        const n = normalised(...rgb);
        slots.push({ rgb: n, value: middle(c, bytes) });
        if (open === undefined && rgb[0] === 255 && rgb[1] === 255 && rgb[2] === 255) open = middle(c, bytes);
      }
      if (slots.length > 0) wheels.push({ slot: i, slots, open });
    }
    if (s.attribute === 'shutter') {
      const c = s.capabilities.find((k) => k.kind === 'shutter-open');
      if (c !== undefined) shutters.push({ slot: i, open: middle(c, bytes) });
    }
  });
  return {
    intensity: of('intensity'),
    red: of('red'),
    green: of('green'),
    blue: of('blue'),
    white: of('white'),
    cyan: of('cyan'),
    magenta: of('magenta'),
    yellow: of('yellow'),
    wheels,
    shutters,
    max: layout.slots.map((s) => s.max),
  };
}

/** A mode's colour plans: one per cell (its head's channels) and the whole fixture's (the channels in no head: all of them for one cell). */
export interface CellPlan {
  /** One plan per cell, in head order; empty for a one-cell fixture. */
  readonly cells: readonly ColorPlan[];
  readonly whole: ColorPlan;
}

/** The plans of a mode: per head when it has two or more, else the whole fixture as one cell. */
export function cellPlan(layout: ModeLayout): CellPlan {
  const heads = layout.mode.heads ?? [];
  if (heads.length < 2) return { cells: [], whole: colorPlan(layout) };
  const inHead = new Set(heads.flat());
  return { cells: heads.map((h) => colorPlan(layout, (c) => h.includes(c))), whole: colorPlan(layout, (c) => !inHead.has(c)) };
}

/** How many cells a mode has (its heads; one without). */
export const cellCount = (layout: ModeLayout): number => Math.max(1, layout.mode.heads?.length ?? 0);

/**
 * Drives a multi-cell fixture from one ARGB per cell (docs/fixtures.md, "Several cells"): each
 * cell's slots from its own colour; the whole fixture's slots (a master dimmer, a shared wheel)
 * from the brightest cell (ties: the first). When a driven master dimmer carries the brightness
 * and a cell has no dimmer of its own, that cell's colour is divided by the brightest cell's, so
 * master × cell gives each cell its own brightness.
 */
export function driveCells(plan: CellPlan, argbs: readonly number[], level: number, drive: ColorDrive, out: Float64Array): void {
  if (!drive.color && !drive.intensity) return;
  let brightest = 0;
  let top = -1;
  argbs.forEach((c, i) => {
    const m = Math.max((c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff);
    if (m > top) {
      top = m;
      brightest = i;
    }
  });
  driveColor(plan.whole, argbs[brightest], level, drive, out);
  const master = drive.intensity && plan.whole.intensity.length > 0;
  plan.cells.forEach((cell, i) => {
    const c = argbs[i];
    if (!master || cell.intensity.length > 0) return driveColor(cell, c, level, drive, out);
    const k = top === 0 ? 0 : 1 / top;
    driveRgb(cell, ((c >>> 16) & 0xff) * k, ((c >>> 8) & 0xff) * k, (c & 0xff) * k, 1, drive, out);
  });
}

/** The wheel value nearest `rgb` (normalised), ties to the lower DMX value; the open slot when none is within the threshold or the sample is black. */
function wheelValue(wheel: Wheel, rgb: readonly [number, number, number]): number | undefined {
  if (rgb[0] === 0 && rgb[1] === 0 && rgb[2] === 0) return wheel.open;
  let best: WheelSlot | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of wheel.slots) {
    const d = Math.hypot(s.rgb[0] - rgb[0], s.rgb[1] - rgb[1], s.rgb[2] - rgb[2]);
    if (d < bestDistance || (d === bestDistance && best !== undefined && s.value < best.value)) {
      best = s;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= WHEEL_THRESHOLD ? best.value : wheel.open;
}

interface ColorDrive {
  /** Drive the colour slots (RGB, white, CMY, wheel). */
  readonly color: boolean;
  /** Drive the intensity slots. */
  readonly intensity: boolean;
}

/**
 * Sets `out[slot]` for the slots the plan drives, from one ARGB colour at output level `level`
 * (0–1). With a driven intensity channel the fixture's brightness (the brightest of r, g, b, times
 * the level) goes to the dimmer and the colour is normalised to full; without one the colour
 * channels carry the brightness. White = min(r, g, b) taken out of r, g, b (alone: the brightest);
 * CMY = full − colour.
 */
function driveColor(plan: ColorPlan, argb: number, level: number, drive: ColorDrive, out: Float64Array): void {
  driveRgb(plan, ((argb >>> 16) & 0xff) / 255, ((argb >>> 8) & 0xff) / 255, (argb & 0xff) / 255, level, drive, out);
}

/** driveColor from r, g, b each 0–1. */
function driveRgb(plan: ColorPlan, r: number, g: number, b: number, level: number, drive: ColorDrive, out: Float64Array): void {
  if (!drive.color && !drive.intensity) return;
  const lv = level < 0 ? 0 : level > 1 ? 1 : level;
  const brightness = Math.max(r, g, b) * lv;
  const dimmed = drive.intensity && plan.intensity.length > 0;
  const set = (slots: readonly number[], v: number) => {
    for (const i of slots) out[i] = Math.round(v * plan.max[i]);
  };
  if (drive.intensity) set(plan.intensity, brightness);
  if (drive.color) {
    const n = normalised(r, g, b);
    const base = dimmed ? n : [r * lv, g * lv, b * lv];
    let [cr, cg, cb] = base;
    const rgb = plan.red.length + plan.green.length + plan.blue.length > 0;
    if (plan.white.length > 0) {
      // With RGB beside it, white takes the part all three share; alone, it shows the brightness.
      const w = rgb ? Math.min(cr, cg, cb) : Math.max(cr, cg, cb);
      set(plan.white, w);
      cr -= w;
      cg -= w;
      cb -= w;
    }
    set(plan.red, cr);
    set(plan.green, cg);
    set(plan.blue, cb);
    set(plan.cyan, 1 - base[0]);
    set(plan.magenta, 1 - base[1]);
    set(plan.yellow, 1 - base[2]);
    for (const w of plan.wheels) {
      const v = wheelValue(w, n);
      if (v !== undefined) out[w.slot] = v;
    }
  }
  for (const s of plan.shutters) out[s.slot] = s.open;
}
