import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { javaPow } from '../../../math/java-math.js';
import { QUARTER, TEMPO_DIVISION_CHOICES } from '../../../modulation/tempo-division.js';
import { CHASE_WAVES } from '../../../math/waveshapes.js';
import { DIVISIONS } from '../../../tempo/divisions.js';
import { pointPool } from '../../../parallel/point-pool.js';
import { subsetPositions } from '../../../model/subset.js';
import { ABS, ChaseShape, WRAP_MODES, chaseKernel } from './chase-kernel.js';
import { Pattern } from '../pattern.js';

const _f = Math.fround;

const percent = (label: string, value: number, description: string): BoundedParameter =>
  new BoundedParameter(label, value, { v1: 100, units: 'percent', modulatable: true, description });

/**
 * A chase along point order (LX's ChasePattern): the points are cut into chunks, and in each a
 * bar of light moves with the waveshape, free-running at a speed or synced to a tempo division.
 * Chunks can be shifted, interlaced or alternated; the swarm option scales size, fade and
 * brightness with the distance from an (x, y) center.
 */
export class ChasePattern extends Pattern {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'basis'];
  }

  readonly lxClass = 'heronarts.lx.pattern.strip.ChasePattern';
  readonly minChunk = new DiscreteParameter('Min Chunk', 2, 2, 99, { description: 'Chunk length at Chunk Size 0%, in points' });
  readonly maxChunk = new DiscreteParameter('Max Chunk', 100, 10, 999, { description: 'Chunk length at Chunk Size 100%, in points' });
  readonly chunkSize = percent('Chunk Size', 50, 'Chunk length between Min Chunk and Max Chunk');
  readonly shift = percent('Shift', 0, 'How far the motion is shifted from one chunk to the next');
  readonly shiftRange = new BoundedParameter('Shift Range', 100, { v1: 100, units: 'percent', description: 'Maximum range of the Shift knob' });
  readonly interlace = new BooleanParameter('Interlace', false, { description: 'Every other point chases the opposite way' });
  readonly alternateChunk = new BooleanParameter('Alternate', false, { description: 'Every other chunk chases the opposite way' });
  readonly waveshape = new EnumParameter(
    'Waveshape',
    CHASE_WAVES.map((w) => ({ label: w.name })),
    0,
    { objectChooser: true, description: 'Motion curve through each cycle' },
  );
  readonly skew = new BoundedParameter('Skew', 0, { v0: -1, v1: 1, polarity: 'bipolar', modulatable: true, description: 'Skews the timing within each cycle' });
  readonly exp = new BoundedParameter('Exp', 0, {
    v0: -1,
    v1: 1,
    polarity: 'bipolar',
    modulatable: true,
    description: 'Exponential scaling of the motion curve',
  });
  readonly speed = new BoundedParameter('Speed', 50, {
    v0: -100,
    v1: 100,
    polarity: 'bipolar',
    units: 'percent',
    modulatable: true,
    description: 'Chase speed, as a percentage of Range',
  });
  readonly speedRange = new BoundedParameter('Range', 1, { v1: 10, units: 'hertz', description: 'Cycles per second at Speed 100%' });
  readonly tempoSync = new BooleanParameter('Sync', false, { description: 'Follow the tempo instead of Speed' });
  readonly tempoDivision = new EnumParameter('Division', TEMPO_DIVISION_CHOICES, QUARTER, { description: 'Tempo division of one cycle when synced' });
  readonly reverse = new BooleanParameter('Reverse', false, { description: 'Reverses the direction of motion' });
  readonly wrap = new EnumParameter('Wrap', WRAP_MODES, ABS, { description: 'How distance wraps within a chunk' });
  readonly size = percent('Size', 50, 'Size of the fully lit core, as a percentage of the chunk');
  readonly fade = percent('Fade', 50, 'Length of the fade around the core, as a percentage of the chunk');
  readonly level = new BoundedParameter('Level', 1, { units: 'percentNormalized', modulatable: true, description: 'Output level' });
  readonly invert = percent('Invert', 0, 'Inverts the levels');
  readonly swarmOn = new BooleanParameter('Swarm-On', false, { description: 'Whether the swarm effect is on' });
  readonly swarmX = new BoundedParameter('X', 0.5, { polarity: 'bipolar', modulatable: true, description: 'Swarm center x (normalized)' });
  readonly swarmY = new BoundedParameter('Y', 0.5, { polarity: 'bipolar', modulatable: true, description: 'Swarm center y (normalized)' });
  readonly swarmSize = new BoundedParameter('Size', 0.5, { units: 'percentNormalized', modulatable: true, description: 'Swarm radius' });
  readonly swarmFade = percent('>Fade', 50, 'How much the swarm distance changes size and fade');
  readonly swarmBrightness = new BoundedParameter('>Brt', 50, {
    v0: -100,
    v1: 100,
    units: 'percent',
    modulatable: true,
    description: 'How much the swarm distance dims the output (negative: dims the center)',
  });

  /** Position in the chase cycle (double, unwrapped). */
  private basis = 0;
  private readonly shape = new ChaseShape();

  constructor() {
    super('Chase');
    this.addParameter('minChunk', this.minChunk);
    this.addParameter('maxChunk', this.maxChunk);
    this.addParameter('chunkSize', this.chunkSize);
    this.addParameter('shift', this.shift);
    this.addParameter('shiftRange', this.shiftRange);
    this.addParameter('interlace', this.interlace);
    this.legacyKeys.set('alternate', 'interlace');
    this.addParameter('alternateChunk', this.alternateChunk);
    this.addParameter('waveshape', this.waveshape);
    this.addParameter('skew', this.skew);
    this.addParameter('exp', this.exp);
    this.addParameter('speed', this.speed);
    this.addParameter('speedRange', this.speedRange);
    this.addParameter('tempoSync', this.tempoSync);
    this.addParameter('tempoDivision', this.tempoDivision);
    this.addParameter('reverse', this.reverse);
    this.addParameter('wrap', this.wrap);
    this.addParameter('size', this.size);
    this.addParameter('fade', this.fade);
    this.addParameter('level', this.level);
    this.addParameter('invert', this.invert);
    this.addParameter('swarmOn', this.swarmOn);
    this.addParameter('swarmX', this.swarmX);
    this.addParameter('swarmY', this.swarmY);
    this.addParameter('swarmSize', this.swarmSize);
    this.addParameter('swarmFade', this.swarmFade);
    this.addParameter('swarmBrightness', this.swarmBrightness);
  }

  /** Each point from its coordinates and its place in the view (subsetPositions under a subset); the chase advances with time alone. */
  override get subsetCapable(): boolean {
    return true;
  }

  protected run(deltaMs: number): void {
    const reverse = this.reverse.isOn();
    if (this.tempoSync.isOn()) {
      const tempo = this.context?.tempo;
      this.basis = tempo === undefined ? 0 : tempo.getBasis(DIVISIONS[this.tempoDivision.getValue()]);
      if (reverse) this.basis = 1 - this.basis;
    } else {
      const increment = deltaMs * 0.001 * this.speed.getValue() * this.speedRange.getValue() * 0.01;
      this.basis += increment * (reverse ? -1 : 1);
    }
    let basis = this.basis - Math.floor(this.basis);
    const skew = this.skew.getValue();
    const skewPower = skew >= 0 ? 1 + 3 * skew : 1 / (1 - 3 * skew);
    if (skewPower !== 1) basis = javaPow(basis, skewPower);
    let wave = CHASE_WAVES[this.waveshape.getValue()].compute(basis);
    const exp = this.exp.getValue();
    const expPower = exp >= 0 ? 1 + 3 * exp : 1 / (1 - 3 * exp);
    if (expPower !== 1) wave = javaPow(wave, expPower);

    this.shape.update(this, wave);
    const pts = this.points;
    const job = pointPool.begin();
    this.shape.writeTo(job.num);
    job.arrays.push(pts.xn, pts.yn, pts.index, this.colors);
    // Under a render subset, each point's chunk comes from its place in the whole view.
    const positions = subsetPositions(pts);
    if (positions !== null) job.arrays.push(positions);
    pointPool.run(chaseKernel, pts.size);
  }
}
