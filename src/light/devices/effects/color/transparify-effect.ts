import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { Effect } from '../effect.js';
import { SOURCE_MODES, lerpf, lerpi, sourceValue } from '../effect-support.js';

const fr = Math.fround;

/**
 * Makes dark (or otherwise low) pixels transparent (LX's TransparifyEffect). For each pixel whose
 * source value s is at or below the threshold, alpha ← lerp(alpha, 0, amount·(1 − lerp(0,
 * s/threshold, feather))); RGB is untouched. Useful before a Normal, Add or Lerp blend.
 * LX quirk kept: with threshold 0, a pixel whose source is exactly 0 computes 0/0 and loses all
 * of its alpha.
 */
export class TransparifyEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.color.TransparifyEffect';
  readonly threshold = new BoundedParameter('Threshold', 0, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Threshold below which to apply transparency',
  });
  readonly feather = new BoundedParameter('Feather', 1, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Creates a smooth alpha gradient up to the threshold',
  });
  readonly amount = new BoundedParameter('Amount', 1, { units: 'percentNormalized', modulatable: true, description: 'Degree of alpha transparency applied' });
  readonly source = new EnumParameter('Source', SOURCE_MODES, 0, { description: 'Determines the source of the color mapping' });

  constructor() {
    super('Transparify');
    this.addParameter('threshold', this.threshold);
    this.addParameter('feather', this.feather);
    this.addParameter('amount', this.amount);
    this.addParameter('source', this.source);
  }

  /** Each point from its own color. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const amount = fr(enabledAmount * this.amount.getValue());
    if (!(amount > 0)) return;
    const threshold = this.threshold.getValuef();
    const feather = this.feather.getValuef();
    const invThreshold = fr(1 / threshold);
    const mode = this.source.getValue();
    const colors = this.colors;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      const c = colors[i];
      const s = sourceValue(mode, c);
      if (s <= threshold) {
        const lerpAmount = fr(amount * fr(1 - lerpf(0, fr(s * invThreshold), feather)));
        const alpha = lerpi(c >>> 24, 0, lerpAmount);
        colors[i] = ((alpha << 24) | (c & 0x00ffffff)) >>> 0;
      }
    }
  }
}
