// Pieces several stock effects share: LX's per-pixel blend choosers, the color "source" functions
// of Colorize and Transparify, LXUtils float helpers, and read-only access to the palette and the
// tempo clock. Everything here is allocation-free and safe to call per point.

import type { EnumOption } from '../../../engine/parameters/enum.js';
import { add, difference, highlight, lerp, lightest, multiply, screen, spotlight, subtract } from '../../color/blend-kernel.js';
import { b as brightnessOf, luminosity } from '../../color/lx-color.js';
import type { LightContext } from '../shared/device.js';
import type { SwatchReader } from '../shared/palette-colors.js';
import { DIVISIONS } from '../../tempo/divisions.js';
import type { Tempo } from '../../tempo/tempo.js';

const fr = Math.fround;

/** An LX per-pixel blend function: (dst, src, alpha mask 0..256) → ARGB. */
type BlendFunction = (dst: number, src: number, alpha: number) => number;

interface BlendChoice extends EnumOption {
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
    case 0:
      return fr(brightnessOf(argb) * PERCENT_F);
    case 1:
      return fr(luminosity(argb) * PERCENT_F);
    case 2:
      return fr(INV_255 * ((argb >>> 16) & 0xff));
    case 3:
      return fr(INV_255 * ((argb >>> 8) & 0xff));
    case 4:
      return fr(INV_255 * (argb & 0xff));
    case 5: {
      const r = (argb >>> 16) & 0xff;
      const g = (argb >>> 8) & 0xff;
      const bl = argb & 0xff;
      const rg = r < g ? r : g;
      return fr(INV_255 * (bl < rg ? bl : rg));
    }
    case 6:
      return fr(AVG_FACTOR * (((argb >>> 16) & 0xff) + ((argb >>> 8) & 0xff) + (argb & 0xff)));
    default:
      return fr(INV_255 * (argb >>> 24));
  }
}

// ---- LXUtils (float and double helpers as LX spells them) ----------------------------------------

/** LXUtils.lerpf: float32 a + (b − a)·t. */
export function lerpf(a: number, b: number, t: number): number {
  const x = fr(a);
  return fr(x + fr(fr(fr(b) - x) * fr(t)));
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

// ---- palette (LXPalette's live swatch, read-only) -------------------------------------------------

/**
 * The palette calls effects make, the same ones stock patterns make (devices/shared/palette-colors.ts):
 * per 0-based swatch color, its ARGB now and its hue (valid even when the color is black); an
 * index past the last color reads the last one.
 */
export type PaletteReader = SwatchReader;

/** LX's default swatch: one fixed red color. Used while no palette is reachable. */
const DEFAULT_PALETTE: PaletteReader = {
  swatchSize: () => 1,
  swatchColor: () => 0xffff0000,
  swatchHue: () => 0,
};

/** The engine's palette, or LX's default one-red swatch when detached. */
export function paletteOf(ctx: LightContext | undefined): PaletteReader {
  const p = ctx?.palette as Partial<SwatchReader> | undefined;
  return p !== undefined && typeof p.swatchColor === 'function' ? (p as SwatchReader) : DEFAULT_PALETTE;
}

// ---- tempo (read-only) ---------------------------------------------------------------------------

/** Tempo.Division as enum choices (label + constant name), in LX's ordinal order. */
export const TEMPO_DIVISION_CHOICES: readonly EnumOption[] = DIVISIONS.map((d) => ({ label: d.label, name: d.name }));

/** The tempo's basis (0 ≤ b < 1) for a division ordinal, or 0 while detached. */
export function tempoBasis(ctx: LightContext | undefined, division: number): number {
  const t = ctx?.tempo as Partial<Pick<Tempo, 'getBasis'>> | undefined;
  return t !== undefined && typeof t.getBasis === 'function' ? t.getBasis(DIVISIONS[division]) : 0;
}
