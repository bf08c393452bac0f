import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { ColorParameter } from '../../engine/parameters/color.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { ColorStops, GRADIENT_BLEND_MODES, type GradientBlendMode } from '../color/gradient.js';
import { javaInt } from '../color/java-num.js';
import { toRadians } from '../model/float32.js';
import { identity, rotateX, rotateY, rotateZ, transformX, transformY, transformZ, translate } from '../model/matrix.js';
import type { PointSet } from '../model/index.js';
import type { Device } from '../device.js';
import { setLinkedStops, setPaletteStops } from '../patterns/palette-colors.js';

const fr = Math.fround;

const COORD_MODES = [
  { label: 'Normal', name: 'NORMAL' },
  { label: 'Center', name: 'CENTER' },
  { label: 'Radial', name: 'RADIAL' },
];
const COLOR_MODES = [
  { label: 'Fixed', name: 'FIXED' },
  { label: 'Linked', name: 'LINKED' },
  { label: 'Palette', name: 'PALETTE' },
];
const CLAMP_MODES = [
  { label: 'Clamp', name: 'CLAMP' },
  { label: 'Wrap', name: 'WRAP' },
  { label: 'Mirror', name: 'MIRROR' },
];
const FIXED = 0;
const LINKED = 1;
const NORMAL = 0;
const CENTER = 1;
const WRAP = 1;
const MIRROR = 2;

const bipolar = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -1, v1: 1, units: 'percentNormalized', polarity: 'bipolar', modulatable: true, description });
const rotation = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description });

/** One axis's coordinate (float): Normal n − off, Center 2|n − (½ + off/2)|, Radial rcn − off; minus 1 for a negative amount. */
function coordinate(mode: number, n: number, rcn: number, offset: number, negative: boolean): number {
  let c: number;
  if (mode === NORMAL) c = fr(n - offset);
  else if (mode === CENTER) {
    const d = fr(n - fr(0.5 + fr(offset * 0.5)));
    c = fr(2 * (d < 0 ? -d : d));
  } else c = fr(rcn - offset);
  return negative ? fr(c - 1) : c;
}

/**
 * The color gradient over normalized space that LX's GradientPattern and GradientMaskEffect
 * share (GradientPattern.Engine): its parameters in LX's order and a `run` that fills a buffer.
 * Per point t = clampMode(scale · Σ amount·coordinate) — amounts compressed toward 1/Σ|amount|
 * when they sum past 1 — then shifted by the phase, optionally inverted, and looked up in the
 * color stops (Fixed: the fixed color → it plus gradient × ranges; Linked: the same from a
 * palette color; Palette: consecutive swatch colors).
 */
