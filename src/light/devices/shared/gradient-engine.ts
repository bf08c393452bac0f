import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { ColorParameter } from '../../../engine/parameters/color.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import { ColorStops, GRADIENT_BLEND_MODES } from '../../color/gradient.js';
import type { Device } from './device.js';
import type { PointSet } from '../../model/index.js';
import { RotationMatrix } from '../../model/rotation-matrix.js';
import { setLinkedStops, setPaletteStops } from './palette-colors.js';
import { lerpf } from '../../math/pattern-math.js';
import { pointPool } from '../../parallel/point-pool.js';
import { gradientKernel } from './gradient-kernel.js';
import {
  AXIS_WORDS,
  CLAMP,
  GRADIENT_AXES,
  GRADIENT_BLEND,
  GRADIENT_CLAMP,
  GRADIENT_INVERT,
  GRADIENT_MATRIX,
  GRADIENT_PHASE,
  GRADIENT_ROTATE,
  GRADIENT_SCALE,
  GRADIENT_STOPS,
  NORMAL,
} from './gradient-layout.js';

const f = Math.fround;

/** GradientPattern.CoordinateMode, in enum order. */
const COORDINATE_MODES = [
  { label: 'Normal', name: 'NORMAL' },
  { label: 'Center', name: 'CENTER' },
  { label: 'Radial', name: 'RADIAL' },
];

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
  readonly colorMode = new EnumParameter('Color Mode', GRADIENT_COLOR_MODES, LINKED, {
    description: 'Fixed: the Fixed color. Linked: a palette color. Palette: consecutive palette colors',
  });
  readonly blendMode = new EnumParameter(
    'Blend Mode',
    GRADIENT_BLEND_MODES.map((m) => ({ label: m.label, name: m.name })),
    1,
    { description: 'How to blend between colors in the gradient' },
  );
  readonly gradient = bipolar('Amount', 'How far the color travels across the gradient, as a fraction of the ranges');
  readonly fixedColor = new ColorParameter('Fixed', { h: 0, s: 100, b: 100 }, { description: 'Starting color in Fixed mode' });
  readonly xMode = new EnumParameter('X Mode', COORDINATE_MODES, NORMAL, { description: 'How the x coordinate is measured' });
  readonly yMode = new EnumParameter('Y Mode', COORDINATE_MODES, NORMAL, { description: 'How the y coordinate is measured' });
  readonly zMode = new EnumParameter('Z Mode', COORDINATE_MODES, NORMAL, { description: 'How the z coordinate is measured' });
  readonly paletteIndex = new DiscreteParameter('Index', 1, 1, 5, {
    options: ['1', '2', '3', '4', '5'],
    description: 'Palette color (1-based) used in Linked mode, first color in Palette mode',
  });
  readonly paletteStops = new DiscreteParameter('Stops', 5, 2, 5, { description: 'Number of palette colors in Palette mode' });
  readonly gradientRange = new BoundedParameter('Range', 360, {
    v1: 3600,
    units: 'degrees',
    modulatable: true,
    description: 'Hue travel at Amount 100%, in degrees',
  });
  readonly saturationRange = new BoundedParameter('Saturation Range', 0, {
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: 'Saturation travel at Amount 100%',
  });
  readonly brightnessRange = new BoundedParameter('Brightness Range', 0, {
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: 'Brightness travel at Amount 100%',
  });
  readonly gradientClamp = new EnumParameter('Clamp', CLAMP_MODES, CLAMP, {
    description: 'Past the ends: Clamp holds, Wrap repeats, Mirror goes back and forth',
  });
  readonly gradientPhase = new BoundedParameter('Phase', 0, {
    units: 'percentNormalized',
    modulatable: true,
    wrappable: true,
    description: 'Shifts the gradient along its length',
  });
  readonly gradientScale = new BoundedParameter('Scale', 1, { v1: 10, modulatable: true, description: 'Scales the gradient across space' });
  readonly gradientCompress = new BoundedParameter('Compress', 1, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Keeps the gradient within one length when several axes add up past 1',
  });
  readonly gradientInvert = new BooleanParameter('Invert', false, { description: 'Reverses the gradient' });
  readonly rotate = new BooleanParameter('Rotate', false, { description: 'Rotates the coordinates by yaw, pitch and roll' });
  readonly yaw = new BoundedParameter('Yaw', 0, {
    v1: 360,
    units: 'degrees',
    modulatable: true,
    wrappable: true,
    description: 'Rotation about the vertical axis',
  });
  readonly pitch = new BoundedParameter('Pitch', 0, {
    v1: 360,
    units: 'degrees',
    modulatable: true,
    wrappable: true,
    description: 'Rotation about the x axis',
  });
  readonly roll = new BoundedParameter('Roll', 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description: 'Rotation about the z axis' });

  private readonly stops = new ColorStops();
  private readonly transform = new RotationMatrix();

  /** The parameters under their LX keys, in LX's order. */
  parameters(): readonly [string, Parameter][] {
    return [
      ['xAmount', this.xAmount],
      ['yAmount', this.yAmount],
      ['zAmount', this.zAmount],
      ['xOffset', this.xOffset],
      ['yOffset', this.yOffset],
      ['zOffset', this.zOffset],
      ['colorMode', this.colorMode],
      ['blendMode', this.blendMode],
      ['gradient', this.gradient],
      ['fixedColor', this.fixedColor],
      ['xMode', this.xMode],
      ['yMode', this.yMode],
      ['zMode', this.zMode],
      ['paletteIndex', this.paletteIndex],
      ['paletteStops', this.paletteStops],
      ['gradientRange', this.gradientRange],
      ['saturationRange', this.saturationRange],
      ['brightnessRange', this.brightnessRange],
      ['gradientClamp', this.gradientClamp],
      ['gradientPhase', this.gradientPhase],
      ['gradientScale', this.gradientScale],
      ['gradientCompress', this.gradientCompress],
      ['gradientInvert', this.gradientInvert],
      ['rotate', this.rotate],
      ['yaw', this.yaw],
      ['pitch', this.pitch],
      ['roll', this.roll],
    ];
  }

  /** The stops the last frame rendered with (read-only outside the engine). */
  get colorStops(): ColorStops {
    return this.stops;
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
    const job = pointPool.begin();
    const num = job.num;
    const amounts = [this.xAmount.getValuef(), this.yAmount.getValuef(), this.zAmount.getValuef()];
    const total = f(f(Math.abs(amounts[0]) + Math.abs(amounts[1])) + Math.abs(amounts[2]));
    const compress = lerpf(1, total > 1 ? f(1 / total) : 1, this.gradientCompress.getValuef());
    const modes = [this.xMode, this.yMode, this.zMode];
    const offsets = [this.xOffset, this.yOffset, this.zOffset];
    for (let axis = 0; axis < 3; axis++) {
      const at = GRADIENT_AXES + axis * AXIS_WORDS;
      const amount = f(amounts[axis] * compress);
      num[at] = modes[axis].getValue();
      num[at + 1] = offsets[axis].getValuef();
      // A negative amount measures the coordinate from the other end (LX's `invert` functions).
      num[at + 2] = amount < 0 ? 1 : 0;
      num[at + 3] = amount;
    }
    num[GRADIENT_BLEND] = this.blendMode.getValue();
    num[GRADIENT_SCALE] = this.gradientScale.getValuef();
    num[GRADIENT_CLAMP] = this.gradientClamp.getValue();
    num[GRADIENT_PHASE] = this.gradientPhase.getValuef();
    num[GRADIENT_INVERT] = this.gradientInvert.isOn() ? 1 : 0;
    const rotate = this.rotate.isOn();
    num[GRADIENT_ROTATE] = rotate ? 1 : 0;
    if (rotate) {
      const t = this.transform;
      t.update(this.yaw.getValue(), this.pitch.getValue(), this.roll.getValue());
      t.writeRows(num, GRADIENT_MATRIX);
    }
    this.stops.writeTo(num, GRADIENT_STOPS);
    job.arrays.push(pts.xn, pts.yn, pts.zn, pts.rcn, pts.index, out);
    pointPool.run(gradientKernel, pts.size);
  }
}
