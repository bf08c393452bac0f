import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { blendMask, lightest, multiply } from '../../color/blend-kernel.js';
import { graynf } from '../../color/lx-color.js';
import { RotationMatrix } from '../../model/rotation-matrix.js';
import { Effect } from './effect.js';

const fr = Math.fround;

const AXES = [
  { label: 'X-axis', name: 'X' },
  { label: 'Y-axis', name: 'Y' },
  { label: 'Z-axis', name: 'Z' },
  { label: 'Radial', name: 'RADIAL' },
];
const MODES = [
  { label: 'Abs', name: 'ABS' },
  { label: 'Pos', name: 'POS' },
  { label: 'Neg', name: 'NEG' },
];
const FADE_POSITIONS = [
  { label: 'Outer', name: 'OUTER' },
  { label: 'Inner', name: 'INNER' },
  { label: 'Middle', name: 'MIDDLE' },
];
const FADE_SIZES = [
  { label: 'Abs', name: 'ABSOLUTE' },
  { label: 'Rel', name: 'RELATIVE' },
];
const MASKS = [
  { label: 'Fade', name: 'FADE' },
  { label: 'Whiteout', name: 'WHITEOUT' },
];

const rotation = (label: string, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v1: 360, units: 'degrees', modulatable: true, wrappable: true, description });

/**
 * Masks the frame along an axis (LX's LinearMaskEffect). Each point's position on the axis (xn,
 * yn, zn — optionally rotated about the model's center — or rcn for Radial) is compared with
 * `offset` (Abs |p − o|, Pos p − o, Neg o − p); mask = clamp(base − (255 / fade)·(d − size),
 * 0, 255) with base 255 (Outer), 0 (Inner) or 128 (Middle), and `Rel` fade size scales the fade
 * by the size. Fade darkens by an alpha-only black (255 − mask, or mask when inverted); Whiteout
 * lightens toward the gray of that value instead. CUE shows the mask itself.
 */
export class LinearMaskEffect extends Effect {
  readonly lxClass = 'heronarts.lx.effect.LinearMaskEffect';
  readonly offset = new BoundedParameter('Offset', 0, { units: 'percentNormalized', modulatable: true, description: 'Offset position of the mask' });
  readonly size = new BoundedParameter('Size', 0.5, { units: 'percentNormalized', modulatable: true, description: 'Size of the mask' });
  readonly fade = new BoundedParameter('Fade', 0.25, { units: 'percentNormalized', modulatable: true, description: 'Fade size of the mask' });
  readonly invert = new BooleanParameter('Invert', false, { description: 'Invert the mask' });
  readonly axis = new EnumParameter('Axis', AXES, 1, { description: 'Which axis the mask operates on' });
  readonly mode = new EnumParameter('Mode', MODES, 0, { description: 'How the mask is directionally applied' });
  readonly fadePosition = new EnumParameter('Fade Position', FADE_POSITIONS, 0, { description: 'Where the fade transition is rendered' });
  readonly fadeSize = new EnumParameter('Fade Size', FADE_SIZES, 0, { description: 'Whether the fade size is absolute or relative to the mask size' });
  readonly cue = new BooleanParameter('CUE', false, { mode: 'momentary', description: 'Cue the mask effect' });
  readonly mask = new EnumParameter('Mask', MASKS, 0, { description: 'Fade darkens the masked area; Whiteout lightens it' });
  readonly rotate = new BooleanParameter('Rotate', false, { description: 'Whether to rotate the geometry' });
  readonly yaw = rotation('Yaw', 'Yaw rotation');
  readonly pitch = rotation('Pitch', 'Pitch rotation');
  readonly roll = rotation('Roll', 'Roll rotation');
  private readonly transform = new RotationMatrix();

  constructor() {
    super('Linear Mask');
    this.addParameter('offset', this.offset);
    this.addParameter('size', this.size);
    this.addParameter('fade', this.fade);
    this.addParameter('invert', this.invert);
    this.addParameter('axis', this.axis);
    this.addParameter('mode', this.mode);
    this.addParameter('fadePosition', this.fadePosition);
    this.addParameter('fadeSize', this.fadeSize);
    this.addParameter('cue', this.cue);
    this.addParameter('mask', this.mask);
    this.addParameter('rotate', this.rotate);
    this.addParameter('yaw', this.yaw);
    this.addParameter('pitch', this.pitch);
    this.addParameter('roll', this.roll);
  }

  /** Each point from its own color and coordinates. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(_deltaMs: number, enabledAmount: number): void {
    const effectMask = blendMask(enabledAmount);
    const rotate = this.rotate.isOn();
    if (rotate) this.transform.update(this.yaw.getValue(), this.pitch.getValue(), this.roll.getValue());
    const axis = this.axis.getValue();
    const mode = this.mode.getValue();
    const fadePosition = this.fadePosition.getValue();
    const offset = this.offset.getValuef();
    const size = this.size.getValuef();
    const fade = fr(this.fade.getValuef() * (this.fadeSize.getValue() === 1 ? size : 1));
    const falloff = fr(255 / fade);
    const invert = this.invert.isOn();
    const cue = this.cue.isOn();
    const whiteout = this.mask.getValue() === 1;
    const base = fadePosition === 0 ? 255 : fadePosition === 1 ? 0 : 128;
    const t = this.transform;
    const p = this.points;
    const colors = this.colors;
    for (let k = 0; k < p.size; k++) {
      let pos: number;
      if (axis === 3) pos = p.rcn[k];
      else if (!rotate) pos = axis === 0 ? p.xn[k] : axis === 1 ? p.yn[k] : p.zn[k];
      else if (axis === 0) pos = t.x(p.xn[k], p.yn[k], p.zn[k]);
      else if (axis === 1) pos = t.y(p.xn[k], p.yn[k], p.zn[k]);
      else pos = t.z(p.xn[k], p.yn[k], p.zn[k]);
      const d = mode === 0 ? Math.abs(fr(pos - offset)) : mode === 1 ? fr(pos - offset) : fr(offset - pos);
      let level = fr(base - fr(falloff * fr(d - size)));
      level = level < 0 ? 0 : level > 255 ? 255 : level;
      const maskValue = level | 0; // NaN (fade 0 at the edge) casts to 0, as Java's (int)
      const alpha = invert ? maskValue : 255 - maskValue;
      const i = p.index[k];
      if (cue) colors[i] = graynf(fr((255 - alpha) / 255));
      else if (whiteout) colors[i] = lightest(colors[i], (0xff000000 | (alpha << 16) | (alpha << 8) | alpha) >>> 0, effectMask);
      else colors[i] = multiply(colors[i], (alpha << 24) >>> 0, effectMask);
    }
  }
}
