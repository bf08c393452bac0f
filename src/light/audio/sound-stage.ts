import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { LXComponent } from '../component/lx-component.js';
import type { GeometryBounds, NormalizationBounds } from '../model/points.js';

const fr = Math.fround;
/** LX's fixture position range: absolute stage coordinates lie within ±1,000,000. */
const POSITION_RANGE = 1000000;

const STAGE_MODES = [
  { label: 'Default', name: 'DEFAULT' },
  { label: 'Relative', name: 'RELATIVE' },
  { label: 'Absolute', name: 'ABSOLUTE' },
];
const METER_MODES = [
  { label: 'None', name: 'NONE' },
  { label: 'Size', name: 'OBJECT_SIZE' },
  { label: 'Meter', name: 'METER' },
];
/** How a device places a sound object on the stage (LX's SoundStage.ObjectPositionMode). */
export const POSITION_MODES = [
  { label: 'Abs', name: 'ABSOLUTE' },
  { label: 'Radial', name: 'RADIAL' },
  { label: 'Box', name: 'BOX' },
];
const POSITION_ABSOLUTE = 0;
const POSITION_RADIAL = 1;

/** What the stage needs from a sound object: its stage-relative position and direction (float32). */
interface PlacedObject {
  /** Position in stage space, (.5, .5, .5) the center; beyond [0, 1] past 100 % distance. */
  readonly position: Float32Array;
  /** Unit direction, each component in [−1, 1]. */
  readonly normalized: Float32Array;
}

const degrees = (label: string, v1: number, description: string): BoundedParameter =>
  new BoundedParameter(label, 0, { v0: -v1, v1, units: 'degrees', description });

/**
 * LX's SoundStage at `/lx/audio/soundStage`: the box sound objects are placed in. Default is the
 * model's own box (center and ranges); Relative offsets and scales it by fractions of the model's
 * ranges; Absolute gives it in model coordinates. Relative and Absolute stages can face another
 * way (azimuth about Y, then elevation about X). A device maps an object's stage position into
 * its own model's normalized space (`objectPosition`). The show/UI keys are kept and saved.
 */
export class SoundStage extends LXComponent {
  readonly lxClass = 'heronarts.lx.audio.SoundStage';
  readonly mode = new EnumParameter('Stage Mode', STAGE_MODES, 0, { description: 'How the stage box is given: the model box, relative to it, or absolute' });
  readonly xAbsolute = new BoundedParameter('X', 0, { v0: -POSITION_RANGE, v1: POSITION_RANGE, description: 'Absolute X of the stage center' });
  readonly yAbsolute = new BoundedParameter('Y', 0, { v0: -POSITION_RANGE, v1: POSITION_RANGE, description: 'Absolute Y of the stage center' });
  readonly zAbsolute = new BoundedParameter('Z', 0, { v0: -POSITION_RANGE, v1: POSITION_RANGE, description: 'Absolute Z of the stage center' });
  readonly widthAbsolute = new BoundedParameter('Width', 100, { v1: POSITION_RANGE, description: 'Absolute width of the stage' });
  readonly heightAbsolute = new BoundedParameter('Height', 100, { v1: POSITION_RANGE, description: 'Absolute height of the stage' });
  readonly depthAbsolute = new BoundedParameter('Depth', 100, { v1: POSITION_RANGE, description: 'Absolute depth of the stage' });
  readonly azimuthAbsolute = degrees('Azimuth', 180, 'Azimuth the absolute stage faces');
  readonly elevationAbsolute = degrees('Elevation', 90, 'Elevation the absolute stage faces');
  readonly xRelative = new BoundedParameter('X', 0, {
    v0: -5,
    v1: 5,
    units: 'percentNormalized',
    description: 'Stage center X, in model widths from its center',
  });
  readonly yRelative = new BoundedParameter('Y', 0, {
    v0: -5,
    v1: 5,
    units: 'percentNormalized',
    description: 'Stage center Y, in model heights from its center',
  });
  readonly zRelative = new BoundedParameter('Z', 0, {
    v0: -5,
    v1: 5,
    units: 'percentNormalized',
    description: 'Stage center Z, in model depths from its center',
  });
  readonly widthRelative = new BoundedParameter('Width', 1, { v1: 5, units: 'percentNormalized', description: 'Stage width, in model widths' });
  readonly heightRelative = new BoundedParameter('Height', 1, { v1: 5, units: 'percentNormalized', description: 'Stage height, in model heights' });
  readonly depthRelative = new BoundedParameter('Depth', 1, { v1: 5, units: 'percentNormalized', description: 'Stage depth, in model depths' });
  readonly azimuthRelative = degrees('Azimuth', 180, 'Azimuth the relative stage faces');
  readonly elevationRelative = degrees('Elevation', 90, 'Elevation the relative stage faces');
  readonly showSoundStage = new BooleanParameter('Show Sound Stage', false, { description: 'Console UI: draw the stage box' });
  readonly showSoundObjects = new BooleanParameter('Show Sound Objects', true, { description: 'Console UI: draw the sound objects' });
  readonly soundObjectMeterMode = new EnumParameter('Meter Mode', METER_MODES, 0, { description: 'Console UI: how sound object meters are drawn' });
  readonly soundObjectSize = new BoundedParameter('Sound Object Size', 10, { v0: 1, v1: 100000, description: 'Console UI: drawn size of sound objects' });
  readonly soundObjectLabels = new BooleanParameter('Sound Object Labels', true, { description: 'Console UI: label the sound objects' });

