// How stock patterns read the palette: LX's active swatch (LXPalette.swatch), whose colors are
// LXDynamicColors. A pattern reads, per 0-based index, the color's current ARGB (`getColor()`)
// and its hue (`getHue()`, valid even when the color is black); saturation and brightness come
// from the ARGB through LXColor.s()/b(), as LX does. An index past the swatch's last color reads
// the last color (LXSwatch.getColor).

import { b as brightnessOf, s as saturationOf } from '../../color/lx-color.js';
import type { ColorStops } from '../../color/gradient.js';
import type { Device } from './device.js';

/** LX's default swatch when no palette is reachable: one red color. */
const DEFAULT_COLOR = 0xffff0000;
const DEFAULT_HUE = 0;

/** The palette interface patterns need (LX's active swatch). */
export interface SwatchReader {
  /** Number of colors in the active swatch (1–5). */
  swatchSize(): number;
  /** Current ARGB of the active swatch's color `index` (0-based; past the end: the last color). */
  swatchColor(index: number): number;
  /** Current hue in degrees of that color (LX's LXDynamicColor.getHue(), a double). */
  swatchHue(index: number): number;
  /**
   * Its saturation as LXDynamicColor.getSaturation() gives it (Fixed and Cycle: the primary's
   * saturation parameter, not the ARGB's). LX's ColorStop.set(color[, hueOffset]) reads this;
   * the overload with saturation/brightness offsets reads LXColor.s() of the ARGB instead.
   */
  swatchSaturation?(index: number): number;
}

function readerOf(device: Device): SwatchReader | undefined {
  const palette = device.context?.palette as Partial<SwatchReader> | undefined;
  return palette !== undefined && typeof palette.swatchColor === 'function' ? (palette as SwatchReader) : undefined;
}

/** The current ARGB of palette color `index` (0-based), as LinkedColorParameter's Palette mode reads it. */
export function paletteColor(device: Device, index: number): number {
  const r = readerOf(device);
  return r === undefined ? DEFAULT_COLOR : r.swatchColor(index);
}

/**
 * GradientPattern's Linked mode: stop 0 is the palette color, stop 1 the same color with hue +
 * `hueOffset` and saturation/brightness + offsets clamped to 0..100 (all float).
 */
export function setLinkedStops(device: Device, stops: ColorStops, index: number, hueOffset: number, saturationOffset: number, brightnessOffset: number): void {
  const r = readerOf(device);
  const c = r === undefined ? DEFAULT_COLOR : r.swatchColor(index);
  const hue = Math.fround(r === undefined ? DEFAULT_HUE : r.swatchHue(index));
  const sat = saturationOf(c);
  const bri = brightnessOf(c);
  stops.setStop(0, hue, r?.swatchSaturation?.(index) ?? sat, bri);
  stops.setStopWithOffsets(1, hue, sat, bri, hueOffset, saturationOffset, brightnessOffset);
  stops.setNumStops(2);
}

/**
 * GradientPattern's Palette mode (ColorStops.setPaletteGradient): `count` consecutive swatch
 * colors from `start`, fewer when the swatch ends first; a start past the end uses the last color.
 */
export function setPaletteStops(device: Device, stops: ColorStops, start: number, count: number): void {
  const r = readerOf(device);
  const size = r === undefined ? 1 : r.swatchSize();
  const first = Math.min(start, size - 1);
  const last = first + count;
  let i = 0;
  for (let j = first; j < size && j < last; j++) {
    const c = r === undefined ? DEFAULT_COLOR : r.swatchColor(j);
    const hue = Math.fround(r === undefined ? DEFAULT_HUE : r.swatchHue(j));
    stops.setStop(i++, hue, r?.swatchSaturation?.(j) ?? saturationOf(c), brightnessOf(c));
  }
  stops.setNumStops(i);
}
