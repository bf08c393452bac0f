import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { FloatColorMemo } from '../../color/float-color-memo.js';
import { b, h, hsb, s } from '../../color/lx-color.js';
import { Effect } from './effect.js';
import { clampf, lerpf } from './effect-support.js';

const fr = Math.fround;

/**
 * Shifts hue and offsets saturation and brightness (LX's HueSaturationEffect). Each pixel is
 * taken apart into float hue, saturation and brightness and rebuilt with hsb(), so — as in LX —
 * its alpha becomes 255 (transparency is lost) and RGB round-trips through HSB rounding.
 */
export class HueSaturationEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.HueSaturationEffect';
  readonly hue = new BoundedParameter('Hue', 0, {
    v0: -360,
    v1: 360,
    polarity: 'bipolar',
    modulatable: true,
    description: 'Sets the amount of hue shift to apply',
  });
  readonly saturation = new BoundedParameter('Saturation', 0, {
    v0: -100,
    v1: 100,
    units: 'percent',
    polarity: 'bipolar',
    modulatable: true,
    description: 'Sets the amount to increase or decrease saturation',
  });
  readonly brightness = new BoundedParameter('Brightness', 0, {
    v0: -100,
    v1: 100,
    units: 'percent',
    polarity: 'bipolar',
    modulatable: true,
    description: 'Sets the amount to increase or decrease brightness',
  });

  constructor() {
    super('Hue + Saturation');
    this.addParameter('hue', this.hue);
    this.addParameter('saturation', this.saturation);
    this.addParameter('brightness', this.brightness);
  }

  /** This frame's output per input color: a pixel's result depends on its color alone. */
  private readonly byColor = new FloatColorMemo();

  /** Each point from its own color. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const hue = this.hue.getValuef();
    const saturation = this.saturation.getValuef();
    const brightness = this.brightness.getValuef();
    const amount = fr(enabledAmount);
    const colors = this.colors;
    const index = this.points.index;
    this.byColor.mapColors(colors, index, (c) => adjust(c, hue, saturation, brightness, enabledAmount < 1, amount));
  }
}

/**
 * `c` with its hue shifted and saturation and brightness offset (float, as LX); while the effect
 * fades in (`fading`), each part is lerped by `amount`.
 */
function adjust(c: number, hue: number, saturation: number, brightness: number, fading: boolean, amount: number): number {
  if (fading) {
    const ch = h(c);
    const cs = s(c);
    const cb = b(c);
    return hsb(lerpf(ch, fr(ch + hue), amount), lerpf(cs, clampf(fr(cs + saturation), 0, 100), amount), lerpf(cb, clampf(fr(cb + brightness), 0, 100), amount));
  }
  return hsb(fr(h(c) + hue), clampf(fr(s(c) + saturation), 0, 100), clampf(fr(b(c) + brightness), 0, 100));
}
