import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { SeededRandom } from '../../../engine/random.js';
import { blendMask } from '../../color/blend-kernel.js';
import { gray } from '../../color/lx-color.js';
import { Effect } from './effect.js';
import { SPARKLE_MASK_MODES, choicesOf } from './effect-support.js';
import { SparkleEngine } from '../shared/sparkle-engine.js';

/** Seed of a new sparkle effect's generator; a show that needs different sparkles re-seeds it. */
const DEFAULT_SEED = 0x5eed5a1e;

/**
 * Random sparkles as a mask (LX's SparkleEffect). The Sparkle pattern's engine runs with a base
 * level of 0 (and keeps its timing even at amount 0); each pixel is then combined with the gray
 * of its sparkle level by the mask mode (Mask multiplies, so only sparkles show) at amount ×
 * enabled. Randomness is seeded, so an offline render repeats exactly (but is not LX's).
 */
export class SparkleEffect extends Effect {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'engine'];
  }

  readonly lxClass = 'heronarts.lx.effect.SparkleEffect';
  readonly engine: SparkleEngine;
  readonly amount = new BoundedParameter('Amount', 1, { units: 'percentNormalized', modulatable: true, description: 'Amount of sparkle to apply' });
  readonly maskMode = new EnumParameter('Mode', choicesOf(SPARKLE_MASK_MODES), 0, { description: 'How the sparkle levels are applied to the frame' });

  constructor(seed = DEFAULT_SEED) {
    super('Sparkle');
    this.engine = new SparkleEngine(new SeededRandom(seed));
    const e = this.engine;
    this.addParameter('amount', this.amount);
    this.addParameter('density', e.density);
    this.addParameter('speed', e.speed);
    this.addParameter('variation', e.variation);
    this.addParameter('duration', e.duration);
    this.addParameter('sharp', e.sharp);
    this.addParameter('waveshape', e.waveshape);
    this.addParameter('minInterval', e.minInterval);
    this.addParameter('maxInterval', e.maxInterval);
    this.addParameter('minLevel', e.minLevel);
    this.addParameter('maxLevel', e.maxLevel);
    this.addParameter('maskMode', this.maskMode);
  }

  protected run(deltaMs: number, enabledAmount: number): void {
    const p = this.points;
    this.engine.setModelSize(p.size);
    this.engine.run(deltaMs, 1);
    const mask = blendMask(enabledAmount * this.amount.getValue());
    if (mask === 0) return;
    const blend = SPARKLE_MASK_MODES[this.maskMode.getValue()].blend;
    const levels = this.engine.outputLevels;
    const colors = this.colors;
    for (let k = 0; k < p.size; k++) {
      const level = levels[k];
      const i = p.index[k];
      colors[i] = blend(colors[i], gray(level < 0 ? 0 : level > 100 ? 100 : level), mask);
    }
  }
}
