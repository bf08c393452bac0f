import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import type { Parameter } from '../../../../engine/parameters/parameter.js';
import { SeededRandom } from '../../../../engine/random.js';
import { GrayTable } from '../../../color/gradient.js';
import { javaInt } from '../../../math/java-num.js';
import { RotationMatrix } from '../../../model/rotation-matrix.js';
import { NOISE_ALGORITHMS, noiseMotionPeriodMs } from '../../../math/noise-device-math.js';
import {
  NORMAL,
  PERLIN,
  NOISE_ALGORITHM,
  NOISE_CONTRAST,
  NOISE_GAIN,
  NOISE_LACUNARITY,
  NOISE_LEVEL,
  NOISE_LUT,
  NOISE_LUT_SIZE,
  NOISE_MATRIX,
  NOISE_MAX,
  NOISE_MIN,
  NOISE_MODE,
  NOISE_MOTION,
  NOISE_OCTAVES,
  NOISE_OFFSET,
  NOISE_RIDGE,
  NOISE_ROTATE,
  NOISE_SCALE,
  NOISE_SEED,
  noiseKernel,
} from './noise-kernel.js';
import { pointPool } from '../../../parallel/point-pool.js';
import { LinearEnvelope, SawLFO } from '../../shared/built-in-modulators.js';
import { lerpf } from '../../../math/pattern-math.js';
import { Pattern } from '../pattern.js';

const f = Math.fround;

/** NoisePattern.CoordinateMode, in enum order. */
const COORDINATE_MODES = [
  { label: 'Normal', name: 'NORMAL' },
  { label: 'Center', name: 'CENTER' },
  { label: 'Radial', name: 'RADIAL' },
  { label: 'None', name: 'NONE' },
];

const ALGORITHM_CHOICES = NOISE_ALGORITHMS.map((a) => ({ label: a.label, name: a.name }));

const bipolar = (label: string, value: number, description: string, percent = true): BoundedParameter =>
  new BoundedParameter(label, value, { v0: -1, v1: 1, polarity: 'bipolar', units: percent ? 'percentNormalized' : 'none', modulatable: true, description });

/**
 * Grayscale 3D noise (LX's NoisePattern): stb_perlin Perlin, ridge, FBM or turbulence noise over
 * the normalized coordinates, moving through noise space at a speed per axis, or per-frame random
 * static. Brightness is level + contrast·noise, clamped to min..max and looked up through an
 * invert table.
 */
