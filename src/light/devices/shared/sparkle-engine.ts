import { BoundedParameter } from '../../../engine/parameters/bounded.js';
import { EnumParameter } from '../../../engine/parameters/enum.js';
import type { Parameter } from '../../../engine/parameters/parameter.js';
import type { SeededRandom } from '../../../engine/random.js';
import { javaRoundf } from '../../math/java-num.js';
import { javaPow } from '../../math/java-math.js';
import { SPARKLE_WAVES } from '../../math/waveshapes.js';

const MAX_SPARKLES = 1024;
const MAX_DENSITY = 4;

/**
 * LX's SparklePattern.Engine, shared by SparklePattern and SparkleEffect: up to 1024 sparkle
 * generators, each owning a few random pixels. A generator's basis advances by Δt / interval; when
 * it wraps, the generator decides (by density) whether and on how many pixels it fires next, and
 * re-randomizes. While on, it adds waveshape(basis / duration)^sharpness · its random level to its
 * pixels, on top of the base level. Randomness comes from a seeded generator (LX uses
 * Math.random), so a run is repeatable but not LX's.
 */
export class SparkleEngine {
  /** The sparkles' phases, levels and pixels, and the random sequence (component/runtime-state.ts). */
  runtimeFields(): readonly string[] {
    return [
      'outputLevels',
      'numSparkles',
      'maxPixelsPerSparkle',
      'currentSize',
      'isOn',
      'basis',
      'randomVar',
      'randomLevel',
      'activePixels',
      'indexBuffer',
      'random',
    ];
  }

  readonly density = new BoundedParameter('Density', 50, {
    v1: MAX_DENSITY * 100,
    exponent: 2,
    units: 'percent',
    modulatable: true,
    description: 'Sparkles as a percentage of the points (up to 400%)',
  });
  readonly speed = new BoundedParameter('Speed', 0.5, {
    units: 'percentNormalized',
    polarity: 'bipolar',
    modulatable: true,
    description: 'Speed between Slow and Fast intervals',
  });
  readonly variation = new BoundedParameter('Variation', 25, {
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: "Random variation of each sparkle's interval",
  });
  readonly duration = new BoundedParameter('Duration', 100, {
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: 'Part of the interval a sparkle is lit',
  });
  readonly sharp = new BoundedParameter('Sharp', 0, {
    v0: -1,
    v1: 1,
    units: 'percentNormalized',
    polarity: 'bipolar',
    modulatable: true,
    description: 'Sharpness of the sparkle curve',
  });
  readonly waveshape = new EnumParameter(
    'Wave',
    SPARKLE_WAVES.map((w) => ({ label: w.name })),
    0,
    { objectChooser: true, description: 'Shape of each sparkle over its life' },
  );
  readonly minInterval = new BoundedParameter('Fast', 1, {
    v0: 0.1,
    v1: 60,
    exponent: 2,
    units: 'seconds',
    modulatable: true,
    description: 'Sparkle interval at full speed',
  });
  readonly maxInterval = new BoundedParameter('Slow', 1, {
    v0: 0.1,
    v1: 60,
    exponent: 2,
    units: 'seconds',
    modulatable: true,
    description: 'Sparkle interval at zero speed',
  });
  readonly baseLevel = new BoundedParameter('Base', 0, { v1: 100, units: 'percent', modulatable: true, description: 'Level of points between sparkles' });
  readonly minLevel = new BoundedParameter('Min', 75, {
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: 'Dimmest sparkle peak, as a percentage of Max',
  });
  readonly maxLevel = new BoundedParameter('Max', 100, { v1: 100, units: 'percent', modulatable: true, description: 'Brightest sparkle peak' });

  /** Raw output level (0..100, unclamped) per point, in point order. */
  outputLevels = new Float64Array(0);
  private numSparkles = 0;
  private maxPixelsPerSparkle = 0;
  private currentSize = -1;
  private readonly isOn = new Uint8Array(MAX_SPARKLES);
  private readonly basis = new Float64Array(MAX_SPARKLES);
  private readonly randomVar = new Float64Array(MAX_SPARKLES);
  private readonly randomLevel = new Float64Array(MAX_SPARKLES);
  private readonly activePixels = new Int32Array(MAX_SPARKLES);
  private indexBuffer = new Int32Array(0);

  constructor(private readonly random: SeededRandom) {}

