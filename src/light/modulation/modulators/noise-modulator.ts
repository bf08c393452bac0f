import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import { NOISE_ALGORITHMS, noiseModulatorSample, noiseModulatorStep } from '../../math/noise-device-math.js';
import { Modulator } from '../modulator.js';

/**
 * LX's NoiseModulator ("Noise"): 1D noise. Each frame basis += Δt/1000 · range · speed, kept in
 * [0, 256); value = lerp(min, max, clamp(level + contrast · N(basis), 0, 1)), where N is seeded Perlin,
 * Ridge, FBM, Turbulence, or Static (random, from the modulator's seeded generator).
 */
export class NoiseModulator extends Modulator {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'basis'];
  }

  readonly lxClass = 'heronarts.lx.modulator.NoiseModulator';
  readonly speed = new BoundedParameter('Speed', 0.25, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    units: 'percentNormalized',
    description: 'Speed of the noise motion; negative runs backwards',
  });
  readonly speedRange = new BoundedParameter('Range', 1, { v1: 5, units: 'percentNormalized', description: 'Range of the speed knob' });
  readonly level = new BoundedParameter('Level', 0.5, { modulatable: true, units: 'percentNormalized', description: 'Midpoint of the output' });
  readonly contrast = new BoundedParameter('Contrast', 1, {
    v1: 5,
    exponent: 2,
    modulatable: true,
    units: 'percentNormalized',
    description: 'How far the noise swings around the level',
  });
  readonly minLevel = new BoundedParameter('Min', 0, { modulatable: true, units: 'percentNormalized', description: 'Lowest output' });
  readonly maxLevel = new BoundedParameter('Max', 1, { modulatable: true, units: 'percentNormalized', description: 'Highest output' });
  readonly algorithm = new EnumParameter('Algorithm', NOISE_ALGORITHMS, 0, { description: 'Noise function' });
  readonly seed = new DiscreteParameter('Seed', 0, 0, 255, { description: 'Seed of the Perlin noise' });
  readonly octaves = new DiscreteParameter('Octaves', 3, 1, 8, { description: 'Octaves summed by Ridge, FBM and Turbulence' });
  readonly lacunarity = new BoundedParameter('Lacunarity', 2, { v1: 4, description: 'Spacing between successive octaves' });
  readonly gain = new BoundedParameter('Gain', 0.5, { description: 'Weight of each successive octave' });
  readonly ridgeOffset = new BoundedParameter('Ridge', 0.9, { v1: 2, description: 'Ridge offset of the Ridge algorithm' });
  readonly showPreview = new BooleanParameter('Preview', false, { description: 'Whether the console shows the noise curve' });
  private basis = 0;

  constructor(label = 'Noise') {
    super(label);
    this.addParameter('speed', this.speed);
    this.addParameter('speedRange', this.speedRange);
    this.addParameter('level', this.level);
    this.addParameter('contrast', this.contrast);
    this.addParameter('minLevel', this.minLevel);
    this.addParameter('maxLevel', this.maxLevel);
    this.addParameter('algorithm', this.algorithm);
    this.addParameter('seed', this.seed);
    this.addParameter('octaves', this.octaves);
    this.addParameter('lacunarity', this.lacunarity);
    this.addParameter('gain', this.gain);
    this.addParameter('ridgeOffset', this.ridgeOffset);
    this.addParameter('showPreview', this.showPreview);
  }

  protected computeValue(deltaMs: number): number {
    this.basis = noiseModulatorStep(this.basis, deltaMs, this.speedRange.getValue(), this.speed.getValue());
    const algorithm = NOISE_ALGORITHMS[this.algorithm.getValue()].name;
    const n = noiseModulatorSample(
      algorithm,
      this.basis,
      this.seed.getValue(),
      this.octaves.getValue(),
      this.lacunarity.getValuef(),
      this.gain.getValuef(),
      this.ridgeOffset.getValuef(),
      algorithm === 'STATIC' ? -1 + 2 * this.random.next() : 0,
    );
    // LX: lerp(min, max, clamp(level + contrast · noise, 0, 1)): Min and Max scale the output, not clip it.
    const v = this.level.getValue() + this.contrast.getValue() * n;
    const min = this.minLevel.getValue();
    return min + (this.maxLevel.getValue() - min) * (v < 0 ? 0 : v > 1 ? 1 : v);
  }
}
