import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { javaPow } from '../../math/java-math.js';
import { Effect } from './effect.js';
import { clampf, lerpf } from './effect-support.js';

const fr = Math.fround;
const HALF = 0.5;
const THREE_QUARTERS = 0.75;

const percent = (label: string, value: number, description: string): BoundedParameter =>
  new BoundedParameter(label, value, { units: 'percentNormalized', modulatable: true, description });
const bipolar = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -1, v1: 1, units: 'percentNormalized', polarity: 'bipolar', modulatable: true, description });

/**
 * A per-channel transfer curve (LX's DynamicsEffect). One 256-entry curve maps each input level
 * through gate → contrast → shape → gain → floor/ceiling; the red, green and blue tables lerp
 * from identity to that curve by their amounts. The tables are rebuilt only when an effective
 * (possibly modulated) parameter value changes, and the arithmetic is LX's float32.
 */
export class DynamicsEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.DynamicsEffect';
  readonly ceiling = percent('Ceiling', 1, 'Maximum possible value');
  readonly contrast = bipolar('Contrast', 'Contrast factor');
  readonly gain = new BoundedParameter('Gain', 1, { v0: 1, v1: 10, exponent: 2, modulatable: true, description: 'Gain factor' });
  readonly floor = percent('Floor', 0, 'Minimum possible value');
  readonly gate = percent('Gate', 0, 'Minimum incoming level to generate output');
  readonly shape = bipolar('Shape', 'Shaping factor');
  readonly redAmount = percent('Red', 1, 'Amount of effect to apply to red channel');
  readonly greenAmount = percent('Green', 1, 'Amount of effect to apply to green channel');
  readonly blueAmount = percent('Blue', 1, 'Amount of effect to apply to blue channel');

  /** The transfer curve (0..255 per input level). */
  readonly lookupTable = new Int32Array(256);
  private readonly rTable = new Int32Array(256);
  private readonly gTable = new Int32Array(256);
  private readonly bTable = new Int32Array(256);
  /** The nine effective values the tables were built from, in parameter order. */
  private readonly built = new Float64Array(9).fill(NaN);

  constructor() {
    super('Dynamics');
    this.addParameter('ceiling', this.ceiling);
    this.addParameter('contrast', this.contrast);
    this.addParameter('gain', this.gain);
    this.addParameter('floor', this.floor);
    this.addParameter('gate', this.gate);
    this.addParameter('shape', this.shape);
    this.addParameter('red', this.redAmount);
    this.addParameter('green', this.greenAmount);
    this.addParameter('blue', this.blueAmount);
    this.rebuildIfChanged();
  }

  /** Rebuilds the curve when a curve parameter moved, else the RGB tables when an amount moved. */
  private rebuildIfChanged(): void {
    const v = this.built;
    const ceiling = this.ceiling.getValue();
    const contrast = this.contrast.getValue();
    const gain = this.gain.getValue();
    const floor = this.floor.getValue();
    const gate = this.gate.getValue();
    const shape = this.shape.getValue();
    const r = this.redAmount.getValue();
    const g = this.greenAmount.getValue();
    const b = this.blueAmount.getValue();
    const curve = ceiling !== v[0] || contrast !== v[1] || gain !== v[2] || floor !== v[3] || gate !== v[4] || shape !== v[5];
    if (curve) {
      v[0] = ceiling;
      v[1] = contrast;
      v[2] = gain;
      v[3] = floor;
      v[4] = gate;
      v[5] = shape;
      this.buildLookupTable(fr(ceiling), fr(contrast), fr(gain), fr(floor), fr(gate), fr(shape));
    }
    if (curve || r !== v[6] || g !== v[7] || b !== v[8]) {
      v[6] = r;
      v[7] = g;
      v[8] = b;
      this.buildRgbTables(fr(r), fr(g), fr(b));
    }
  }

  private buildLookupTable(ceilingF: number, contrast: number, gain: number, floorF: number, gate: number, shape: number): void {
    const floor = fr(255 * floorF);
    const ceiling = fr(255 * ceilingF);
    const gateFactor = gate < 1 ? fr(1 / fr(1 - gate)) : 0;
    const shapePow = shape >= 0 ? fr(1 - fr(shape * THREE_QUARTERS)) : fr(1 - fr(3 * shape));
    const contrastPow = contrast >= 0 ? fr(1 - fr(contrast * THREE_QUARTERS)) : fr(1 - fr(contrast * 3));
    const table = this.lookupTable;
    for (let i = 0; i < 256; i++) {
      let x = fr(i / 255);
      const gated = fr(x - gate);
      x = fr((gated > 0 ? gated : 0) * gateFactor);
      const d = fr(x - HALF);
      x = fr(HALF + fr(fr(javaPow(fr(2 * (d < 0 ? -d : d)), contrastPow)) * (x > HALF ? HALF : -HALF)));
      x = fr(javaPow(x, shapePow));
      table[i] = lerpf(floor, ceiling, clampf(fr(x * gain), 0, 1)) | 0;
    }
  }

  private buildRgbTables(r: number, g: number, b: number): void {
    const table = this.lookupTable;
    for (let i = 0; i < 256; i++) {
      this.rTable[i] = lerpf(i, table[i], r) | 0;
      this.gTable[i] = lerpf(i, table[i], g) | 0;
      this.bTable[i] = lerpf(i, table[i], b) | 0;
    }
  }

  /** Each point from its own color (the curve's tables are per frame). */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    this.rebuildIfChanged();
    const rt = this.rTable;
    const gt = this.gTable;
    const bt = this.bTable;
    const colors = this.colors;
    const index = this.points.index;
    if (enabledAmount < 1) {
      const e = fr(enabledAmount);
      for (let k = 0; k < index.length; k++) {
        const i = index[k];
        const c = colors[i];
        const r = (c >>> 16) & 0xff;
        const g = (c >>> 8) & 0xff;
        const b = c & 0xff;
        colors[i] = ((c & 0xff000000) | ((lerpf(r, rt[r], e) | 0) << 16) | ((lerpf(g, gt[g], e) | 0) << 8) | (lerpf(b, bt[b], e) | 0)) >>> 0;
      }
    } else {
      for (let k = 0; k < index.length; k++) {
        const i = index[k];
        const c = colors[i];
        colors[i] = ((c & 0xff000000) | (rt[(c >>> 16) & 0xff] << 16) | (gt[(c >>> 8) & 0xff] << 8) | bt[c & 0xff]) >>> 0;
      }
    }
  }
}
