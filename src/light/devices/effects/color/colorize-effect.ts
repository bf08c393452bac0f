import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { ColorParameter } from '../../../../engine/parameters/color.js';
import { DiscreteParameter } from '../../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import type { Parameter } from '../../../../engine/parameters/parameter.js';
import { blendMask, lerp } from '../../../color/blend-kernel.js';
import { FloatColorMemo } from '../../../color/float-color-memo.js';
import { ColorStops, GRADIENT_BLEND_MODES, type GradientBlendMode } from '../../../color/gradient.js';
import { BLACK, CLEAR, b, s } from '../../../color/lx-color.js';
import { setPaletteStops } from '../../shared/palette-colors.js';
import { Effect } from '../effect.js';
import { SOURCE_MODES, clampf, paletteOf, sourceValue, type PaletteReader } from '../effect-support.js';

const fr = Math.fround;

const COLOR_MODES = [
  { label: 'Fixed', name: 'FIXED' },
  { label: 'Relative', name: 'RELATIVE' },
  { label: 'Linked', name: 'LINKED' },
  { label: 'Palette', name: 'PALETTE' },
];
const FILTER_MODES = [
  { label: 'Leave', name: 'LEAVE' },
  { label: 'Black', name: 'BLACK' },
  { label: 'Clear', name: 'CLEAR' },
];
/** What the engine's palette also reports per swatch color (LXDynamicColor.getSaturation/getBrightness). */
interface SwatchLevels {
  swatchSaturation(index: number): number;
  swatchBrightness(index: number): number;
}

const FIXED = 0;
const RELATIVE = 1;
const LINKED = 2;
const PALETTE = 3;

const offset = (label: string, range: number, units: 'degrees' | 'percent', description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -range, v1: range, units, polarity: 'bipolar', modulatable: true, description });

/**
 * Sets stop `i` from a palette color with offsets (LX's ColorStop.set(LXDynamicColor, h, s, b)):
 * hue = the color's hue + offset; saturation and brightness = those of its ARGB (LXColor.s/b,
 * not the color's own getSaturation) + offsets, clamped.
 */
function setPaletteStop(
  stops: ColorStops,
  i: number,
  palette: PaletteReader,
  index: number,
  hueOffset: number,
  saturationOffset: number,
  brightnessOffset: number,
): void {
  const c = palette.swatchColor(index);
  stops.setStop(i, fr(fr(palette.swatchHue(index)) + hueOffset), clampf(fr(s(c) + saturationOffset), 0, 100), clampf(fr(b(c) + brightnessOffset), 0, 100));
}

/**
 * Maps each pixel's level onto a color gradient (LX's ColorizeEffect). The source value s
 * (brightness, luminosity, a channel, min, average or alpha, 0..1) is rescaled above the filter
 * threshold — below it the pixel is left, blacked out or cleared — scaled by the palette depth
 * and optionally inverted, then looked up in two color stops (Fixed: color 1 → color 2;
 * Relative: color 1 → color 1 + offsets; Linked: the palette color + linked offsets → + gradient
 * offsets; Palette: consecutive swatch colors) with the chosen blend. The pixel keeps its alpha.
 */
