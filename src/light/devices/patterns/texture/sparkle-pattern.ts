import { SeededRandom } from '../../../../engine/random.js';
import { gray } from '../../../color/lx-color.js';
import { Pattern } from '../pattern.js';
import { SparkleEngine } from '../../shared/sparkle-engine.js';

/**
 * Random sparkles (LX's SparklePattern): points flash up from a base level to between Min and
 * Max, at a density and interval set by the knobs. Seeded, so repeatable, but not LX's sequence.
 */
export class SparklePattern extends Pattern {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'engine'];
  }

  readonly lxClass = 'heronarts.lx.pattern.texture.SparklePattern';
  readonly engine = new SparkleEngine(new SeededRandom(0x53706b6c));

  constructor() {
    super('Sparkle');
    for (const [key, p] of this.engine.parameters()) this.addParameter(key, p);
  }

  protected run(deltaMs: number): void {
    const pts = this.points;
    const engine = this.engine;
    engine.setModelSize(pts.size);
    engine.run(deltaMs, 1);
    const levels = engine.outputLevels;
    const colors = this.colors;
    for (let k = 0; k < pts.size; k++) {
      const v = levels[k];
      colors[pts.index[k]] = gray(v < 0 ? 0 : v > 100 ? 100 : v);
    }
  }
}
