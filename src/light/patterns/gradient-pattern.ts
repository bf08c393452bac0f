import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { FloatColorMemo } from '../color/float-color-memo.js';
import { ColorStops, GRADIENT_BLEND_MODES } from '../color/gradient.js';
import { javaInt } from '../color/java-num.js';
import { setLinkedStops, setPaletteStops } from './palette-colors.js';
import { RotationMatrix, clampf, lerpf } from './pattern-math.js';
import { Pattern } from './pattern.js';

const f = Math.fround;

/** GradientPattern.CoordinateMode, in enum order. */
const COORDINATE_MODES = [
  { label: 'Normal', name: 'NORMAL' },
  { label: 'Center', name: 'CENTER' },
  { label: 'Radial', name: 'RADIAL' },
];
const NORMAL = 0;
const CENTER = 1;

export const GRADIENT_COLOR_MODES = [
  { label: 'Fixed', name: 'FIXED' },
  { label: 'Linked', name: 'LINKED' },
  { label: 'Palette', name: 'PALETTE' },
];
const FIXED = 0;
const LINKED = 1;

const CLAMP_MODES = [
  { label: 'Clamp', name: 'CLAMP' },
  { label: 'Wrap', name: 'WRAP' },
  { label: 'Mirror', name: 'MIRROR' },
];
const CLAMP = 0;
const WRAP = 1;

/** A GradientPattern coordinate (float): Normal n − off, Center 2|n − (½ + off/2)|, Radial rcn − off. */
function coordinate(mode: number, n: number, offset: number, rcn: number): number {
  if (mode === NORMAL) return f(n - offset);
  if (mode === CENTER) return f(2 * Math.abs(f(n - f(0.5 + f(offset * 0.5)))));
  return f(rcn - offset);
}

/** The clamp modes (float): Clamp to [0, 1], Wrap to the fraction, Mirror back and forth. */
function clampLerp(mode: number, v: number): number {
  if (mode === CLAMP) return clampf(v, 0, 1);
  const floor = f(Math.floor(v));
  const diff = f(v - floor);
  if (mode === WRAP) return diff;
  return javaInt(floor) % 2 === 0 ? diff : f(1 - diff);
}

const bipolar = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -1, v1: 1, polarity: 'bipolar', units: 'percentNormalized', modulatable: true, description });

/**
 * A color gradient across the model's normalized space (LX's GradientPattern). Each point's
 * position along the gradient is the scaled, clamped sum of its weighted axis coordinates; the
 * color comes from two stops (a fixed or palette color and the same color shifted by the hue,
 * saturation and brightness ranges) or from consecutive palette swatch colors, interpolated by
 * the blend mode.
 */
