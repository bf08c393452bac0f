import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { blendMask } from '../../../color/blend-kernel.js';
import { GradientEngine } from '../../shared/gradient-engine.js';
import { Effect } from '../effect.js';
import { MASK_MODES, choicesOf } from '../effect-support.js';
import { colorBuffer } from '../../../parallel/shared-arrays.js';

/**
 * Masks content with a color gradient in 3D space (LX's GradientMaskEffect): the Gradient
 * pattern's engine (all its parameters) renders into a mask buffer, and each pixel becomes
 * mode(pixel, mask, depth × enabled) with the Color Mask modes. CUE writes the gradient itself.
 */
export class GradientMaskEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.color.GradientMaskEffect';
  readonly depth = new BoundedParameter('Depth', 1, { units: 'percentNormalized', modulatable: true, description: 'Amount of masking to apply' });
  readonly mode = new EnumParameter('Mode', choicesOf(MASK_MODES), 0, { description: 'How to apply the color mask' });
  readonly engine = new GradientEngine();
  readonly cueMask = new BooleanParameter('CUE', false, { mode: 'momentary', description: 'Directly render the mask' });
  private mask: Uint32Array = new Uint32Array(0);

  constructor() {
    super('Gradient Mask');
    this.addParameter('depth', this.depth);
    this.addParameter('mode', this.mode);
    for (const [key, p] of this.engine.parameters()) this.addParameter(key, p);
    this.addParameter('cueMask', this.cueMask);
  }

  /** Each point from its own color and coordinates. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const alpha = blendMask(enabledAmount * this.depth.getValue());
    if (alpha === 0) return;
    const colors = this.colors;
    if (this.cueMask.isOn()) {
      this.engine.run(this.points, colors, this);
      return;
    }
    if (this.mask.length !== colors.length) this.mask = colorBuffer(colors.length);
    const mask = this.mask;
    this.engine.run(this.points, mask, this);
    const blend = MASK_MODES[this.mode.getValue()].blend;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      colors[i] = blend(colors[i], mask[i], alpha);
    }
  }
}
