import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { Effect } from './effect.js';

const unit = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 1, { units: 'percentNormalized', modulatable: true, description });

/** Writes round(lerp(i, 255 − i, amount)) for every byte value i (LX's double lerp and Math.round). */
function buildTable(table: Uint8Array, amount: number): void {
  for (let i = 0; i < 256; i++) table[i] = Math.round(i + (255 - i - i) * amount); // Java's Math.round(double): ties up
}

/**
 * Inverts colors (LX's InvertEffect): each channel c becomes round(lerp(c, 255 − c, amount ×
 * channel amount × enabled)) through one 256-entry table per channel, rebuilt only when its
 * amount changes. Alpha is kept.
 */
export class InvertEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.InvertEffect';
  readonly amount = unit('Amount', 'Amount of inversion to apply');
  readonly redAmount = unit('Red', 'Amount of inversion to apply to the red channel');
  readonly greenAmount = unit('Green', 'Amount of inversion to apply to the green channel');
  readonly blueAmount = unit('Blue', 'Amount of inversion to apply to the blue channel');
  private readonly redLut = new Uint8Array(256);
  private readonly greenLut = new Uint8Array(256);
  private readonly blueLut = new Uint8Array(256);
  private previousRed = -1;
  private previousGreen = -1;
  private previousBlue = -1;

  constructor() {
    super('Invert');
    this.addParameter('amount', this.amount);
    this.addParameter('redAmount', this.redAmount);
    this.addParameter('greenAmount', this.greenAmount);
    this.addParameter('blueAmount', this.blueAmount);
  }

  /** Each point from its own color. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const amount = enabledAmount * this.amount.getValue();
    if (amount === 0) return;
    const red = amount * this.redAmount.getValue();
    const green = amount * this.greenAmount.getValue();
    const blue = amount * this.blueAmount.getValue();
    if (red === 0 && green === 0 && blue === 0) return;
    if (red !== this.previousRed) buildTable(this.redLut, (this.previousRed = red));
    if (green !== this.previousGreen) buildTable(this.greenLut, (this.previousGreen = green));
    if (blue !== this.previousBlue) buildTable(this.blueLut, (this.previousBlue = blue));
    const rl = this.redLut;
    const gl = this.greenLut;
    const bl = this.blueLut;
    const colors = this.colors;
    const index = this.points.index;
    for (let k = 0; k < index.length; k++) {
      const i = index[k];
      const c = colors[i];
      colors[i] = ((c & 0xff000000) | (rl[(c >>> 16) & 0xff] << 16) | (gl[(c >>> 8) & 0xff] << 8) | bl[c & 0xff]) >>> 0;
    }
  }
}
