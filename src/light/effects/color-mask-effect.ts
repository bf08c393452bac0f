import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { LinkedColorParameter } from '../../engine/parameters/color.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { blendMask } from '../color/blend-kernel.js';
import { hsb } from '../color/lx-color.js';
import { Effect } from './effect.js';
import { MASK_MODES, choicesOf, paletteOf } from './effect-support.js';

/** The live value of a LinkedColorParameter (LX's calcColor): the palette color, or hsb of the (modulated) parts. */
export function linkedColorValue(color: LinkedColorParameter, owner: Effect): number {
  if (color.mode.getValue() === 1) return paletteOf(owner.context).swatchColor(color.index.getValue() - 1);
  return hsb(color.hue.getValue(), color.saturation.getValue(), color.brightness.getValue());
}

/**
 * Masks content against one color (LX's ColorMaskEffect): pixel ← mode(pixel, color, depth ×
 * enabled) with Multiply (default), Add, Subtract, Difference, Spotlight, Highlight or Lerp. The
 * color may follow a palette swatch color.
 */
export class ColorMaskEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.color.ColorMaskEffect';
  readonly depth = new BoundedParameter('Depth', 1, { units: 'percentNormalized', modulatable: true, description: 'Amount of masking to apply' });
  readonly mode = new EnumParameter('Mode', choicesOf(MASK_MODES), 0, { description: 'How to apply the color mask' });
  readonly color = new LinkedColorParameter('Color', { h: 0, s: 0, b: 100 }, { description: 'Masking color' });

  constructor() {
    super('Color Mask');
    this.addParameter('depth', this.depth);
    this.addParameter('mode', this.mode);
    this.addParameter('color', this.color);
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const amount = enabledAmount * this.depth.getValue();
    if (amount === 0) return;
    const color = linkedColorValue(this.color, this);
    const alpha = blendMask(amount);
    const blend = MASK_MODES[this.mode.getValue()].blend;
    const colors = this.colors;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      colors[i] = blend(colors[i], color, alpha);
    }
  }
}
