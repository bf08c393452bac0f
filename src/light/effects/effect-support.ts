// Pieces several stock effects share: LX's per-pixel blend choosers, the color "source" functions
// of Colorize and Transparify, LXUtils float helpers, and read-only access to the palette and the
// tempo clock. Everything here is allocation-free and safe to call per point.

import type { EnumOption } from '../../engine/parameters/enum.js';
import { add, difference, highlight, lerp, lightest, multiply, screen, spotlight, subtract } from '../color/blend-kernel.js';
import { b as brightnessOf, hsb, luminosity } from '../color/lx-color.js';
import type { LightContext } from '../device.js';

const fr = Math.fround;

/** An LX per-pixel blend function: (dst, src, alpha mask 0..256) → ARGB. */
export type BlendFunction = (dst: number, src: number, alpha: number) => number;

export interface BlendChoice extends EnumOption {
  readonly name: string;
  readonly blend: BlendFunction;
}

/** ColorMaskEffect.Mode / GradientMaskEffect `mode`, in LX's ordinal order. */
export const MASK_MODES: readonly BlendChoice[] = Object.freeze([
  { label: 'Multiply', name: 'MULTIPLY', blend: multiply },
  { label: 'Add', name: 'ADD', blend: add },
  { label: 'Subtract', name: 'SUBTRACT', blend: subtract },
  { label: 'Difference', name: 'DIFFERENCE', blend: difference },
  { label: 'Spotlight', name: 'SPOTLIGHT', blend: spotlight },
  { label: 'Highlight', name: 'HIGHLIGHT', blend: highlight },
  { label: 'Lerp', name: 'LERP', blend: lerp },
]);

/** BlurEffect.Mode, in LX's ordinal order. */
export const BLUR_MODES: readonly BlendChoice[] = Object.freeze([
  { label: 'Mix', name: 'MIX', blend: lerp },
  { label: 'Add', name: 'ADD', blend: add },
  { label: 'Screen', name: 'SCREEN', blend: screen },
  { label: 'Multiply', name: 'MULTIPLY', blend: multiply },
  { label: 'Lightest', name: 'LIGHTEST', blend: lightest },
]);

/** FreezeEffect.Mode, in LX's ordinal order (Replace is special-cased by the effect while engaged). */
export const FREEZE_MODES: readonly BlendChoice[] = Object.freeze([
  { label: 'Replace', name: 'REPLACE', blend: lerp },
  { label: 'Multiply', name: 'MULTIPLY', blend: multiply },
  { label: 'Add', name: 'ADD', blend: add },
  { label: 'Spotlight', name: 'SPOTLIGHT', blend: spotlight },
  { label: 'Highlight', name: 'HIGHLIGHT', blend: highlight },
  { label: 'Subtract', name: 'SUBTRACT', blend: subtract },
  { label: 'Difference', name: 'DIFFERENCE', blend: difference },
]);

/** SparkleEffect `maskMode`, in LX's ordinal order ("Mask" multiplies). */
export const SPARKLE_MASK_MODES: readonly BlendChoice[] = Object.freeze([
  { label: 'Mask', name: 'MASK', blend: multiply },
  { label: 'Add', name: 'ADD', blend: add },
  { label: 'Spotlight', name: 'SPOTLIGHT', blend: spotlight },
  { label: 'Highlight', name: 'HIGHLIGHT', blend: highlight },
  { label: 'Subtract', name: 'SUBTRACT', blend: subtract },
  { label: 'Difference', name: 'DIFFERENCE', blend: difference },
  { label: 'Lerp', name: 'LERP', blend: lerp },
]);

/** Enum choices (label + constant name) of a blend chooser. */
export function choicesOf(modes: readonly BlendChoice[]): readonly EnumOption[] {
  return modes.map((m) => ({ label: m.label, name: m.name }));
}

// ---- ColorizeEffect.SourceMode (also TransparifyEffect `source`) ---------------------------------

/** ColorizeEffect.SourceMode in LX's ordinal order. */
export const SOURCE_MODES: readonly EnumOption[] = Object.freeze([
  { label: 'Brightness', name: 'BRIGHTNESS' },
  { label: 'Luminosity', name: 'LUMINOSITY' },
  { label: 'Red', name: 'RED' },
  { label: 'Green', name: 'GREEN' },
  { label: 'Blue', name: 'BLUE' },
  { label: 'Min', name: 'MIN' },
  { label: 'Average', name: 'AVERAGE' },
  { label: 'Alpha', name: 'ALPHA' },
]);

const PERCENT_F = fr(0.01); // .01f
const INV_255 = fr(1 / 255); // 1 / 255f
const AVG_FACTOR = fr(1 / 765); // 1 / (3 * 255f)

/**
 * The source value (float, 0..1) of `argb` for a SourceMode ordinal: brightness or luminosity
 * ×.01f, one channel ×(1/255f), the smallest channel, the channel average, or the alpha.
 */
