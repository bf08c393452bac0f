import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { SeededRandom } from '../../engine/random.js';
import { javaPow } from '../modulation/java-math.js';
import { SPARKLE_WAVES } from '../modulation/waveshapes.js';

const MAX_SPARKLES = 1024;
const MAX_DENSITY = 4;

/**
 * The sparkle generator LX's SparklePattern and SparkleEffect share (SparklePattern.Engine): up to
 * 1024 sparkles, each lighting a random set of points for one waveshape cycle of a random-ish
 * interval, then re-rolling whether it fires (by density), its timing, level and points.
 * `levels[k]` (0..100, may exceed 100 where sparkles overlap) is the level of position k of the
 * model it runs over. Randomness comes only from the seeded generator it is given.
 */
export class SparkleEngine {
  readonly density = new BoundedParameter('Density', 50, { v1: MAX_DENSITY * 100, exponent: 2, units: 'percent', modulatable: true, description: 'Density of sparkles' });
  readonly speed = new BoundedParameter('Speed', 0.5, { units: 'percentNormalized', polarity: 'bipolar', modulatable: true, description: 'Speed of the sparkle effect' });
  readonly variation = new BoundedParameter('Variation', 25, { v1: 100, units: 'percent', modulatable: true, description: 'Variation of sparkle interval' });
  readonly duration = new BoundedParameter('Duration', 100, { v1: 100, units: 'percent', modulatable: true, description: 'Duration of a sparkle as percentage of interval' });
  readonly sharp = new BoundedParameter('Sharp', 0, { v0: -1, v1: 1, units: 'percentNormalized', polarity: 'bipolar', modulatable: true, description: 'Sharpness of sparkle curve' });
  readonly waveshape = new EnumParameter('Wave', SPARKLE_WAVES.map((w) => ({ label: w.name })), 0, { objectChooser: true, description: 'Shape of one sparkle over its duration' });
  readonly minInterval = new BoundedParameter('Fast', 1, { v0: 0.1, v1: 60, exponent: 2, units: 'seconds', modulatable: true, description: 'Minimum interval between sparkles' });
  readonly maxInterval = new BoundedParameter('Slow', 1, { v0: 0.1, v1: 60, exponent: 2, units: 'seconds', modulatable: true, description: 'Maximum interval between sparkles' });
  readonly baseLevel = new BoundedParameter('Base', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Base Level' });
  readonly minLevel = new BoundedParameter('Min', 75, { v1: 100, units: 'percent', modulatable: true, description: 'Minimum brightness level, as a percentage of the maximum' });
  readonly maxLevel = new BoundedParameter('Max', 100, { v1: 100, units: 'percent', modulatable: true, description: 'Peak sparkle brightness level' });

  /** 0..1: scales levels from 100 (nothing) toward the sparkle levels. */
  amount = 1;
  /** Level of each model position, 0..100 (overlapping sparkles add). */
  levels = new Float64Array(0);
  private size = -1;
  private numSparkles = 0;
  private pixelsPerSparkle = 0;
  private readonly on = new Uint8Array(MAX_SPARKLES);
  private readonly basis = new Float64Array(MAX_SPARKLES);
  private readonly randomVar = new Float64Array(MAX_SPARKLES);
  private readonly randomLevel = new Float64Array(MAX_SPARKLES);
  /** numSparkles × pixelsPerSparkle model positions. */
  private indices = new Int32Array(0);
  private initialized = 0;

  constructor(private readonly random: SeededRandom) {}

  /** Sizes the buffers for a model of `size` points; existing sparkles keep their timing. */
  setSize(size: number): void {
    if (size === this.size) return;
    this.size = size;
    this.levels = new Float64Array(size);
    this.numSparkles = Math.min(size, MAX_SPARKLES);
    this.pixelsPerSparkle = this.numSparkles === 0 ? 0 : Math.ceil(MAX_DENSITY * size / this.numSparkles);
    this.indices = new Int32Array(this.numSparkles * this.pixelsPerSparkle);
    for (let i = 0; i < this.numSparkles; i++) {
      if (i >= this.initialized) {
        this.on[i] = 0;
        this.basis[i] = this.random.next();
        this.randomVar[i] = this.random.next();
        this.randomLevel[i] = this.random.next();
      }
      this.reindex(i);
    }
    this.initialized = Math.max(this.initialized, this.numSparkles);
  }

  private reindex(s: number): void {
    const n = this.pixelsPerSparkle;
    const size = this.size;
    for (let j = 0; j < n; j++) {
      const k = Math.trunc(this.random.next() * size);
      this.indices[s * n + j] = k < 0 ? 0 : k > size - 1 ? size - 1 : k;
    }
  }

  /** Advances every sparkle by `deltaMs` and recomputes `levels` for a model of `size` points. */
  run(deltaMs: number, size: number): void {
    this.setSize(size);
    const minInterval = 1000 * this.minInterval.getValue();
    const maxInterval = 1000 * this.maxInterval.getValue();
    const speed = this.speed.getValue();
    const variation = 0.01 * this.variation.getValue();
    const durationInv = 100 / this.duration.getValue();
    const density = 0.01 * this.density.getValue();
    const amount = this.amount;
    const baseLevel = 100 + (this.baseLevel.getValue() - 100) * amount;
    const wave = SPARKLE_WAVES[this.waveshape.getValue()];
    let maxLevel = this.maxLevel.getValue();
    let minLevel = maxLevel * 0.01 * this.minLevel.getValue();
    maxLevel = 100 + (maxLevel - 100) * amount;
    minLevel = 100 + (minLevel - 100) * amount;
    const maxDelta = maxLevel - baseLevel;
    const minDelta = minLevel - baseLevel;
    let shape = this.sharp.getValue();
    shape = shape >= 0 ? 1 + 2 * shape : 1 / (1 - 2 * shape);

    const levels = this.levels;
    levels.fill(baseLevel);
    const n = this.pixelsPerSparkle;
    const indices = this.indices;
    for (let s = 0; s < this.numSparkles; s++) {
      let t = speed + variation * (this.randomVar[s] - 0.5);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const interval = maxInterval + (minInterval - maxInterval) * t;
      this.basis[s] += deltaMs / interval;
      if (this.basis[s] > 1) {
        this.basis[s] = 0;
        this.on[s] = MAX_DENSITY * this.random.next() <= density ? 1 : 0;
        if (this.on[s] === 1) {
          this.randomVar[s] = this.random.next();
          this.randomLevel[s] = this.random.next();
          this.reindex(s);
        }
      } else if (this.on[s] === 1 && amount > 0) {
        const sBasis = this.basis[s] * durationInv;
        if (sBasis < 1) {
          let g = wave.compute(sBasis);
          if (shape !== 1) g = javaPow(g, shape);
          const add = (minDelta + (maxDelta - minDelta) * this.randomLevel[s]) * g;
          for (let j = 0; j < n; j++) levels[indices[s * n + j]] += add;
        }
      }
    }
  }
}