export class ColorizeEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.color.ColorizeEffect';
  readonly source = new EnumParameter('Source', SOURCE_MODES, 0, { description: 'Determines the source of the color mapping' });
  readonly gradientHue = offset('H-Offset', 360, 'degrees', 'Amount of hue gradient');
  readonly gradientSaturation = offset('S-Offset', 100, 'percent', 'Amount of saturation gradient');
  readonly gradientBrightness = offset('B-Offset', 100, 'percent', 'Amount of brightness gradient');
  readonly colorMode = new EnumParameter('Color Mode', COLOR_MODES, FIXED, { description: 'Which source the colors come from' });
  readonly blendMode = new EnumParameter(
    'Blend Mode',
    GRADIENT_BLEND_MODES.map((m) => ({ label: m.label, name: m.name })),
    0,
    { description: 'Determines the mode of color blending' },
  );
  readonly color1 = new ColorParameter('Color 1', { h: 0, s: 0, b: 0 }, { description: 'The first color that is mapped from' });
  readonly color2 = new ColorParameter('Color 2', { h: 0, s: 0, b: 100 }, { description: 'The second color that is mapped to' });
  readonly paletteIndex = new DiscreteParameter('Index', 1, 1, 5, {
    options: ['1', '2', '3', '4', '5'],
    description: 'Which index at the palette to start from',
  });
  readonly paletteStops = new DiscreteParameter('Stops', 5, 2, 5, { description: 'How many color stops to use in the palette' });
  readonly paletteInvert = new BooleanParameter('Invert', false, { description: 'Runs the palette gradient in reverse' });
  readonly paletteDepth = new BoundedParameter('Depth', 1, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'How far along the palette gradient the brightest level reaches',
  });
  readonly linkedHue = offset('H-Linked', 360, 'degrees', 'Hue offset of the first color from the palette color');
  readonly linkedSaturation = offset('S-Linked', 100, 'percent', 'Saturation offset of the first color from the palette color');
  readonly linkedBrightness = offset('B-Linked', 100, 'percent', 'Brightness offset of the first color from the palette color');
  readonly amount = new BoundedParameter('Amount', 1, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Amount of colorization, blended with the original',
  });
  readonly filterThreshold = new BoundedParameter('Filter Threshold', 0, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Source level below which the filter mode applies',
  });
  readonly filterMode = new EnumParameter('Filter Mode', FILTER_MODES, 0, { description: 'What happens to pixels below the filter threshold' });
  private readonly stops = new ColorStops();
  private readonly byColor = new FloatColorMemo();

  constructor() {
    super('Colorize');
    this.addParameter('source', this.source);
    this.addParameter('gradientHue', this.gradientHue);
    this.addParameter('gradientSaturation', this.gradientSaturation);
    this.addParameter('gradientBrightness', this.gradientBrightness);
    this.addParameter('colorMode', this.colorMode);
    this.addParameter('blendMode', this.blendMode);
    this.addParameter('color1', this.color1);
    this.addParameter('color2', this.color2);
    this.addParameter('paletteIndex', this.paletteIndex);
    this.addParameter('paletteStops', this.paletteStops);
    this.addParameter('paletteInvert', this.paletteInvert);
    this.addParameter('paletteDepth', this.paletteDepth);
    this.addParameter('primaryHue', this.linkedHue);
    this.addParameter('primarySaturation', this.linkedSaturation);
    this.addParameter('primaryBrightness', this.linkedBrightness);
    this.addParameter('amount', this.amount);
    this.addParameter('filterThreshold', this.filterThreshold);
    this.addParameter('filterMode', this.filterMode);
  }

  protected override onParameterChanged(p: Parameter): void {
    if (
      p === this.colorMode ||
      p === this.color1.hue ||
      p === this.color1.saturation ||
      p === this.color1.brightness ||
      p === this.gradientHue ||
      p === this.gradientSaturation ||
      p === this.gradientBrightness ||
      p === this.linkedHue ||
      p === this.linkedSaturation ||
      p === this.linkedBrightness
    ) {
      this.showGradientColors();
    }
  }

  /**
   * Relative and Linked modes rewrite the color parameters so the console shows the colors in
   * use (LX's setGradientColor). Rendering does not read these rewritten values.
   */
  private showGradientColors(): void {
    const mode = this.colorMode.getValue();
    if (mode === RELATIVE) {
      this.color2.brightness.setValue(this.color1.brightness.getValue() + this.gradientBrightness.getValue());
      this.color2.saturation.setValue(this.color1.saturation.getValue() + this.gradientSaturation.getValue());
      this.color2.hue.setValue((360 + this.color1.hue.getValue() + this.gradientHue.getValue()) % 360);
    } else if (mode === LINKED) {
      // LX reads the swatch color's getSaturation()/getBrightness() here (not the stops' values).
      const palette = paletteOf(this.context) as PaletteReader & Partial<SwatchLevels>;
      const index = this.paletteIndex.getValue() - 1;
      const c = palette.swatchColor(index);
      const hue = palette.swatchHue(index);
      const sat = palette.swatchSaturation?.(index) ?? s(c);
      const bri = palette.swatchBrightness?.(index) ?? b(c);
      this.color1.brightness.setValue(bri + this.linkedBrightness.getValue());
      this.color1.saturation.setValue(sat + this.linkedSaturation.getValue());
      this.color1.hue.setValue((360 + hue + this.linkedHue.getValue()) % 360);
      this.color2.brightness.setValue(bri + this.gradientBrightness.getValue());
      this.color2.saturation.setValue(sat + this.gradientSaturation.getValue());
      this.color2.hue.setValue((360 + hue + this.gradientHue.getValue()) % 360);
    }
  }

  private setColorStops(mode: number): void {
    const stops = this.stops;
    const c1 = this.color1;
    switch (mode) {
      case RELATIVE: {
        const h = c1.hue.getValuef();
        const sat = c1.saturation.getValuef();
        const bri = c1.brightness.getValuef();
        stops.setStopWithOffsets(0, h, sat, bri, 0, 0, 0);
        stops.setStopWithOffsets(1, h, sat, bri, this.gradientHue.getValuef(), this.gradientSaturation.getValuef(), this.gradientBrightness.getValuef());
        stops.setNumStops(2);
        break;
      }
      case LINKED: {
        const palette = paletteOf(this.context);
        const index = this.paletteIndex.getValue() - 1;
        setPaletteStop(stops, 0, palette, index, this.linkedHue.getValuef(), this.linkedSaturation.getValuef(), this.linkedBrightness.getValuef());
        setPaletteStop(stops, 1, palette, index, this.gradientHue.getValuef(), this.gradientSaturation.getValuef(), this.gradientBrightness.getValuef());
        stops.setNumStops(2);
        break;
      }
      case PALETTE:
        setPaletteStops(this, stops, this.paletteIndex.getValue() - 1, this.paletteStops.getValue());
        break;
      default: {
        const c2 = this.color2;
        stops.setStopWithOffsets(0, c1.hue.getValuef(), c1.saturation.getValuef(), c1.brightness.getValuef(), 0, 0, 0);
        stops.setStopWithOffsets(1, c2.hue.getValuef(), c2.saturation.getValuef(), c2.brightness.getValuef(), 0, 0, 0);
        stops.setNumStops(2);
      }
    }
  }

  /** Each point from its own color. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    this.showGradientColors();
    const mode = this.colorMode.getValue();
    this.setColorStops(mode);
    const stops = this.stops;
    const source = this.source.getValue();
    const blend = this.blendMode.getValue() as GradientBlendMode;
    const amount = enabledAmount * this.amount.getValue();
    const mask = blendMask(amount);
    const threshold = this.filterThreshold.getValuef();
    const thresholdScale = threshold > 0 ? fr(1 / fr(1 - threshold)) : 1;
    const filterMode = this.filterMode.getValue();
    const palette = mode === PALETTE;
    const depth = palette ? this.paletteDepth.getValuef() : 1;
    const invert = palette && this.paletteInvert.isOn();
    const frame: ColorizeFrame = { source, threshold, thresholdScale, filterMode, depth, invert, blend, amount, mask };
    const colors = this.colors;
    const index = this.points.index;
    // A pixel's result depends on its color alone: computed once per distinct color this frame.
    this.byColor.mapColors(colors, index, (c) => colorize(c, frame, stops));
  }
}

/** One frame's Colorize settings. */
interface ColorizeFrame {
  readonly source: number;
  readonly threshold: number;
  readonly thresholdScale: number;
  readonly filterMode: number;
  readonly depth: number;
  readonly invert: boolean;
  readonly blend: GradientBlendMode;
  readonly amount: number;
  readonly mask: number;
}

/** Pixel `c` colorized (LX's ColorizeEffect per pixel): its source value looked up in the stops, or filtered. */
function colorize(c: number, frame: ColorizeFrame, stops: ColorStops): number {
  let t = sourceValue(frame.source, c);
  if (t < frame.threshold) {
    if (frame.filterMode === 0) return c;
    const filtered = frame.filterMode === 1 ? BLACK : CLEAR;
    return frame.amount < 1 ? lerp(c, filtered, frame.mask) : filtered;
  }
  if (frame.threshold > 0) t = clampf(fr(fr(t - frame.threshold) * frame.thresholdScale), 0, 1);
  if (frame.depth !== 1) t = fr(t * frame.depth);
  if (frame.invert) t = fr(1 - t);
  const colorized = ((c & 0xff000000) | (stops.getColor(t, frame.blend) & 0x00ffffff)) >>> 0;
  return frame.amount < 1 ? lerp(c, colorized, frame.mask) : colorized;
}