export class GradientEngine {
  readonly xAmount = bipolar('X-Amt', 'Sets the amount of color spread on the X axis');
  readonly yAmount = bipolar('Y-Amt', 'Sets the amount of color spread on the Y axis');
  readonly zAmount = bipolar('Z-Amt', 'Sets the amount of color spread on the Z axis');
  readonly xOffset = bipolar('X-Off', 'Sets the offset of the gradient on the X axis');
  readonly yOffset = bipolar('Y-Off', 'Sets the offset of the gradient on the Y axis');
  readonly zOffset = bipolar('Z-Off', 'Sets the offset of the gradient on the Z axis');
  readonly colorMode = new EnumParameter('Color Mode', COLOR_MODES, LINKED, { description: 'Which source the gradient selects colors from' });
  readonly blendMode = new EnumParameter('Blend Mode', GRADIENT_BLEND_MODES.map((m) => ({ label: m.label, name: m.name })), 1, { description: 'How to blend between colors in the gradient' });
  readonly gradient = bipolar('Amount', 'Amount of total color gradient');
  readonly fixedColor = new ColorParameter('Fixed', { h: 0, s: 100, b: 100 }, { description: 'Fixed color to start the gradient from' });
  readonly xMode = new EnumParameter('X Mode', COORD_MODES, NORMAL, { description: 'Which coordinate mode the X-dimension uses' });
  readonly yMode = new EnumParameter('Y Mode', COORD_MODES, NORMAL, { description: 'Which coordinate mode the Y-dimension uses' });
  readonly zMode = new EnumParameter('Z Mode', COORD_MODES, NORMAL, { description: 'Which coordinate mode the Z-dimension uses' });
  readonly paletteIndex = new DiscreteParameter('Index', 1, 1, 5, { options: ['1', '2', '3', '4', '5'], description: 'Which index at the palette to start from' });
  readonly paletteStops = new DiscreteParameter('Stops', 5, 2, 5, { description: 'How many color stops to use in the palette' });
  readonly gradientRange = new BoundedParameter('Range', 360, { v1: 3600, units: 'degrees', modulatable: true, description: 'Range of total possible hue gradient' });
  readonly saturationRange = new BoundedParameter('Saturation Range', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Range of saturation gradient' });
  readonly brightnessRange = new BoundedParameter('Brightness Range', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Range of brightness gradient' });
  readonly gradientClamp = new EnumParameter('Clamp', CLAMP_MODES, 0, { description: 'How the gradient behaves past its ends' });
  readonly gradientPhase = new BoundedParameter('Phase', 0, { units: 'percentNormalized', modulatable: true, wrappable: true, description: 'Shifts the gradient along its length' });
  readonly gradientScale = new BoundedParameter('Scale', 1, { v1: 10, modulatable: true, description: 'Scales the gradient across space' });
  readonly gradientCompress = new BoundedParameter('Compress', 1, { units: 'percentNormalized', modulatable: true, description: 'Keeps several axes within one gradient length' });
  readonly gradientInvert = new BooleanParameter('Invert', false, { description: 'Reverses the gradient' });
  readonly rotate = new BooleanParameter('Rotate', false, { description: 'Whether to rotate the geometry' });
  readonly yaw = rotation('Yaw', 'Yaw rotation');
  readonly pitch = rotation('Pitch', 'Pitch rotation');
  readonly roll = rotation('Roll', 'Roll rotation');

  private readonly stops = new ColorStops();
  private readonly matrix = identity();
  private readonly matrixInputs = new Float64Array([NaN, NaN, NaN, NaN]);

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

  /** The stops for this frame (LX's setColorStops); palette colors are read as the Gradient pattern reads them. */
  private setColorStops(device: Device): void {
    const stops = this.stops;
    const mode = this.colorMode.getValue();
    if (mode === FIXED || mode === LINKED) {
      const amount = this.gradient.getValuef();
      const hue = fr(amount * this.gradientRange.getValuef());
      const sat = fr(amount * this.saturationRange.getValuef());
      const bri = fr(amount * this.brightnessRange.getValuef());
      if (mode === FIXED) {
        const c = this.fixedColor;
        const h = c.hue.getValuef();
        const s = c.saturation.getValuef();
        const b = c.brightness.getValuef();
        stops.setStopWithOffsets(0, h, s, b, 0, 0, 0);
        stops.setStopWithOffsets(1, h, s, b, hue, sat, bri);
        stops.setNumStops(2);
      } else {
        setLinkedStops(device, stops, this.paletteIndex.getValue() - 1, hue, sat, bri);
      }
    } else {
      setPaletteStops(device, stops, this.paletteIndex.getValue() - 1, this.paletteStops.getValue());
    }
  }

  private updateMatrix(): void {
    const v = this.matrixInputs;
    const rotate = this.rotate.getValue();
    const yaw = this.yaw.getValue();
    const pitch = this.pitch.getValue();
    const roll = this.roll.getValue();
    if (rotate === v[0] && yaw === v[1] && pitch === v[2] && roll === v[3]) return;
    v[0] = rotate; v[1] = yaw; v[2] = pitch; v[3] = roll;
    const m = this.matrix;
    m.fill(0);
    m[0] = m[5] = m[10] = m[15] = 1;
    translate(m, 0.5, 0.5, 0.5);
    rotateZ(m, fr(toRadians(-roll)));
    rotateX(m, fr(toRadians(-pitch)));
    rotateY(m, fr(toRadians(-yaw)));
    translate(m, -0.5, -0.5, -0.5);
  }

  /**
   * Writes the gradient color of every point of `p` into `out[p.index[k]]`; `device` is the one
   * running the engine (its palette is the engine's).
   */
  run(p: PointSet, out: Uint32Array, device: Device): void {
    this.setColorStops(device);
    let xAmount = this.xAmount.getValuef();
    let yAmount = this.yAmount.getValuef();
    let zAmount = this.zAmount.getValuef();
    const total = fr(fr(Math.abs(xAmount) + Math.abs(yAmount)) + Math.abs(zAmount));
    if (total > 1) {
      const compress = this.gradientCompress.getValuef();
      const factor = fr(1 + fr(fr(fr(1 / total) - 1) * compress));
      xAmount = fr(xAmount * factor);
      yAmount = fr(yAmount * factor);
      zAmount = fr(zAmount * factor);
    }
    const xOffset = this.xOffset.getValuef();
    const yOffset = this.yOffset.getValuef();
    const zOffset = this.zOffset.getValuef();
    const xMode = this.xMode.getValue();
    const yMode = this.yMode.getValue();
    const zMode = this.zMode.getValue();
    const scale = this.gradientScale.getValuef();
    const clamp = this.gradientClamp.getValue();
    const phase = this.gradientPhase.getValuef();
    const invert = this.gradientInvert.isOn();
    const blend = this.blendMode.getValue() as GradientBlendMode;
    const rotate = this.rotate.isOn();
    if (rotate) this.updateMatrix();
    const m = this.matrix;
    const stops = this.stops;
    for (let k = 0; k < p.size; k++) {
      let xn = p.xn[k];
      let yn = p.yn[k];
      let zn = p.zn[k];
      if (rotate) {
        const x = xn;
        const y = yn;
        const z = zn;
        xn = transformX(m, x, y, z);
        yn = transformY(m, x, y, z);
        zn = transformZ(m, x, y, z);
      }
      const rcn = p.rcn[k];
      const sum = fr(fr(fr(xAmount * coordinate(xMode, xn, rcn, xOffset, xAmount < 0)) +
        fr(yAmount * coordinate(yMode, yn, rcn, yOffset, yAmount < 0))) +
        fr(zAmount * coordinate(zMode, zn, rcn, zOffset, zAmount < 0)));
      let t = fr(scale * sum);
      if (clamp === WRAP || clamp === MIRROR) {
        // Wrap keeps the fraction; Mirror runs odd periods backwards.
        const floor = fr(Math.floor(t));
        const frac = fr(t - floor);
        t = clamp === WRAP || javaInt(floor) % 2 === 0 ? frac : fr(1 - frac);
      } else t = t < 0 ? 0 : t > 1 ? 1 : t;
      if (phase > 0) t = fr(fr(t + phase) % 1);
      if (invert) t = fr(1 - t);
      out[p.index[k]] = stops.getColor(t, blend);
    }
  }
}