export class GradientPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.color.GradientPattern';
  readonly xAmount = bipolar('X-Amt', 'Gradient contribution of the x axis');
  readonly yAmount = bipolar('Y-Amt', 'Gradient contribution of the y axis');
  readonly zAmount = bipolar('Z-Amt', 'Gradient contribution of the z axis');
  readonly xOffset = bipolar('X-Off', 'Offset of the gradient along x');
  readonly yOffset = bipolar('Y-Off', 'Offset of the gradient along y');
  readonly zOffset = bipolar('Z-Off', 'Offset of the gradient along z');
  readonly colorMode = new EnumParameter('Color Mode', GRADIENT_COLOR_MODES, LINKED, { description: 'Fixed: the Fixed color. Linked: a palette color. Palette: consecutive palette colors' });
  readonly blendMode = new EnumParameter('Blend Mode', GRADIENT_BLEND_MODES.map((m) => ({ label: m.label, name: m.name })), 1, { description: 'How colors are interpolated between stops' });
  readonly gradient = bipolar('Amount', 'How far the color travels across the gradient, as a fraction of the ranges');
  readonly fixedColor = new ColorParameter('Fixed', { h: 0, s: 100, b: 100 }, { description: 'Starting color in Fixed mode' });
  readonly xMode = new EnumParameter('X Mode', COORDINATE_MODES, NORMAL, { description: 'How the x coordinate is measured' });
  readonly yMode = new EnumParameter('Y Mode', COORDINATE_MODES, NORMAL, { description: 'How the y coordinate is measured' });
  readonly zMode = new EnumParameter('Z Mode', COORDINATE_MODES, NORMAL, { description: 'How the z coordinate is measured' });
  readonly paletteIndex = new DiscreteParameter('Index', 1, 1, 5, { options: ['1', '2', '3', '4', '5'], description: 'Palette color (1-based) used in Linked mode, first color in Palette mode' });
  readonly paletteStops = new DiscreteParameter('Stops', 5, 2, 5, { description: 'Number of palette colors in Palette mode' });
  readonly gradientRange = new BoundedParameter('Range', 360, { v1: 3600, units: 'degrees', modulatable: true, description: 'Hue travel at Amount 100%, in degrees' });
  readonly saturationRange = new BoundedParameter('Saturation Range', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Saturation travel at Amount 100%' });
  readonly brightnessRange = new BoundedParameter('Brightness Range', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Brightness travel at Amount 100%' });
  readonly gradientClamp = new EnumParameter('Clamp', CLAMP_MODES, CLAMP, { description: 'Past the ends: Clamp holds, Wrap repeats, Mirror goes back and forth' });
  readonly gradientPhase = new BoundedParameter('Phase', 0, { units: 'percentNormalized', modulatable: true, wrappable: true, description: 'Shifts the gradient along its length' });
  readonly gradientScale = new BoundedParameter('Scale', 1, { v1: 10, modulatable: true, description: 'Gradient lengths across the model' });
  readonly gradientCompress = new BoundedParameter('Compress', 1, { units: 'percentNormalized', modulatable: true, description: 'Keeps the gradient within one length when several axes add up past 1' });
  readonly gradientInvert = new BooleanParameter('Invert', false, { description: 'Reverses the gradient' });
  readonly rotate = new BooleanParameter('Rotate', false, { description: 'Rotates the coordinates by yaw, pitch and roll' });
  readonly yaw = new BoundedParameter('Yaw', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the vertical axis' });
  readonly pitch = new BoundedParameter('Pitch', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the x axis' });
  readonly roll = new BoundedParameter('Roll', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the z axis' });

  private readonly stops = new ColorStops();
  private readonly transform = new RotationMatrix();
  /** This frame's color per gradient position: points at the same position share the stop blend. */
  private readonly colorByPosition = new FloatColorMemo();

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

  /** The stops this frame renders with (read-only outside the pattern). */
  get colorStops(): ColorStops {
    return this.stops;
  }

  /** Fills the stops for this frame from the color mode (LX's setColorStops). */
  private setColorStops(): void {
    const gradient = this.gradient.getValuef();
    const hue = f(gradient * this.gradientRange.getValuef());
    const sat = f(gradient * this.saturationRange.getValuef());
    const bri = f(gradient * this.brightnessRange.getValuef());
    const stops = this.stops;
    const mode = this.colorMode.getValue();
    if (mode === FIXED) {
      const c = this.fixedColor;
      const h = c.hue.getValuef();
      const s = c.saturation.getValuef();
      const b = c.brightness.getValuef();
      stops.setStopWithOffsets(0, h, s, b, 0, 0, 0);
      stops.setStopWithOffsets(1, h, s, b, hue, sat, bri);
      stops.setNumStops(2);
    } else if (mode === LINKED) {
      setLinkedStops(this, stops, this.paletteIndex.getValue() - 1, hue, sat, bri);
    } else {
      setPaletteStops(this, stops, this.paletteIndex.getValue() - 1, this.paletteStops.getValue());
    }
  }

  protected run(): void {
    this.setColorStops();
    let xAmount = this.xAmount.getValuef();
    let yAmount = this.yAmount.getValuef();
    let zAmount = this.zAmount.getValuef();
    const total = f(f(Math.abs(xAmount) + Math.abs(yAmount)) + Math.abs(zAmount));
    const compress = lerpf(1, total > 1 ? f(1 / total) : 1, this.gradientCompress.getValuef());
    xAmount = f(xAmount * compress);
    yAmount = f(yAmount * compress);
    zAmount = f(zAmount * compress);
    const xOffset = this.xOffset.getValuef();
    const yOffset = this.yOffset.getValuef();
    const zOffset = this.zOffset.getValuef();
    const xMode = this.xMode.getValue();
    const yMode = this.yMode.getValue();
    const zMode = this.zMode.getValue();
    // A negative amount measures the coordinate from the other end (LX's `invert` functions).
    const xShift = xAmount < 0 ? 1 : 0;
    const yShift = yAmount < 0 ? 1 : 0;
    const zShift = zAmount < 0 ? 1 : 0;
    const blend = this.blendMode.getValue() as 0 | 1 | 2 | 3 | 4;
    const scale = this.gradientScale.getValuef();
    const clamp = this.gradientClamp.getValue();
    const phase = this.gradientPhase.getValuef();
    const invert = this.gradientInvert.isOn();
    const rotate = this.rotate.isOn();
    const t = this.transform;
    if (rotate) t.update(this.yaw.getValue(), this.pitch.getValue(), this.roll.getValue());
    const stops = this.stops;
    const span = stops.numStops - 1;
    const pts = this.points;
    const colors = this.colors;
    const memo = this.colorByPosition;
    memo.clear();
    for (let k = 0; k < pts.size; k++) {
      let xn = pts.xn[k];
      let yn = pts.yn[k];
      let zn = pts.zn[k];
      if (rotate) {
        const x0 = xn;
        const y0 = yn;
        const z0 = zn;
        xn = t.x(x0, y0, z0);
        yn = t.y(x0, y0, z0);
        zn = t.z(x0, y0, z0);
      }
      const rcn = pts.rcn[k];
      const xc = f(coordinate(xMode, xn, xOffset, rcn) - xShift);
      const yc = f(coordinate(yMode, yn, yOffset, rcn) - yShift);
      const zc = f(coordinate(zMode, zn, zOffset, rcn) - zShift);
      const sum = f(f(f(xAmount * xc) + f(yAmount * yc)) + f(zAmount * zc));
      let lerp = clampLerp(clamp, f(scale * sum));
      if (phase > 0) lerp = f(f(lerp + phase) % 1);
      if (invert) lerp = f(1 - lerp);
      lerp = f(lerp * span);
      const bits = memo.bitsOf(lerp);
      const slot = memo.slotOf(bits);
      if (memo.holds(slot, bits)) {
        colors[pts.index[k]] = memo.colorAt(slot);
        continue;
      }
      const stop = Math.floor(lerp) | 0;
      const color = stops.blendStops(stop, stop + 1, f(lerp - stop), blend);
      memo.store(slot, bits, color);
      colors[pts.index[k]] = color;
    }
  }
}
