import { LinkedColorParameter } from '../../engine/parameters/color.js';
import { hsb } from '../color/lx-color.js';
import { Pattern } from './pattern.js';

/** Fills every point with one color (LX's SolidPattern), red by default. */
export class SolidPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.color.SolidPattern';
  readonly color = new LinkedColorParameter('Color', { h: 0, s: 100, b: 100 }, { description: 'The color every point shows' });

  constructor(color?: { h: number; s: number; b: number }) {
    super('Solid');
    this.addParameter('color', this.color);
    if (color !== undefined) {
      this.color.hue.setValue(color.h);
      this.color.saturation.setValue(color.s);
      this.color.brightness.setValue(color.b);
    }
  }

  protected run(): void {
    const c = hsb(this.color.hue.getValuef(), this.color.saturation.getValuef(), this.color.brightness.getValuef());
    const colors = this.colors;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) colors[index[k]] = c;
  }
}
