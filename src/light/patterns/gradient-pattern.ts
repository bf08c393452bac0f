import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { hsb } from '../color/lx-color.js';
import { Pattern } from './pattern.js';

const COORD_MODES = [
  { label: 'Normal', name: 'NORMAL' },
  { label: 'Center', name: 'CENTER' },
  { label: 'Radial', name: 'RADIAL' },
];

const bipolar = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -1, v1: 1, polarity: 'bipolar', units: 'percentNormalized', modulatable: true, description });

/** A color gradient across the model's normalized space (LX's GradientPattern). */
export class GradientPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.color.GradientPattern';
  readonly xAmount = bipolar('X-Amt', 'Gradient contribution of the x axis');
  readonly yAmount = bipolar('Y-Amt', 'Gradient contribution of the y axis');
  readonly zAmount = bipolar('Z-Amt', 'Gradient contribution of the z axis');
  readonly xOffset = bipolar('X-Off', 'Offset of the gradient along x');
  readonly yOffset = bipolar('Y-Off', 'Offset of the gradient along y');
  readonly zOffset = bipolar('Z-Off', 'Offset of the gradient along z');
  readonly colorMode = new EnumParameter('Color Mode', [
    { label: 'Fixed', name: 'FIXED' },
    { label: 'Linked', name: 'LINKED' },
    { label: 'Palette', name: 'PALETTE' },
  ], 1, { description: 'Where the gradient colors come from' });
  readonly blendMode = new EnumParameter('Blend Mode', [
    { label: 'RGB', name: 'RGB' },
    { label: 'HSV', name: 'HSV' },
    { label: 'HSV-Min', name: 'HSVM' },
    { label: 'HSV-CW', name: 'HSVCW' },
    { label: 'HSV-CCW', name: 'HSVCCW' },
  ], 1, { description: 'How colors are interpolated between stops' });
  readonly gradient = bipolar('Amount', 'How far the hue travels across the gradient');
  readonly fixedColor = new ColorParameter('Fixed', { h: 0, s: 100, b: 100 }, { description: 'Starting color in Fixed mode' });
  readonly xMode = new EnumParameter('X Mode', COORD_MODES, 0, { description: 'How the x coordinate is measured' });
  readonly yMode = new EnumParameter('Y Mode', COORD_MODES, 0, { description: 'How the y coordinate is measured' });
  readonly zMode = new EnumParameter('Z Mode', COORD_MODES, 0, { description: 'How the z coordinate is measured' });
  readonly paletteIndex = new DiscreteParameter('Index', 1, 1, 5, { options: ['1', '2', '3', '4', '5'], description: 'Palette color used in Linked and Palette modes' });
  readonly paletteStops = new DiscreteParameter('Stops', 5, 2, 5, { description: 'Number of palette colors in Palette mode' });
  readonly gradientRange = new BoundedParameter('Range', 360, { v1: 3600, units: 'degrees', modulatable: true, description: 'Hue travel, in degrees' });
  readonly saturationRange = new BoundedParameter('Saturation Range', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Saturation travel' });
  readonly brightnessRange = new BoundedParameter('Brightness Range', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Brightness travel' });
  readonly gradientClamp = new EnumParameter('Clamp', [
    { label: 'Clamp', name: 'CLAMP' },
    { label: 'Wrap', name: 'WRAP' },
    { label: 'Mirror', name: 'MIRROR' },
  ], 0, { description: 'What happens past the ends of the gradient' });
  readonly gradientPhase = new BoundedParameter('Phase', 0, { units: 'percentNormalized', modulatable: true, wrappable: true, description: 'Shifts the gradient along its length' });
  readonly gradientScale = new BoundedParameter('Scale', 1, { v1: 10, modulatable: true, description: 'Compresses or stretches the gradient' });
  readonly gradientCompress = new BoundedParameter('Compress', 1, { units: 'percentNormalized', modulatable: true, description: 'Keeps several axes within one gradient length' });
  readonly gradientInvert = new BooleanParameter('Invert', false, { description: 'Reverses the gradient' });
  readonly rotate = new BooleanParameter('Rotate', false, { description: 'Rotates the coordinates by yaw, pitch and roll' });
  readonly yaw = new BoundedParameter('Yaw', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the vertical axis' });
  readonly pitch = new BoundedParameter('Pitch', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the x axis' });
  readonly roll = new BoundedParameter('Roll', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the z axis' });

  constructor() {
    super('Gradient');
    this.addParameter('xAmount', this.xAmount);
    this.addParameter('yAmount', this.yAmount);
    this.addParameter('zAmount', this.zAmount);
    this.addParameter('xOffset', this.xOffset);
    this.addParameter('yOffset', this.yOffset);
    this.addParameter('zOffset', this.zOffset);
    this.addParameter('colorMode', this.colorMode);
    this.addParameter('blendMode', this.blendMode);
    this.addParameter('gradient', this.gradient);
    this.addParameter('fixedColor', this.fixedColor);
    this.addParameter('xMode', this.xMode);
    this.addParameter('yMode', this.yMode);
    this.addParameter('zMode', this.zMode);
    this.addParameter('paletteIndex', this.paletteIndex);
    this.addParameter('paletteStops', this.paletteStops);
    this.addParameter('gradientRange', this.gradientRange);
    this.addParameter('saturationRange', this.saturationRange);
    this.addParameter('brightnessRange', this.brightnessRange);
    this.addParameter('gradientClamp', this.gradientClamp);
    this.addParameter('gradientPhase', this.gradientPhase);
    this.addParameter('gradientScale', this.gradientScale);
    this.addParameter('gradientCompress', this.gradientCompress);
    this.addParameter('gradientInvert', this.gradientInvert);
    this.addParameter('rotate', this.rotate);
    this.addParameter('yaw', this.yaw);
    this.addParameter('pitch', this.pitch);
    this.addParameter('roll', this.roll);
  }

  protected run(): void {
    const xa = this.xAmount.getValue();
    const ya = this.yAmount.getValue();
    const za = this.zAmount.getValue();
    const sum = Math.abs(xa) + Math.abs(ya) + Math.abs(za);
    const compress = sum > 1 ? 1 + (1 / sum - 1) * this.gradientCompress.getValue() : 1;
    const scale = this.gradientScale.getValue() * compress;
    const xo = this.xOffset.getValue();
    const yo = this.yOffset.getValue();
    const zo = this.zOffset.getValue();
    const clamp = this.gradientClamp.getValue();
    const phase = this.gradientPhase.getValue();
    const invert = this.gradientInvert.isOn();
    const h0 = this.fixedColor.hue.getValue();
    const s0 = this.fixedColor.saturation.getValue();
    const b0 = this.fixedColor.brightness.getValue();
    const amount = this.gradient.getValue();
    const dh = amount * this.gradientRange.getValue();
    const ds = amount * this.saturationRange.getValue();
    const db = amount * this.brightnessRange.getValue();
    const m = this.points;
    const colors = this.colors;
    for (let k = 0; k < m.size; k++) {
      const xc = xa < 0 ? m.xn[k] - xo - 1 : m.xn[k] - xo;
      const yc = ya < 0 ? m.yn[k] - yo - 1 : m.yn[k] - yo;
      const zc = za < 0 ? m.zn[k] - zo - 1 : m.zn[k] - zo;
      let t = scale * (xa * xc + ya * yc + za * zc);
      if (clamp === 1) t -= Math.floor(t);
      else if (clamp === 2) {
        t = Math.abs(t) % 2;
        if (t > 1) t = 2 - t;
      } else t = t < 0 ? 0 : t > 1 ? 1 : t;
      if (phase > 0) t = (t + phase) % 1;
      if (invert) t = 1 - t;
      const s = Math.min(100, Math.max(0, s0 + t * ds));
      const b = Math.min(100, Math.max(0, b0 + t * db));
      colors[m.index[k]] = hsb(h0 + t * dh, s, b);
    }
  }
}
