import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { LinkedColorParameter } from '../../../../engine/parameters/color.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { blendMask } from '../../../color/blend-kernel.js';
import { linkedColor } from '../../../palette/palette.js';
import { Effect } from '../effect.js';
import { MASK_MODES, choicesOf } from '../effect-support.js';

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

  /** Each point from its own color. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const amount = enabledAmount * this.depth.getValue();
    if (amount === 0) return;
    const color = linkedColor(this.color, this.context?.palette);
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
