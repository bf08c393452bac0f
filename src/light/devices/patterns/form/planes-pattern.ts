import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { LXComponent } from '../../../component/lx-component.js';
import { toRadians } from '../../../math/float32.js';
import { RotationMatrix } from '../../../model/rotation-matrix.js';
import { javaCos, javaSin } from '../../../math/java-math.js';
import { lxArray, type LoadContext, type LxObject } from '../../../component/lxp-types.js';
import { pointPool } from '../../../parallel/point-pool.js';
import { lerpf } from '../../../math/pattern-math.js';
import { planesKernel } from './planes-kernel.js';
import {
  A,
  AP,
  AXIS,
  B,
  BP,
  C,
  CP,
  D,
  FADE,
  FREE,
  INV_SQRT,
  LEVEL,
  PLANE_WORDS,
  PLANES_COUNT,
  PLANES_FIRST,
  PLANES_MATRIX,
  PLANES_UNROTATED,
  WIDTH,
  X,
  Y,
  Z,
} from './planes-layout.js';
import { Pattern } from '../pattern.js';

const f = Math.fround;

/** PlanesPattern.Axis, in enum order. */
const AXES = [
  { label: 'X-axis', name: 'X' },
  { label: 'Y-axis', name: 'Y' },
  { label: 'Z-axis', name: 'Z' },
  { label: 'Free', name: 'FREE' },
  { label: 'R-center', name: 'RC' },
  { label: 'R-origin', name: 'RO' },
];

const MAX_PLANES = 8;

const bipolar = (label: string, value: number, description: string, options: { percent?: boolean; degrees?: boolean } = {}): BoundedParameter =>
  new BoundedParameter(label, value, {
    v0: options.degrees === true ? -180 : -1,
    v1: options.degrees === true ? 180 : 1,
    polarity: 'bipolar',
    units: options.degrees === true ? 'degrees' : options.percent === false ? 'none' : 'percentNormalized',
    wrappable: options.degrees === true,
    modulatable: true,
    description,
  });

/**
 * One plane of a PlanesPattern (LX's PlanesPattern.Plane layer): a slab of light across the
 * model, added onto the pattern's colors at its level.
 */