  /** The stage box this frame: center, size and basis rows (x, y, z), float32 as LX keeps them. */
  private readonly center = new Float32Array(3);
  private readonly size = new Float32Array(3);
  private readonly basis = new Float32Array(9);

  constructor() {
    super('SoundStage');
    this.addParameter('mode', this.mode);
    this.addParameter('xAbsolute', this.xAbsolute);
    this.addParameter('yAbsolute', this.yAbsolute);
    this.addParameter('zAbsolute', this.zAbsolute);
    this.addParameter('widthAbsolute', this.widthAbsolute);
    this.addParameter('heightAbsolute', this.heightAbsolute);
    this.addParameter('depthAbsolute', this.depthAbsolute);
    this.addParameter('azimuthAbsolute', this.azimuthAbsolute);
    this.addParameter('elevationAbsolute', this.elevationAbsolute);
    this.addParameter('xRelative', this.xRelative);
    this.addParameter('yRelative', this.yRelative);
    this.addParameter('zRelative', this.zRelative);
    this.addParameter('widthRelative', this.widthRelative);
    this.addParameter('heightRelative', this.heightRelative);
    this.addParameter('depthRelative', this.depthRelative);
    this.addParameter('azimuthRelative', this.azimuthRelative);
    this.addParameter('elevationRelative', this.elevationRelative);
    this.addParameter('showSoundStage', this.showSoundStage);
    this.addParameter('showSoundObjects', this.showSoundObjects);
    this.addParameter('soundObjectMeterMode', this.soundObjectMeterMode);
    this.addParameter('soundObjectSize', this.soundObjectSize);
    this.addParameter('soundObjectLabels', this.soundObjectLabels);
  }

  /** Faces the stage: the basis rows of the rotation about X by `elevation` after Y by −`azimuth` (degrees). */
  private setRotation(azimuth: number, elevation: number): void {
    const a = fr(-fr((azimuth * Math.PI) / 180));
    const e = fr((elevation * Math.PI) / 180);
    const ca = fr(Math.cos(a));
    const sa = fr(Math.sin(a));
    const ce = fr(Math.cos(e));
    const se = fr(Math.sin(e));
    const b = this.basis;
    b[0] = ca;
    b[1] = 0;
    b[2] = sa;
    b[3] = fr(fr(-se) * fr(-sa));
    b[4] = ce;
    b[5] = fr(fr(-se) * ca);
    b[6] = fr(ce * fr(-sa));
    b[7] = se;
    b[8] = fr(ce * ca);
  }

