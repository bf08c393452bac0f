import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { globalMeterOf, METER_BANDS } from '../../audio/graphic-meter.js';
import { BLACK, grayf } from '../../color/lx-color.js';
import { Pattern } from './pattern.js';

const fr = Math.fround;

/** LX's plane choices: the first axis picks the band, the second is the bar's height axis. */
const PLANES = [
  { label: 'XY', name: 'XY' },
  { label: 'ZY', name: 'ZY' },
  { label: 'XZ', name: 'XZ' },
  { label: 'YZ', name: 'YZ' },
  { label: 'YX', name: 'YX' },
  { label: 'ZX', name: 'ZX' },
] as const;
/** [band axis, height axis] per plane: 0 = xn, 1 = yn, 2 = zn. */
const AXES: readonly (readonly [number, number])[] = [
  [0, 1],
  [2, 1],
  [0, 2],
  [1, 2],
  [1, 0],
  [2, 0],
];

/**
 * Equalizer bars from the global audio meter (LX's GraphicEqualizerPattern): a point's band is
 * ⌊v1·(bands − 1)⌋ along the plane's first axis, its bar level = gain·band value, and at distance
 * d = |v2 − center| along the second axis it is black beyond the level, else gray at
 * min(100, (level − d)·100/(1 − sharp), d·100/fade): sharp edges at the top, a fade from the
 * center. Float math, as LX's getValuef.
 */
export class GraphicEqualizerPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.GraphicEqualizerPattern';
  readonly gain = new BoundedParameter('Gain', 1, { v0: 0, v1: 3, modulatable: true, description: 'Scales the band levels' });
  readonly center = new BoundedParameter('Center', 0, { modulatable: true, description: 'Where the bars start along the height axis' });
  readonly fade = new BoundedParameter('Fade', 0.1, { exponent: 2, modulatable: true, description: 'Fade-in length from the center' });
  readonly sharp = new BoundedParameter('Sharp', 0.9, { exponent: 2, modulatable: true, description: 'Sharpness of the bar tops' });
  readonly plane = new EnumParameter('Plane', PLANES, 0, { description: 'Band axis and height axis of the bars' });

  constructor() {
    super('GraphicEqualizer');
    this.addParameter('gain', this.gain);
    this.addParameter('center', this.center);
    this.addParameter('fade', this.fade);
    this.addParameter('sharp', this.sharp);
    this.addParameter('plane', this.plane);
  }

  /** The gray (or black) of a point at band value `band` and height `v2` (LX's formula, float32). */
  shade(band: number, v2: number): number {
    const level = fr(this.gain.getValuef() * fr(band));
    const d = fr(Math.abs(fr(v2 - this.center.getValuef())));
    if (d > level) return BLACK;
    const top = fr(fr(fr(level - d) * 100) / fr(1 - this.sharp.getValuef()));
    const bottom = fr(fr(d * 100) / this.fade.getValuef());
    return grayf(Math.min(100, top, bottom));
  }

  protected run(): void {
    const meter = globalMeterOf(this);
    const [a1, a2] = AXES[this.plane.getValue()];
    const pts = this.points;
    const axes = [pts.xn, pts.yn, pts.zn];
    const v1s = axes[a1];
    const v2s = axes[a2];
    const colors = this.colors;
    const index = pts.index;
    for (let i = 0; i < index.length; i++) {
      const band = Math.trunc(fr(v1s[i] * (METER_BANDS - 1)));
      colors[index[i]] = this.shade(meter === null ? 0 : meter.getBand(band), v2s[i]);
    }
  }
}
