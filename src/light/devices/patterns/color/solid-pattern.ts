import { LinkedColorParameter } from '../../../../engine/parameters/color.js';
import { hsb } from '../../../color/lx-color.js';
import type { Device } from '../../shared/device.js';
import { paletteColor } from '../../shared/palette-colors.js';
import { Pattern } from '../pattern.js';

const PALETTE = 1;

/**
 * LinkedColorParameter.calcColor(): the palette color at `index` (1-based) in Palette mode,
 * else hsb() of the effective (modulated) hue, saturation and brightness.
 */
export function linkedColor(device: Device, color: LinkedColorParameter): number {
  if (color.mode.getValue() === PALETTE) return paletteColor(device, color.index.getValue() - 1);
  return hsb(color.hue.getValue(), color.saturation.getValue(), color.brightness.getValue());
}

/**
 * Fills every point with one color (LX's SolidPattern): a fixed color, whose hue, saturation and
 * brightness may be modulated, or a palette color. Red by default; a new project starts with it.
 */
export class SolidPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.color.SolidPattern';
  readonly color = new LinkedColorParameter(
    'Color',
    { h: 0, s: 100, b: 100 },
    { description: 'The color every point shows: Static uses hue/saturation/brightness, Palette a palette color' },
  );

  constructor(color?: { h: number; s: number; b: number }) {
    super('Solid');
    this.addParameter('color', this.color);
    if (color !== undefined) {
      this.color.hue.setValue(color.h);
      this.color.saturation.setValue(color.s);
      this.color.brightness.setValue(color.b);
    }
  }

  /** One color for every point. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(): void {
    const c = linkedColor(this, this.color);
    const colors = this.colors;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) colors[index[k]] = c;
  }
}