  /** Recomputes the box from the global model's bounds (LX: on a stage or model change; cheap, so per frame here). */
  update(model: GeometryBounds): void {
    const c = this.center;
    const s = this.size;
    const mode = this.mode.getValue();
    if (mode === 1) {
      this.setRotation(this.azimuthRelative.getValuef(), this.elevationRelative.getValuef());
      c[0] = fr(model.cx + fr(model.xRange * this.xRelative.getValuef()));
      c[1] = fr(model.cy + fr(model.yRange * this.yRelative.getValuef()));
      c[2] = fr(model.cz + fr(model.zRange * this.zRelative.getValuef()));
      s[0] = fr(model.xRange * this.widthRelative.getValuef());
      s[1] = fr(model.yRange * this.heightRelative.getValuef());
      s[2] = fr(model.zRange * this.depthRelative.getValuef());
    } else if (mode === 2) {
      this.setRotation(this.azimuthAbsolute.getValuef(), this.elevationAbsolute.getValuef());
      c[0] = this.xAbsolute.getValuef();
      c[1] = this.yAbsolute.getValuef();
      c[2] = this.zAbsolute.getValuef();
      s[0] = this.widthAbsolute.getValuef();
      s[1] = this.heightAbsolute.getValuef();
      s[2] = this.depthAbsolute.getValuef();
    } else {
      this.setRotation(0, 0);
      c[0] = model.cx;
      c[1] = model.cy;
      c[2] = model.cz;
      s[0] = model.xRange;
      s[1] = model.yRange;
      s[2] = model.zRange;
    }
  }

  /**
   * Writes into `out` where `object` sits in the normalized space of `bounds` (the rendering
   * model's): placed by `mode` in the stage box ([−.5, .5] per axis: Abs from its position,
   * Radial its direction at half size, Box its direction pushed out to the box's surface),
   * turned and moved into the box, then inverse-interpolated against `bounds` (.5 on a flat axis).
   */
  objectPosition(object: PlacedObject, mode: number, bounds: NormalizationBounds, out: Float32Array): void {
    let x: number;
    let y: number;
    let z: number;
    if (mode === POSITION_ABSOLUTE) {
      x = fr(object.position[0] - 0.5);
      y = fr(object.position[1] - 0.5);
      z = fr(object.position[2] - 0.5);
    } else if (mode === POSITION_RADIAL) {
      x = fr(object.normalized[0] * 0.5);
      y = fr(object.normalized[1] * 0.5);
      z = fr(object.normalized[2] * 0.5);
    } else {
      const n = object.normalized;
      const scale = fr(0.5 / Math.max(Math.abs(n[0]), Math.abs(n[1]), Math.abs(n[2])));
      x = fr(n[0] * scale);
      y = fr(n[1] * scale);
      z = fr(n[2] * scale);
    }
    const c = this.center;
    const s = this.size;
    const b = this.basis;
    const xs = fr(x * s[0]);
    const ys = fr(y * s[1]);
    const zs = fr(z * s[2]);
    const px = fr(fr(fr(c[0] + fr(b[0] * xs)) + fr(b[3] * ys)) + fr(b[6] * zs));
    const py = fr(fr(fr(c[1] + fr(b[1] * xs)) + fr(b[4] * ys)) + fr(b[7] * zs));
    const pz = fr(fr(fr(c[2] + fr(b[2] * xs)) + fr(b[5] * ys)) + fr(b[8] * zs));
    out[0] = bounds.xRange === 0 ? 0.5 : fr(fr(px - bounds.xMin) / fr(bounds.xMax - bounds.xMin));
    out[1] = bounds.yRange === 0 ? 0.5 : fr(fr(py - bounds.yMin) / fr(bounds.yMax - bounds.yMin));
    out[2] = bounds.zRange === 0 ? 0.5 : fr(fr(pz - bounds.zMin) / fr(bounds.zMax - bounds.zMin));
  }
}