export class NoisePattern extends Pattern {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'random'];
  }

  readonly lxClass = 'heronarts.lx.pattern.texture.NoisePattern';
  readonly level = new BoundedParameter('Level', 50, { v1: 100, units: 'percent', modulatable: true, description: 'Midpoint brightness of the noise' });
  readonly contrast = new BoundedParameter('Contrast', 100, {
    v1: 500,
    exponent: 2,
    units: 'percent',
    modulatable: true,
    description: 'How far the noise swings around the level',
  });
  readonly minLevel = new BoundedParameter('Min', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Lowest output brightness' });
  readonly maxLevel = new BoundedParameter('Max', 100, { v1: 100, units: 'percent', modulatable: true, description: 'Highest output brightness' });
  readonly invert = new BoundedParameter('Invert', 0, { units: 'percentNormalized', modulatable: true, description: 'How much the brightness is inverted' });
  readonly xOffset = bipolar('X-Pos', 0, 'Coordinate offset on the x axis', false);
  readonly yOffset = bipolar('Y-Pos', 0, 'Coordinate offset on the y axis', false);
  readonly zOffset = bipolar('Z-Pos', 0, 'Coordinate offset on the z axis', false);
  readonly scale = new BoundedParameter('Scale', 0.5, {
    units: 'percentNormalized',
    modulatable: true,
    description: 'Size of the noise features, between Min Scale and Max Scale',
  });
  readonly minScale = new BoundedParameter('Min Scale', 1, { v0: 0.1, v1: 100, exponent: 2, description: 'Noise scale at Scale 0' });
  readonly maxScale = new BoundedParameter('Max Scale', 10, { v0: 1, v1: 1000, exponent: 2, description: 'Noise scale at Scale 1' });
  readonly xScale = bipolar('X-Scale', 1, 'Scaling applied to the x axis');
  readonly yScale = bipolar('Y-Scale', 1, 'Scaling applied to the y axis');
  readonly zScale = bipolar('Z-Scale', 1, 'Scaling applied to the z axis');
  readonly motion = new BooleanParameter('Motion', true, { description: 'Whether the noise moves (ramps over 250 ms when toggled)' });
  readonly motionSpeed = bipolar('Speed', 0, 'Motion speed; its square sets the rate');
  readonly motionSpeedRange = new BoundedParameter('Speed Range', 128, { v0: 1, v1: 256, description: 'Range of the speed control' });
  readonly xMotion = bipolar('X-Motion', 0, 'Rate of motion along x');
  readonly yMotion = bipolar('Y-Motion', 0, 'Rate of motion along y');
  readonly zMotion = bipolar('Z-Motion', 1, 'Rate of motion along z');
  readonly algorithm = new EnumParameter('Algorithm', ALGORITHM_CHOICES, PERLIN, {
    description: 'Noise function: Perlin, Ridge, FBM, Turbulence or random Static',
  });
  readonly seed = new DiscreteParameter('Seed', 0, 0, 255, { description: 'Seed of the Perlin noise (Ridge, FBM and Turbulence ignore it, as in LX)' });
  readonly octaves = new DiscreteParameter('Octaves', 3, 1, 8, { description: 'Octaves summed by Ridge, FBM and Turbulence' });
  readonly lacunarity = new BoundedParameter('Lacunarity', 2, { v1: 4, description: 'Frequency step between octaves (2 wraps cleanly)' });
  readonly gain = new BoundedParameter('Gain', 0.5, { description: 'Weight of each successive octave' });
  readonly ridgeOffset = new BoundedParameter('Ridge', 0.9, { v1: 2, description: 'Ridge offset, inverts the ridges' });
  readonly xMode = new EnumParameter('X Mode', COORDINATE_MODES, NORMAL, { description: 'How the x coordinate is measured' });
  readonly yMode = new EnumParameter('Y Mode', COORDINATE_MODES, NORMAL, { description: 'How the y coordinate is measured' });
  readonly zMode = new EnumParameter('Z Mode', COORDINATE_MODES, NORMAL, { description: 'How the z coordinate is measured' });
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

  private readonly motionDamped: LinearEnvelope;
  private readonly xModulation: SawLFO;
  private readonly yModulation: SawLFO;
  private readonly zModulation: SawLFO;
  private readonly invertLut = new GrayTable(256);
  private readonly transform = new RotationMatrix();
  private readonly random = new SeededRandom(0x4e6f6973);
  constructor() {
    super('Noise');
    this.addParameter('midpoint', this.level);
    this.addParameter('contrast', this.contrast);
    this.addParameter('minLevel', this.minLevel);
    this.addParameter('maxLevel', this.maxLevel);
    this.addParameter('invert', this.invert);
    this.addParameter('xOffset', this.xOffset);
    this.addParameter('yOffset', this.yOffset);
    this.addParameter('zOffset', this.zOffset);
    this.addParameter('scale', this.scale);
    this.addParameter('minScale', this.minScale);
    this.addParameter('maxScale', this.maxScale);
    this.addParameter('xScale', this.xScale);
    this.addParameter('yScale', this.yScale);
    this.addParameter('zScale', this.zScale);
    this.addParameter('motion', this.motion);
    this.addParameter('motionSpeed', this.motionSpeed);
    this.addParameter('motionSpeedRange', this.motionSpeedRange);
    this.addParameter('xMotion', this.xMotion);
    this.addParameter('yMotion', this.yMotion);
    this.addParameter('zMotion', this.zMotion);
    this.addParameter('algorithm', this.algorithm);
    this.addParameter('seed', this.seed);
    this.addParameter('octaves', this.octaves);
    this.addParameter('lacunarity', this.lacunarity);
    this.addParameter('gain', this.gain);
    this.addParameter('ridgeOffset', this.ridgeOffset);
    this.addParameter('xMode', this.xMode);
    this.addParameter('yMode', this.yMode);
    this.addParameter('zMode', this.zMode);
    this.addParameter('rotate', this.rotate);
    this.addParameter('yaw', this.yaw);
    this.addParameter('pitch', this.pitch);
    this.addParameter('roll', this.roll);

    // LX adds the motion ramp stopped (addModulator), then starts the three motion LFOs.
    this.motionDamped = new LinearEnvelope(this.motion.isOn() ? 1 : 0, 1, 250);
    this.builtIns.insert(this.motionDamped);
    this.xModulation = this.startModulator(new SawLFO(0, 256, () => this.motionPeriod(this.xMotion)));
    this.yModulation = this.startModulator(new SawLFO(0, 256, () => this.motionPeriod(this.yMotion)));
    this.zModulation = this.startModulator(new SawLFO(0, 256, () => this.motionPeriod(this.zMotion)));
  }

  private motionPeriod(axis: BoundedParameter): number {
    return noiseMotionPeriodMs(this.motionSpeed.getValue(), this.motionSpeedRange.getValue(), this.motionDamped.getValue(), axis.getValue());
  }

  protected override onParameterChanged(p: Parameter): void {
    super.onParameterChanged(p);
    if (p === this.motion) {
      this.motionDamped.setRangeFromHereTo(this.motion.isOn() ? 1 : 0);
      this.motionDamped.trigger.fire();
    }
  }

  /** Each point from its own coordinates; STATIC draws one random number per point visited, so it renders every point. */
  override get subsetCapable(): boolean {
    return this.algorithm.getValue() !== NOISE_ALGORITHMS.length - 1;
  }

  protected run(): void {
    this.invertLut.update(this.invert.getNormalized());
    if (this.algorithm.getValue() === NOISE_ALGORITHMS.length - 1) this.runStatic();
    else this.runNoise();
  }

  private runNoise(): void {
    const pts = this.points;
    const job = pointPool.begin();
    const num = job.num;
    const scale = lerpf(this.minScale.getValuef(), this.maxScale.getValuef(), this.scale.getValuef());
    num[NOISE_ALGORITHM] = this.algorithm.getValue();
    num[NOISE_SEED] = this.seed.getValue();
    num[NOISE_MOTION] = this.xModulation.getValuef();
    num[NOISE_MOTION + 1] = this.yModulation.getValuef();
    num[NOISE_MOTION + 2] = this.zModulation.getValuef();
    num[NOISE_OFFSET] = this.xOffset.getValuef();
    num[NOISE_OFFSET + 1] = this.yOffset.getValuef();
    num[NOISE_OFFSET + 2] = this.zOffset.getValuef();
    num[NOISE_SCALE] = f(scale * this.xScale.getValuef());
    num[NOISE_SCALE + 1] = f(scale * this.yScale.getValuef());
    num[NOISE_SCALE + 2] = f(scale * this.zScale.getValuef());
    num[NOISE_MODE] = this.xMode.getValue();
    num[NOISE_MODE + 1] = this.yMode.getValue();
    num[NOISE_MODE + 2] = this.zMode.getValue();
    num[NOISE_OCTAVES] = this.octaves.getValue();
    num[NOISE_LACUNARITY] = this.lacunarity.getValuef();
    num[NOISE_GAIN] = this.gain.getValuef();
    num[NOISE_RIDGE] = this.ridgeOffset.getValuef();
    const contrast = this.contrast.getValuef();
    const minLevel = this.minLevel.getValuef();
    const maxLevel = this.maxLevel.getValuef();
    num[NOISE_LEVEL] = lerpf(minLevel, maxLevel, f(f(this.level.getValuef() - f(contrast / 4)) * f(0.01)));
    num[NOISE_CONTRAST] = contrast;
    num[NOISE_MIN] = minLevel;
    num[NOISE_MAX] = maxLevel;
    const rotate = this.rotate.isOn();
    num[NOISE_ROTATE] = rotate ? 1 : 0;
    if (rotate) {
      const t = this.transform;
      t.update(this.yaw.getValue(), this.pitch.getValue(), this.roll.getValue());
      t.writeRows(num, NOISE_MATRIX);
    }
    const lut = this.invertLut.lut;
    for (let i = 0; i < NOISE_LUT_SIZE; i++) num[NOISE_LUT + i] = lut[i];
    job.arrays.push(pts.xn, pts.yn, pts.zn, pts.rcn, pts.index, this.colors);
    pointPool.run(noiseKernel, pts.size);
  }

  /** STATIC: each point uniform in level ± contrast every frame (LX uses Math.random; here the seeded generator). */
  private runStatic(): void {
    const minLevel = this.minLevel.getValuef();
    const maxLevel = this.maxLevel.getValuef();
    const level = lerpf(minLevel, maxLevel, f(this.level.getValuef() * f(0.01)));
    const contrast = this.contrast.getValuef();
    const lut = this.invertLut.lut;
    const pts = this.points;
    const colors = this.colors;
    const random = this.random;
    for (let k = 0; k < pts.size; k++) {
      const b = f(level + f(contrast * f(-1 + f(2 * f(random.next())))));
      const clamped = b < minLevel ? minLevel : b > maxLevel ? maxLevel : b;
      colors[pts.index[k]] = lut[javaInt(2.559 * clamped)];
    }
  }
}
