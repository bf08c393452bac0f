import { DiscreteParameter } from '../../../../engine/parameters/discrete.js';
import { LinkedColorParameter } from '../../../../engine/parameters/color.js';
import { Pattern } from '../pattern.js';
import { linkedColor } from './solid-pattern.js';
import { subsetPositions } from '../../../model/subset.js';

const PALETTE = 1;

/**
 * Stripes of two colors along point order (LX's AlternatingPattern): point i shows the first
 * color when ⌊i / length⌋ is even, the second otherwise. Both colors follow palette colors 1 and
 * 2 by default (static fallbacks white and blue). LX ships the class but leaves it out of its
 * default registry; Footlight registers it.
 */
export class AlternatingPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.color.AlternatingPattern';
  readonly firstColor = new LinkedColorParameter('First Color', { h: 0, s: 0, b: 100 }, { description: 'Color of the even stripes' });
  readonly secondColor = new LinkedColorParameter('Second Color', { h: 240, s: 100, b: 100 }, { description: 'Color of the odd stripes' });
  readonly stripeLength = new DiscreteParameter('Length', 1, 1, 9, { description: 'Points per stripe' });

  constructor() {
    super('Alternating');
    this.addParameter('firstColor', this.firstColor);
    this.addParameter('secondColor', this.secondColor);
    this.addParameter('stripeLength', this.stripeLength);
    this.firstColor.mode.setValue(PALETTE);
    this.firstColor.index.setValue(1);
    this.secondColor.mode.setValue(PALETTE);
    this.secondColor.index.setValue(2);
  }

  /** Each point from its place in the view (subsetPositions under a render subset). */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(): void {
    const stripeLength = this.stripeLength.getValue();
    const color1 = linkedColor(this, this.firstColor);
    const color2 = linkedColor(this, this.secondColor);
    const colors = this.colors;
    const index = this.points.index;
    const positions = subsetPositions(this.points);
    if (positions === null) {
      for (let i = 0; i < index.length; i++) colors[index[i]] = ((i / stripeLength) | 0) % 2 === 0 ? color1 : color2;
    } else {
      for (let i = 0; i < index.length; i++) colors[index[i]] = ((positions[i] / stripeLength) | 0) % 2 === 0 ? color1 : color2;
    }
  }
}
