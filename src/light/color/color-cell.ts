import type { ColorParameter } from '../../engine/parameters/color.js';
import { b as brightnessOf, h as hueOf, hsb, s as saturationOf } from './lx-color.js';

/** A color as LX's ColorParameter holds it: an exact ARGB kept beside its hue/saturation/brightness. */
export class ColorCell {
  private argb: number;
  private internal = false;

  constructor(
    readonly param: ColorParameter,
    argb: number,
  ) {
    this.argb = argb >>> 0;
  }

  /** The stored ARGB (LX's getColor()). */
  get color(): number {
    return this.argb;
  }

  /** A sub-parameter changed: the color becomes hsb() of the three values (LX). */
  subChanged(): void {
    if (this.internal) return;
    this.argb = hsb(this.param.hue.getValue(), this.param.saturation.getValue(), this.param.brightness.getValue());
  }

  /**
   * Sets an exact ARGB: brightness follows it, saturation only when brightness is above 0, hue
   * only when saturation is above 0, so black and grays keep the previous hue (LX).
   */
  setColor(argb: number): void {
    this.internal = true;
    try {
      this.argb = argb >>> 0;
      const b = brightnessOf(this.argb);
      this.param.brightness.setValue(b);
      if (b > 0) {
        const s = saturationOf(this.argb);
        this.param.saturation.setValue(s);
        if (s > 0) this.param.hue.setValue(hueOf(this.argb));
      }
    } finally {
      this.internal = false;
    }
  }
}