export function sourceValue(mode: number, argb: number): number {
  switch (mode) {
    case 0: return fr(brightnessOf(argb) * PERCENT_F);
    case 1: return fr(luminosity(argb) * PERCENT_F);
    case 2: return fr(INV_255 * ((argb >>> 16) & 0xff));
    case 3: return fr(INV_255 * ((argb >>> 8) & 0xff));
    case 4: return fr(INV_255 * (argb & 0xff));
    case 5: {
      const r = (argb >>> 16) & 0xff;
      const g = (argb >>> 8) & 0xff;
      const bl = argb & 0xff;
      const rg = r < g ? r : g;
      return fr(INV_255 * (bl < rg ? bl : rg));
    }
    case 6: return fr(AVG_FACTOR * (((argb >>> 16) & 0xff) + ((argb >>> 8) & 0xff) + (argb & 0xff)));
    default: return fr(INV_255 * (argb >>> 24));
  }
}

// ---- LXUtils (float and double helpers as LX spells them) ----------------------------------------

/** LXUtils.lerpf: float32 a + (b − a)·t. */
export function lerpf(a: number, b: number, t: number): number {
  const x = fr(a);
  return fr(x + fr(fr(fr(b) - x) * fr(t)));
}

/** LXUtils.lerp (double). */
export function lerpd(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** LXUtils.clampf / constrainf on float32 values. */
export function clampf(v: number, min: number, max: number): number {
  return v < min ? min : v > max ? max : v;
}

/** LXUtils.lerpi(int, int, float): Math.round(a + (b − a)·t) in float32 (ties up, NaN → 0). */
export function lerpi(a: number, b: number, t: number): number {
  const x = fr(a + fr((b - a) * fr(t)));
  return x !== x ? 0 : Math.round(x); // Java's Math.round(float): ties up, NaN → 0
}

// ---- palette (LXPalette / LXSwatch / LXDynamicColor, read-only) ----------------------------------

/** What effects read from one swatch color: its ARGB now and its hue (valid even when black). */
export interface SwatchColorReader {
  getColor(): number;
  getHue(): number;
}

/** The palette calls effects make; the engine's palette provides them. */
export interface PaletteReader {
  /** The live swatch color at a 0-based index, clamped to the last color. */
  getSwatchColor(index: number): SwatchColorReader;
  /** How many colors the live swatch holds (1–5). */
  readonly swatchSize: number;
}

/** LX's default swatch: one fixed red color. Used while an effect is not attached to an engine. */
const DEFAULT_SWATCH_COLOR: SwatchColorReader = {
  getColor: () => hsb(0, 100, 100),
  getHue: () => 0,
};

const DEFAULT_PALETTE: PaletteReader = {
  getSwatchColor: () => DEFAULT_SWATCH_COLOR,
  swatchSize: 1,
};

function isPaletteReader(p: unknown): p is PaletteReader {
  return typeof p === 'object' && p !== null && typeof (p as { getSwatchColor?: unknown }).getSwatchColor === 'function';
}

/** The engine's palette, or LX's default one-red swatch when detached. */
export function paletteOf(ctx: LightContext | undefined): PaletteReader {
  const p: unknown = ctx?.palette;
  return isPaletteReader(p) ? p : DEFAULT_PALETTE;
}

// ---- tempo (Tempo.Division, read-only) -----------------------------------------------------------

export interface TempoDivision extends EnumOption {
  readonly name: string;
  /** How many of this division fit in one beat. */
  readonly multiplier: number;
}

/** Tempo.Division in LX's ordinal order (not duration order: the file format stores ordinals). */
export const TEMPO_DIVISIONS: readonly TempoDivision[] = Object.freeze([
  { label: '1/16', name: 'SIXTEENTH', multiplier: 4 },
  { label: '1/8T', name: 'EIGHTH_TRIPLET', multiplier: 3 },
  { label: '1/8', name: 'EIGHTH', multiplier: 2 },
  { label: '3/16', name: 'EIGHTH_DOT', multiplier: 4 / 3 },
  { label: '1/4', name: 'QUARTER', multiplier: 1 },
  { label: '1/4T', name: 'QUARTER_TRIPLET', multiplier: 3 / 2 },
  { label: '1/2T', name: 'HALF_TRIPLET', multiplier: 3 / 4 },
  { label: '3/8', name: 'QUARTER_DOT', multiplier: 2 / 3 },
  { label: '1/2', name: 'HALF', multiplier: 1 / 2 },
  { label: '3/4', name: 'HALF_DOT', multiplier: 1 / 3 },
  { label: '1', name: 'WHOLE', multiplier: 1 / 4 },
  { label: '3/2', name: 'WHOLE_DOT', multiplier: 1 / 6 },
  { label: '2', name: 'DOUBLE', multiplier: 1 / 8 },
  { label: '4', name: 'FOUR', multiplier: 1 / 16 },
  { label: '8', name: 'EIGHT', multiplier: 1 / 32 },
  { label: '16', name: 'SIXTEEN', multiplier: 1 / 64 },
]);

/** The tempo call a synced effect makes: the basis (0 ≤ b < 1) of a division, by ordinal. */
export interface TempoReader {
  getBasis(division: number): number;
}

/** The tempo's basis for a division ordinal, or 0 when detached or the engine has no tempo clock yet. */
export function tempoBasis(ctx: LightContext | undefined, division: number): number {
  const t: unknown = ctx?.tempo;
  if (typeof t === 'object' && t !== null && typeof (t as { getBasis?: unknown }).getBasis === 'function') {
    return (t as TempoReader).getBasis(division);
  }
  return 0;
}
