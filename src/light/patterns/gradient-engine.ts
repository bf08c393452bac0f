import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { FloatColorMemo } from '../color/float-color-memo.js';
import { ColorStops, GRADIENT_BLEND_MODES, type GradientBlendMode } from '../color/gradient.js';
import { javaInt } from '../color/java-num.js';
import type { Device } from '../device.js';
import type { PointSet } from '../model/index.js';
import { RotationMatrix } from '../model/rotation-matrix.js';
import { setLinkedStops, setPaletteStops } from './palette-colors.js';
import { clampf, lerpf } from './pattern-math.js';

const f = Math.fround;

/** GradientPattern.CoordinateMode, in enum order. */
const COORDINATE_MODES = [
  { label: 'Normal', name: 'NORMAL' },
  { label: 'Center', name: 'CENTER' },
  { label: 'Radial', name: 'RADIAL' },
];
const NORMAL = 0;
const CENTER = 1;

const GRADIENT_COLOR_MODES = [
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

/**
 * Adds one axis's term amount · (coordinate(mode, n, offset, rcn) − shift) into `sum` (float;
 * `first` starts the sum), with the coordinate mode chosen once per pass.
 */
function addAxisTerm(sum: Float32Array, n: Float32Array, rcn: Float32Array, count: number,
  mode: number, offset: number, shift: number, amount: number, first: boolean): void {
  if (mode === NORMAL) {
    if (first) for (let k = 0; k < count; k++) sum[k] = f(amount * f(f(n[k] - offset) - shift));
    else for (let k = 0; k < count; k++) sum[k] = f(sum[k] + f(amount * f(f(n[k] - offset) - shift)));
  } else {
    for (let k = 0; k < count; k++) {
      const term = f(amount * f(coordinate(mode, n[k], offset, rcn[k]) - shift));
      sum[k] = first ? term : f(sum[k] + term);
    }
  }
}

const bipolar = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -1, v1: 1, polarity: 'bipolar', units: 'percentNormalized', modulatable: true, description });

/**
 * The color gradient across the model's normalized space that LX's GradientPattern and
 * GradientMaskEffect share (GradientPattern.Engine): its parameters in LX's order and a `run`
 * that fills a color buffer. Each point's position along the gradient is the scaled, clamped sum
 * of its weighted axis coordinates (amounts compressed toward 1/Σ|amount| when they add up past
 * 1), shifted by the phase and optionally inverted; the color comes from two stops (a fixed or
 * palette color and the same color shifted by the hue, saturation and brightness ranges) or from
 * consecutive palette swatch colors, interpolated by the blend mode.
 */