export class Plane extends LXComponent {
  readonly lxClass = 'heronarts.lx.pattern.form.PlanesPattern$Plane';
  readonly level = new BoundedParameter('Level', 1, { units: 'percentNormalized', modulatable: true, description: 'Brightness of this plane' });
  readonly position = bipolar('Position', 0, 'Position of the plane between Min and Max Position');
  readonly width = new BoundedParameter('Width', 0.1, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Width of the plane between Min and Max Width',
  });
  readonly contrast = new BoundedParameter('Contrast', 0.75, { units: 'percentNormalized', modulatable: true, description: 'Sharpness of the plane edge' });
  readonly axis = new EnumParameter('Axis', AXES, X, {
    description: 'X/Y/Z: a tilted slab across that axis. Free: plane constants. R-center/R-origin: a sphere',
  });
  readonly tilt = bipolar('Tilt', 0, 'Tilt of the plane', { degrees: true });
  readonly spin = bipolar('Spin', 0, 'Spin of the plane', { degrees: true });
  readonly tiltPosition = bipolar('Tilt Pos', 0, 'Pivot position of the tilt');
  readonly spinPosition = bipolar('Spin Pos', 0, 'Pivot position of the spin');
  readonly active = new BooleanParameter('Active', false, { description: 'Whether this plane renders' });
  readonly positionMin = new BoundedParameter('Min Position', 0, { description: 'Position at Position −100%' });
  readonly positionMax = new BoundedParameter('Max Position', 1, { description: 'Position at Position +100%' });
  readonly widthMin = new BoundedParameter('Min Width', 0, { description: 'Width at Width 0%' });
  readonly widthMax = new BoundedParameter('Max Width', 1, { description: 'Width at Width 100%' });
  readonly planeA = bipolar('Ax', 1, 'Free plane constant A (x coefficient)', { percent: false });
  readonly planeB = bipolar('By', 0, 'Free plane constant B (y coefficient)', { percent: false });
  readonly planeC = bipolar('Cz', 0, 'Free plane constant C (z coefficient)', { percent: false });
  readonly planeD = bipolar('D', 0, 'Free plane constant D (offset)', { percent: false });

  // LX's PlaneConstants: kept between frames. Free never sets ap/bp/cp or invSqrt, so it reads
  // whatever an earlier X/Y/Z frame left (0 on a fresh plane: every point at distance 0).
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  private ap = 0;
  private bp = 0;
  private cp = 0;
  private invSqrt = 0;

  constructor(index: number) {
    super('Plane');
    this.addParameter('level', this.level);
    this.addParameter('position', this.position);
    this.addParameter('width', this.width);
    this.addParameter('contrast', this.contrast);
    this.addParameter('axis', this.axis);
    this.addParameter('tilt', this.tilt);
    this.addParameter('spin', this.spin);
    this.addParameter('tiltPosition', this.tiltPosition);
    this.addParameter('spinPosition', this.spinPosition);
    this.addParameter('active', this.active);
    this.addParameter('positionMin', this.positionMin);
    this.addParameter('positionMax', this.positionMax);
    this.addParameter('widthMin', this.widthMin);
    this.addParameter('widthMax', this.widthMax);
    this.addParameter('planeA', this.planeA);
    this.addParameter('planeB', this.planeB);
    this.addParameter('planeC', this.planeC);
    this.addParameter('planeD', this.planeD);
    this.active.setOn(index === 0);
  }

  /**
   * LX's Plane.run up to its point loop: when active, updates the plane constants and writes
   * this frame's block for planesKernel at `num[at..]`. Returns whether the plane renders.
   */
  prepare(num: Float64Array, at: number): boolean {
    if (!this.active.isOn()) return false;
    const axis = this.axis.getValue();
    const position = lerpf(this.positionMin.getValuef(), this.positionMax.getValuef(), f(0.5 * f(1 + this.position.getValuef())));
    const width = f(0.5 * lerpf(this.widthMin.getValuef(), this.widthMax.getValuef(), this.width.getValuef()));
    const fade = f(f(1 / width) / f(1 - this.contrast.getValuef()));
    if (axis === X || axis === Y || axis === Z) {
      const tilt = -toRadians(this.tilt.getValue());
      const spin = toRadians(this.spin.getValue());
      const cosTilt = javaCos(tilt);
      const sinTilt = javaSin(tilt);
      const cosSpin = javaCos(spin);
      const sinSpin = javaSin(spin);
      this.ap = position;
      this.bp = f(0.5 * f(1 + this.tiltPosition.getValuef()));
      this.cp = f(0.5 * f(1 + this.spinPosition.getValuef()));
      const a = f(cosTilt * cosSpin);
      const b = f(sinTilt * cosSpin);
      const c = f(sinSpin * cosTilt);
      this.a = a;
      this.b = b;
      this.c = c;
      this.invSqrt = f(1 / Math.sqrt(f(f(f(a * a) + f(b * b)) + f(c * c))));
    } else if (axis === FREE) {
      this.a = this.planeA.getValuef();
      this.b = this.planeB.getValuef();
      this.c = this.planeC.getValuef();
      this.d = f(f(-position) - this.planeD.getValuef());
    } else {
      this.d = position;
    }
    num[at + AXIS] = axis;
    num[at + A] = this.a;
    num[at + B] = this.b;
    num[at + C] = this.c;
    num[at + D] = this.d;
    num[at + AP] = this.ap;
    num[at + BP] = this.bp;
    num[at + CP] = this.cp;
    num[at + INV_SQRT] = this.invSqrt;
    num[at + WIDTH] = width;
    num[at + FADE] = fade;
    num[at + LEVEL] = this.level.getValuef();
    return true;
  }
}

/**
 * Up to eight planes of light (LX's PlanesPattern): each active plane adds a soft slab (or a
 * spherical shell) of gray at its level onto black. The whole model can be turned by yaw, pitch
 * and roll about its center first.
 */
export class PlanesPattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.form.PlanesPattern';
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
  /** The planes, `layer/1..8`. */
  readonly planes = this.addArray<Plane>('layer');
  private readonly transform = new RotationMatrix();

  constructor() {
    super('Planes');
    this.addParameter('yaw', this.yaw);
    this.addParameter('pitch', this.pitch);
    this.addParameter('roll', this.roll);
    for (let i = 0; i < MAX_PLANES; i++) this.planes.insert(new Plane(i));
  }

  /** Each point from its own coordinates. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(): void {
    const pts = this.points;
    const job = pointPool.begin();
    const num = job.num;
    const t = this.transform;
    t.update(this.yaw.getValue(), this.pitch.getValue(), this.roll.getValue());
    num[PLANES_UNROTATED] = t.isIdentity ? 1 : 0;
    t.writeRows(num, PLANES_MATRIX);
    // LX runs the layers after the pattern's own run, before its effects.
    let active = 0;
    for (const plane of this.planes.items) if (plane.prepare(num, PLANES_FIRST + active * PLANE_WORDS)) active++;
    num[PLANES_COUNT] = active;
    job.arrays.push(pts.xn, pts.yn, pts.zn, pts.rn, pts.index, this.colors);
    pointPool.run(planesKernel, pts.size);
  }

  protected override extraSaveKeys(): readonly string[] {
    return [...super.extraSaveKeys(), 'planes'];
  }

  protected override saveExtra(obj: LxObject): void {
    super.saveExtra(obj);
    obj.planes = this.planes.items.map((p) => p.save());
  }

  protected override loadExtra(obj: LxObject, ctx: LoadContext): void {
    super.loadExtra(obj, ctx);
    const saved = lxArray(obj.planes);
    for (let i = 0; i < saved.length && i < MAX_PLANES; i++) this.planes.items[i].load(saved[i], ctx);
  }
}
