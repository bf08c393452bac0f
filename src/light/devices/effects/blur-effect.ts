import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { BLEND_ALPHA_FULL } from '../../color/blend-kernel.js';
import { BLACK, grayn, javaInt } from '../../color/lx-color.js';
import { javaPow } from '../../math/java-math.js';
import { Effect } from './effect.js';
import { BLUR_DECAY, BLUR_ALPHA, BLUR_MODE, blurKernel } from './blur-kernel.js';
import { BLUR_MODES, choicesOf } from './effect-support.js';
import { pointPool } from '../../parallel/point-pool.js';
import { colorBuffer } from '../../parallel/shared-arrays.js';

/**
 * Motion blur (LX's BlurEffect). A persistence buffer decays each frame by
 * factor^(Δt / (1000·decay)) (so it reaches `decayFactor` after `decay` seconds) and takes the
 * lightest of itself and the current frame; when `level` > 0 it is blended back over the frame
 * with the chosen mode at level × enabled. The buffer is cleared to black whenever the effect is
 * switched on.
 */
export class BlurEffect extends Effect {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'blur'];
  }

  readonly lxClass = 'heronarts.lx.effect.BlurEffect';
  readonly level = new BoundedParameter('Level', 0, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Level of the blur relative to original signal',
  });
  readonly decay = new BoundedParameter('Decay', 1, {
    v0: 0.01,
    v1: 60,
    exponent: 3,
    units: 'seconds',
    modulatable: true,
    description: 'Decay time for the motion blur to diminish to decay factor',
  });
  readonly decayFactor = new BoundedParameter('Factor', 0.5, {
    v0: 0.01,
    v1: 1,
    units: 'percentNormalized',
    modulatable: true,
    description: 'Decay factor, the level reached in decay time (e.g. half-life if at 50%)',
  });
  readonly mode = new EnumParameter('Mode', choicesOf(BLUR_MODES), 0, { description: 'Which blending mode the blur uses' });
  /** The persistence buffer, frame-sized, indexed like `colors`. */
  private blur: Uint32Array = new Uint32Array(0);

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

  /** Each point from its own color and its own memory (the persistence buffer, by point). */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(deltaMs: number, enabledAmount: number): void {
    const colors = this.colors;
    if (this.blur.length !== colors.length) this.blur = colorBuffer(colors.length).fill(BLACK);
    const blurAlpha = javaInt(BLEND_ALPHA_FULL * enabledAmount * this.level.getValue());
    const decayScale = javaPow(this.decayFactor.getValue(), deltaMs / (1000 * this.decay.getValue()));
    const job = pointPool.begin();
    job.num[BLUR_DECAY] = grayn(decayScale) & 0xff;
    job.num[BLUR_ALPHA] = blurAlpha;
    job.num[BLUR_MODE] = this.mode.getValue();
    job.arrays.push(colors, this.blur, this.points.index);
    pointPool.run(blurKernel, this.points.index.length);
  }
}