export class GradientEngine {
  readonly xAmount = bipolar('X-Amt', 'Sets the amount of color spread on the X axis');
  readonly yAmount = bipolar('Y-Amt', 'Sets the amount of color spread on the Y axis');
  readonly zAmount = bipolar('Z-Amt', 'Sets the amount of color spread on the Z axis');
  readonly xOffset = bipolar('X-Off', 'Sets the offset of the gradient on the X axis');
  readonly yOffset = bipolar('Y-Off', 'Sets the offset of the gradient on the Y axis');
  readonly zOffset = bipolar('Z-Off', 'Sets the offset of the gradient on the Z axis');
  readonly colorMode = new EnumParameter('Color Mode', GRADIENT_COLOR_MODES, LINKED, { description: 'Fixed: the Fixed color. Linked: a palette color. Palette: consecutive palette colors' });
  readonly blendMode = new EnumParameter('Blend Mode', GRADIENT_BLEND_MODES.map((m) => ({ label: m.label, name: m.name })), 1, { description: 'How to blend between colors in the gradient' });
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
  readonly gradientScale = new BoundedParameter('Scale', 1, { v1: 10, modulatable: true, description: 'Scales the gradient across space' });
  readonly gradientCompress = new BoundedParameter('Compress', 1, { units: 'percentNormalized', modulatable: true, description: 'Keeps the gradient within one length when several axes add up past 1' });
  readonly gradientInvert = new BooleanParameter('Invert', false, { description: 'Reverses the gradient' });
  readonly rotate = new BooleanParameter('Rotate', false, { description: 'Rotates the coordinates by yaw, pitch and roll' });
  readonly yaw = new BoundedParameter('Yaw', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the vertical axis' });
  readonly pitch = new BoundedParameter('Pitch', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the x axis' });
  readonly roll = new BoundedParameter('Roll', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the z axis' });

  private readonly stops = new ColorStops();
  private readonly transform = new RotationMatrix();
  /** Per point: the weighted coordinate sum, then its position along the gradient; sized with the points. */
  private position = new Float32Array(0);
  /** Rotated normalized coordinates, when Rotate is on; sized with the points. */
  private rotatedX = new Float32Array(0);
  private rotatedY = new Float32Array(0);
  private rotatedZ = new Float32Array(0);
  /** This frame's color per gradient position: points at the same position share the stop blend. */
  private readonly colorByPosition = new FloatColorMemo();

  /** The parameters under their LX keys, in LX's order. */
  parameters(): readonly [string, Parameter][] {
    return [
      ['xAmount', this.xAmount], ['yAmount', this.yAmount], ['zAmount', this.zAmount],
      ['xOffset', this.xOffset], ['yOffset', this.yOffset], ['zOffset', this.zOffset],
      ['colorMode', this.colorMode], ['blendMode', this.blendMode], ['gradient', this.gradient],
      ['fixedColor', this.fixedColor], ['xMode', this.xMode], ['yMode', this.yMode], ['zMode', this.zMode],
      ['paletteIndex', this.paletteIndex], ['paletteStops', this.paletteStops],
      ['gradientRange', this.gradientRange], ['saturationRange', this.saturationRange], ['brightnessRange', this.brightnessRange],
      ['gradientClamp', this.gradientClamp], ['gradientPhase', this.gradientPhase], ['gradientScale', this.gradientScale],
      ['gradientCompress', this.gradientCompress], ['gradientInvert', this.gradientInvert],
      ['rotate', this.rotate], ['yaw', this.yaw], ['pitch', this.pitch], ['roll', this.roll],
    ];
  }

  /** The stops the last frame rendered with (read-only outside the engine). */
  get colorStops(): ColorStops {
    return this.stops;
  }

  /** Fills rotatedX/Y/Z with the points' normalized coordinates turned by yaw, pitch and roll. */
  private rotateCoordinates(pts: PointSet): void {
    const count = pts.size;
    if (this.rotatedX.length !== count) {
      this.rotatedX = new Float32Array(count);
      this.rotatedY = new Float32Array(count);
      this.rotatedZ = new Float32Array(count);
    }
    const t = this.transform;
    t.update(this.yaw.getValue(), this.pitch.getValue(), this.roll.getValue());
    for (let k = 0; k < count; k++) {
      const x0 = pts.xn[k];
      const y0 = pts.yn[k];
      const z0 = pts.zn[k];
      this.rotatedX[k] = t.x(x0, y0, z0);
      this.rotatedY[k] = t.y(x0, y0, z0);
      this.rotatedZ[k] = t.z(x0, y0, z0);
    }
  }

  /** Fills the stops for this frame from the color mode (LX's setColorStops), from `device`'s palette. */
  private setColorStops(device: Device): void {
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
      setLinkedStops(device, stops, this.paletteIndex.getValue() - 1, hue, sat, bri);
    } else {
      setPaletteStops(device, stops, this.paletteIndex.getValue() - 1, this.paletteStops.getValue());
    }
  }

  /**
   * Writes the gradient color of every point of `pts` into `out[pts.index[k]]`; `device` is the
   * one running the engine (its palette is the engine's).
   */
  run(pts: PointSet, out: Uint32Array, device: Device): void {
    this.setColorStops(device);
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
    const blend = this.blendMode.getValue() as GradientBlendMode;
    const scale = this.gradientScale.getValuef();
    const clamp = this.gradientClamp.getValue();
    const phase = this.gradientPhase.getValuef();
    const invert = this.gradientInvert.isOn();
    const count = pts.size;
    if (this.position.length !== count) this.position = new Float32Array(count);
    const position = this.position;
    // The weighted sum x·xc + y·yc + z·zc, one axis per pass, in LX's order of float additions.
    const rotate = this.rotate.isOn();
    if (rotate) this.rotateCoordinates(pts);
    const xn = rotate ? this.rotatedX : pts.xn;
    const yn = rotate ? this.rotatedY : pts.yn;
    const zn = rotate ? this.rotatedZ : pts.zn;
    addAxisTerm(position, xn, pts.rcn, count, xMode, xOffset, xShift, xAmount, true);
    addAxisTerm(position, yn, pts.rcn, count, yMode, yOffset, yShift, yAmount, false);
    addAxisTerm(position, zn, pts.rcn, count, zMode, zOffset, zShift, zAmount, false);
    const stops = this.stops;
    const span = stops.numStops - 1;
    const index = pts.index;
    const memo = this.colorByPosition;
    memo.clear();
    for (let k = 0; k < count; k++) {
      let lerp = clampLerp(clamp, f(scale * position[k]));
      if (phase > 0) lerp = f(f(lerp + phase) % 1);
      if (invert) lerp = f(1 - lerp);
      lerp = f(lerp * span);
      const bits = memo.bitsOf(lerp);
      const slot = memo.slotOf(bits);
      if (memo.holds(slot, bits)) {
        out[index[k]] = memo.colorAt(slot);
        continue;
      }
      const stop = Math.floor(lerp) | 0;
      const color = stops.blendStops(stop, stop + 1, f(lerp - stop), blend);
      memo.store(slot, bits, color);
      out[index[k]] = color;
    }
  }
}