  /** The engine's parameters with LX's keys, in LX's order. */
  parameters(): [string, Parameter][] {
    return [
      ['density', this.density],
      ['speed', this.speed],
      ['variation', this.variation],
      ['duration', this.duration],
      ['sharp', this.sharp],
      ['waveshape', this.waveshape],
      ['minInterval', this.minInterval],
      ['maxInterval', this.maxInterval],
      ['minLevel', this.minLevel],
      ['maxLevel', this.maxLevel],
      ['baseLevel', this.baseLevel],
    ];
  }

  /** Re-sizes for a model of `size` points (no-op when unchanged); re-randomizes every generator. */
  setModelSize(size: number): void {
    if (size === this.currentSize) return;
    this.currentSize = size;
    this.outputLevels = new Float64Array(size);
    this.numSparkles = Math.min(size, MAX_SPARKLES);
    this.maxPixelsPerSparkle = this.numSparkles === 0 ? 0 : Math.ceil((MAX_DENSITY * size) / this.numSparkles);
    this.indexBuffer = new Int32Array(this.numSparkles * this.maxPixelsPerSparkle);
    for (let i = 0; i < this.numSparkles; i++) {
      this.isOn[i] = 0;
      this.activePixels[i] = 0;
      this.basis[i] = this.random.next();
      this.randomVar[i] = this.random.next();
      this.randomLevel[i] = this.random.next();
      this.reindex(i);
    }
  }

  /** LXUtils.randomi(size − 1) for each of the generator's pixel slots. */
  private reindex(i: number): void {
    const size = this.currentSize;
    const per = this.maxPixelsPerSparkle;
    for (let c = 0; c < per; c++) {
      let v = this.random.next() * size;
      if (v > size - 1) v = size - 1;
      this.indexBuffer[i * per + c] = v | 0;
    }
  }

  /** One frame; `amount` (0..1) lerps the levels toward full white (effect mode), 1 for the pattern. */
  run(deltaMs: number, amount: number): void {
    const minIntervalMs = 1000 * this.minInterval.getValue();
    const maxIntervalMs = 1000 * this.maxInterval.getValue();
    const speed = this.speed.getValue();
    const variation = 0.01 * this.variation.getValue();
    const durationInv = 100 / this.duration.getValue();
    const density = 0.01 * this.density.getValue();
    const baseLevel = 100 + (this.baseLevel.getValue() - 100) * amount;
    const waveshape = SPARKLE_WAVES[this.waveshape.getValue()];
    let maxLevel = this.maxLevel.getValue();
    let minLevel = maxLevel * 0.01 * this.minLevel.getValue();
    maxLevel = 100 + (maxLevel - 100) * amount;
    minLevel = 100 + (minLevel - 100) * amount;
    const maxDelta = maxLevel - baseLevel;
    const minDelta = minLevel - baseLevel;
    let shape = this.sharp.getValue();
    shape = shape >= 0 ? 1 + 2 * shape : 1 / (1 + 2 * -shape);

    const out = this.outputLevels;
    out.fill(baseLevel);
    const size = this.currentSize;
    const n = this.numSparkles;
    const per = this.maxPixelsPerSparkle;
    for (let i = 0; i < n; i++) {
      let r = speed + variation * (this.randomVar[i] - 0.5);
      r = r < 0 ? 0 : r > 1 ? 1 : r;
      const interval = maxIntervalMs + (minIntervalMs - maxIntervalMs) * r;
      this.basis[i] += deltaMs / interval;
      if (this.basis[i] > 1) {
        this.basis[i] = this.basis[i] % 1;
        const desiredPixels = Math.trunc(size * density);
        const desiredPerSparkle = Math.fround(desiredPixels / n);
        if (desiredPixels < n) {
          this.activePixels[i] = 1;
          this.isOn[i] = this.random.next() < desiredPerSparkle ? 1 : 0;
        } else {
          this.isOn[i] = 1;
          this.activePixels[i] = javaRoundf(desiredPerSparkle);
        }
        if (this.isOn[i] === 1) {
          this.randomVar[i] = this.random.next();
          this.randomLevel[i] = this.random.next();
          this.reindex(i);
        }
      }
      if (this.isOn[i] === 1 && amount > 0) {
        const sBasis = this.basis[i] * durationInv;
        if (sBasis < 1) {
          let g = waveshape.compute(sBasis);
          if (shape !== 1) g = javaPow(g, shape);
          const add = (minDelta + (maxDelta - minDelta) * this.randomLevel[i]) * g;
          const count = Math.min(this.activePixels[i], per);
          for (let c = 0; c < count; c++) out[this.indexBuffer[i * per + c]] += add;
        }
      }
    }
  }
}
