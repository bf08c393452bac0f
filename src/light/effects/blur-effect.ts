import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { BLEND_ALPHA_FULL, lightest, lightestOpaqueFull } from '../color/blend-kernel.js';
import { BLACK, grayn, javaInt } from '../color/lx-color.js';
import { javaPow } from '../modulation/java-math.js';
import { Effect } from './effect.js';
import { BLUR_MODES, choicesOf } from './effect-support.js';

/**
 * Multiplies `c` by the gray byte `s` as LXColor.multiply at full alpha does on opaque input
 * (channel ← (s·(channel + 1)) >> 8), except that a channel the product would leave unchanged
 * drops by one, so a persistence buffer always decays to black.
 */
function decayColor(c: number, s: number): number {
  const r = (c >>> 16) & 0xff;
  const g = (c >>> 8) & 0xff;
  const b = c & 0xff;
  let r2 = (s * (r + 1)) >> 8;
  let g2 = (s * (g + 1)) >> 8;
  let b2 = (s * (b + 1)) >> 8;
  if (r2 >= r && r > 0) r2 = r - 1;
  if (g2 >= g && g > 0) g2 = g - 1;
  if (b2 >= b && b > 0) b2 = b - 1;
  return (0xff000000 | (r2 << 16) | (g2 << 8) | b2) >>> 0;
}

/**
 * Motion blur (LX's BlurEffect). A persistence buffer decays each frame by
 * factor^(Δt / (1000·decay)) (so it reaches `decayFactor` after `decay` seconds) and takes the
 * lightest of itself and the current frame; when `level` > 0 it is blended back over the frame
 * with the chosen mode at level × enabled. The buffer is cleared to black whenever the effect is
 * switched on.
 */
export class BlurEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.BlurEffect';
  readonly level = new BoundedParameter('Level', 0, { units: 'percentNormalized', modulatable: true, description: 'Level of the blur relative to original signal' });
  readonly decay = new BoundedParameter('Decay', 1, { v0: 0.01, v1: 60, exponent: 3, units: 'seconds', modulatable: true, description: 'Decay time for the motion blur to diminish to decay factor' });
  readonly decayFactor = new BoundedParameter('Factor', 0.5, { v0: 0.01, v1: 1, units: 'percentNormalized', modulatable: true, description: 'Decay factor, the level reached in decay time (e.g. half-life if at 50%)' });
  readonly mode = new EnumParameter('Mode', choicesOf(BLUR_MODES), 0, { description: 'Which blending mode the blur uses' });
  /** The persistence buffer, frame-sized, indexed like `colors`. */
  private blur = new Uint32Array(0);

  constructor() {
    super('Blur');
    this.addParameter('level', this.level);
    this.addParameter('decay', this.decay);
    this.addParameter('decayFactor', this.decayFactor);
    this.addParameter('mode', this.mode);
  }

  protected override onEnable(): void {
    this.blur.fill(BLACK);
  }

  protected run(deltaMs: number, enabledAmount: number): void {
    const colors = this.colors;
    if (this.blur.length !== colors.length) this.blur = new Uint32Array(colors.length).fill(BLACK);
    const blur = this.blur;
    const blurAlpha = javaInt(BLEND_ALPHA_FULL * enabledAmount * this.level.getValue());
    const decayScale = javaPow(this.decayFactor.getValue(), deltaMs / (1000 * this.decay.getValue()));
    const s = grayn(decayScale) & 0xff;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      const c = colors[i];
      const decayed = decayColor(blur[i], s);
      blur[i] = c >>> 24 === 0xff ? lightestOpaqueFull(decayed, c) : lightest(decayed, c, BLEND_ALPHA_FULL);
    }
    if (blurAlpha > 0) {
      const blend = BLUR_MODES[this.mode.getValue()].blend;
      for (let k = 0; k < index.length; k++) {
        const i = index[k];
        colors[i] = blend(colors[i], blur[i], blurAlpha);
      }
    }
  }
}
