import type { ColorStops } from '../../../color/gradient.js';
import { GradientEngine } from '../../shared/gradient-engine.js';
import { Pattern } from '../pattern.js';

/**
 * A color gradient across the model's normalized space (LX's GradientPattern). The gradient
 * itself (parameters and rendering) is the engine it shares with the Gradient Mask effect; the
 * pattern registers the engine's parameters under their LX keys and renders it into its colors.
 */
export class GradientPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.color.GradientPattern';
  readonly engine = new GradientEngine();
  // The engine's parameters, under the pattern's own names as in LX.
  readonly xAmount = this.engine.xAmount;
  readonly yAmount = this.engine.yAmount;
  readonly zAmount = this.engine.zAmount;
  readonly xOffset = this.engine.xOffset;
  readonly yOffset = this.engine.yOffset;
  readonly zOffset = this.engine.zOffset;
  readonly colorMode = this.engine.colorMode;
  readonly blendMode = this.engine.blendMode;
  readonly gradient = this.engine.gradient;
  readonly fixedColor = this.engine.fixedColor;
  readonly xMode = this.engine.xMode;
  readonly yMode = this.engine.yMode;
  readonly zMode = this.engine.zMode;
  readonly paletteIndex = this.engine.paletteIndex;
  readonly paletteStops = this.engine.paletteStops;
  readonly gradientRange = this.engine.gradientRange;
  readonly saturationRange = this.engine.saturationRange;
  readonly brightnessRange = this.engine.brightnessRange;
  readonly gradientClamp = this.engine.gradientClamp;
  readonly gradientPhase = this.engine.gradientPhase;
  readonly gradientScale = this.engine.gradientScale;
  readonly gradientCompress = this.engine.gradientCompress;
  readonly gradientInvert = this.engine.gradientInvert;
  readonly rotate = this.engine.rotate;
  readonly yaw = this.engine.yaw;
  readonly pitch = this.engine.pitch;
  readonly roll = this.engine.roll;

  constructor() {
    super('Gradient');
    for (const [key, p] of this.engine.parameters()) this.addParameter(key, p);
  }

  /** The stops this frame renders with (read-only outside the pattern). */
  get colorStops(): ColorStops {
    return this.engine.colorStops;
  }

  /** Each point from its own coordinates. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(): void {
    this.engine.run(this.points, this.colors, this);
  }
}
