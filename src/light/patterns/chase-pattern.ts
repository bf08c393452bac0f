import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import { FloatColorMemo } from '../color/float-color-memo.js';
import { grayf } from '../color/lx-color.js';
import { javaPow } from '../modulation/java-math.js';
import { QUARTER, TEMPO_DIVISION_CHOICES } from '../modulation/tempo-division.js';
import { CHASE_WAVES } from '../modulation/waveshapes.js';
import { DIVISIONS } from '../tempo/divisions.js';
import { clampf, distf2, lerpf, wrapdistf } from './pattern-math.js';
import { Pattern } from './pattern.js';

const f = Math.fround;

/** ChasePattern.WrapMode, in enum order. */
const WRAP_MODES = [
  { label: 'Abs', name: 'ABS' },
  { label: 'Pos', name: 'POS' },
  { label: 'Neg', name: 'NEG' },
  { label: 'Clip', name: 'CLIP' },
  { label: 'Clip+', name: 'CLIP_POS' },
  { label: 'Clip-', name: 'CLIP_NEG' },
];
const ABS = 0;
const POS = 1;
const NEG = 2;
const CLIP = 3;
const CLIP_POS = 4;

/** Java's Float.MAX_VALUE: the one-sided clip modes' distance on the far side. */
const FLOAT_MAX = 3.4028234663852886e38;

/** Distance from a pixel at `pos` to the motion point within one chunk (float). */
function distance(mode: number, pos: number, motion: number, chunkSize: number): number {
  if (mode === ABS) return f(2 * wrapdistf(pos, motion, chunkSize));
  if (mode === POS) return pos > motion ? f(pos - motion) : f(f(pos + chunkSize) - motion);
  if (mode === NEG) return motion > pos ? f(motion - pos) : f(f(motion + chunkSize) - pos);
  if (mode === CLIP) return f(2 * Math.abs(f(pos - motion)));
  if (mode === CLIP_POS) return pos > motion ? f(pos - motion) : FLOAT_MAX;
  return motion > pos ? f(motion - pos) : FLOAT_MAX;
}

/** The motion point of chunk `chunkIndex`: the chase position shifted by `shift` per chunk (float). */
function chunkMotion(motion: number, chunkIndex: number, shift: number, chunkSize: number): number {
  return f(f(motion + f(chunkIndex * shift)) % chunkSize);
}

/**
 * Walks the points in order, tracking which integer-sized chunk a point is in and its offset
 * within a float-sized chunk (LX cuts chunks by (int) chunkSize but measures positions with
 * i % chunkSize in float). Stepping replaces a division and a floating remainder per point.
 * The offset stays exact: i − q·chunkSize, with chunkSize a float below 2^10, needs far fewer
 * than the 53 bits of a double, so adding 1 and subtracting chunkSize never rounds.
 */
class ChunkCursor {
  chunkIndex = 0;
  /** i % chunkSize, in double (the caller rounds it to float). */
  offset = 0;
  /** True on the first point of a chunk after the first. */
  enteredChunk = false;
  private chunkSize = 1;
  private chunkSizei = 1;
  private untilNextChunk = 1;

  start(chunkSize: number, chunkSizei: number): void {
    this.chunkIndex = 0;
    this.offset = 0;
    this.enteredChunk = false;
    this.chunkSize = chunkSize;
    this.chunkSizei = chunkSizei;
    this.untilNextChunk = chunkSizei; // chunkSize ≥ 2: Min Chunk's floor
  }

  advance(): void {
    let offset = this.offset + 1;
    if (offset >= this.chunkSize) offset -= this.chunkSize;
    this.offset = offset;
    this.enteredChunk = --this.untilNextChunk === 0;
    if (this.enteredChunk) {
      this.chunkIndex++;
      this.untilNextChunk = this.chunkSizei;
    }
  }
}

/**
 * One frame's chase: chunking, motion point, and the profile (lit core, its fade and the
 * swarm's effect on both) that turns a point's distances into a gray (float, as LX).
 */
class ChaseShape {
  chunkSize = 1;
  chunkSizei = 1;
  /** Motion point within a chunk, before the per-chunk shift. */
  motion = 0;
  shift = 0;
  wrap = 0;
  interlace = false;
  alternateChunk = false;
  swarmOn = false;
  swarmX = 0;
  swarmY = 0;
  swarmSize = 0;
  private sizePixels = 0;
  private fadePixels = 0;
  private minSizePixels = 0;
  private minFadePixels = 0;
  private invert = 0;
  private swarmFadeAbs = 0;
  private swarmBrightness = 0;
  private swarmBrightnessAbs = 0;
  private level = 0;

  /** Reads the frame's knobs; `wave` is the chase's position in its cycle (0–1). */
  update(p: ChasePattern, wave: number): void {
    const chunkSize = lerpf(p.minChunk.getValuef(), p.maxChunk.getValuef(), f(p.chunkSize.getValuef() * f(0.01)));
    this.chunkSize = chunkSize;
    this.chunkSizei = chunkSize | 0;
    this.motion = f(f(wave) * chunkSize);
    this.shift = f(f(f(f(p.shift.getValuef() * f(0.01)) * p.shiftRange.getValuef()) * f(0.01)) * chunkSize);
    this.wrap = p.wrap.getValue();
    this.interlace = p.interlace.isOn();
    this.alternateChunk = p.alternateChunk.isOn();
    this.swarmOn = p.swarmOn.isOn();
    this.swarmSize = f(f(0.01) + p.swarmSize.getValuef());
    this.swarmX = p.swarmX.getValuef();
    this.swarmY = p.swarmY.getValuef();
    const size = f(p.size.getValuef() * f(0.01));
    const fade = f(p.fade.getValuef() * f(0.01));
    const invert = f(p.invert.getValuef() * f(0.01));
    const sizePixels = f(chunkSize * size);
    this.sizePixels = sizePixels;
    this.fadePixels = f(chunkSize * fade);
    this.invert = invert;
    const swarmFade = f(p.swarmFade.getValuef() * f(0.01));
    this.swarmFadeAbs = Math.abs(swarmFade);
    this.swarmBrightness = f(p.swarmBrightness.getValuef() * f(0.01));
    this.swarmBrightnessAbs = Math.abs(this.swarmBrightness);
    this.level = p.level.getValuef();
    this.minSizePixels = lerpf(0, f(chunkSize + sizePixels), invert);
    this.minFadePixels = lerpf(0, f(chunkSize + sizePixels), invert);
    if (swarmFade < 0) {
      // LX quirk: both assignments go to the size; the fade keeps its value.
      this.minSizePixels = f(chunkSize - this.minSizePixels);
      this.minSizePixels = f(chunkSize - this.minFadePixels);
    }
  }

  /** The gray of a point `dist` from the motion point, `swarmDistance` from the swarm center (0 with the swarm off). */
  colorAt(dist: number, swarmDistance: number): number {
    const fadeAmount = f(swarmDistance * this.swarmFadeAbs);
    const swarmFadeLerp = 1 < fadeAmount ? 1 : fadeAmount; // LXUtils.minf(1, x)
    const sizePixels2 = lerpf(this.sizePixels, this.minSizePixels, swarmFadeLerp);
    const fadePixels2 = lerpf(this.fadePixels, this.minFadePixels, swarmFadeLerp);
    const falloff = f(100 / fadePixels2);
    const btop = clampf(f(f(f(sizePixels2 + fadePixels2) - 1) * 100), 0, 100);
    let b: number;
    if (dist <= sizePixels2) b = btop;
    else {
      const v = f(btop - f(falloff * f(dist - sizePixels2)));
      b = 0 < v ? v : 0;
    }
    b = lerpf(b, f(100 - b), this.invert);
    const swarmBrightnessAbs = this.swarmBrightnessAbs;
    if (this.swarmBrightness >= 0) b = lerpf(b, 0, clampf(f(swarmDistance * swarmBrightnessAbs), 0, 1));
    else b = lerpf(b, 0, clampf(f(f(f(1.414) - swarmDistance) * swarmBrightnessAbs), 0, 1));
    return grayf(f(this.level * b));
  }
}

const percent = (label: string, value: number, description: string): BoundedParameter =>
  new BoundedParameter(label, value, { v1: 100, units: 'percent', modulatable: true, description });

/**
 * A chase along point order (LX's ChasePattern): the points are cut into chunks, and in each a
 * bar of light moves with the waveshape, free-running at a speed or synced to a tempo division.
 * Chunks can be shifted, interlaced or alternated; the swarm option scales size, fade and
 * brightness with the distance from an (x, y) center.
 */
export class ChasePattern extends Pattern {
  readonly lxClass = 'heronarts.lx.pattern.strip.ChasePattern';
  readonly minChunk = new DiscreteParameter('Min Chunk', 2, 2, 99, { description: 'Chunk length at Chunk Size 0%, in points' });
  readonly maxChunk = new DiscreteParameter('Max Chunk', 100, 10, 999, { description: 'Chunk length at Chunk Size 100%, in points' });
  readonly chunkSize = percent('Chunk Size', 50, 'Chunk length between Min Chunk and Max Chunk');
  readonly shift = percent('Shift', 0, 'How far the motion is shifted from one chunk to the next');
  readonly shiftRange = new BoundedParameter('Shift Range', 100, { v1: 100, units: 'percent', description: 'Maximum range of the Shift knob' });
  readonly interlace = new BooleanParameter('Interlace', false, { description: 'Every other point chases the opposite way' });
  readonly alternateChunk = new BooleanParameter('Alternate', false, { description: 'Every other chunk chases the opposite way' });
  readonly waveshape = new EnumParameter('Waveshape', CHASE_WAVES.map((w) => ({ label: w.name })), 0, { objectChooser: true, description: 'Motion curve through each cycle' });
  readonly skew = new BoundedParameter('Skew', 0, { v0: -1, v1: 1, polarity: 'bipolar', modulatable: true, description: 'Skews the timing within each cycle' });
  readonly exp = new BoundedParameter('Exp', 0, { v0: -1, v1: 1, polarity: 'bipolar', modulatable: true, description: 'Exponential scaling of the motion curve' });
  readonly speed = new BoundedParameter('Speed', 50, { v0: -100, v1: 100, polarity: 'bipolar', units: 'percent', modulatable: true, description: 'Chase speed, as a percentage of Range' });
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
  readonly swarmBrightness = new BoundedParameter('>Brt', 50, { v0: -100, v1: 100, units: 'percent', modulatable: true, description: 'How much the swarm distance dims the output (negative: dims the center)' });

  /** Position in the chase cycle (double, unwrapped). */
  private basis = 0;
  private readonly cursor = new ChunkCursor();
  private readonly shape = new ChaseShape();
  private readonly colorByDistance = new FloatColorMemo();

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
    this.paint();
  }

  /** Colors every point from this frame's shape (a separate method so the point loop compiles on its own). */
  private paint(): void {
    const shape = this.shape;
    const { chunkSize, motion, shift, wrap, interlace, alternateChunk, swarmOn, swarmX, swarmY, swarmSize } = shape;
    const pts = this.points;
    const colors = this.colors;
    // Without the swarm a point's color depends on its distance alone: memoize it per distance.
    const memo = this.colorByDistance;
    memo.clear();
    let even = false;
    // Chunk bookkeeping runs incrementally instead of dividing per point: chunkIndex is
    // (i / chunkSizei) | 0, offset is i % chunkSize (a float remainder), both exact (see
    // ChunkCursor), and the chunk's motion point is computed once per chunk.
    const cursor = this.cursor;
    cursor.start(chunkSize, shape.chunkSizei);
    let motion2 = chunkMotion(motion, 0, shift, chunkSize);
    for (let i = 0; i < pts.size; i++, cursor.advance()) {
      const chunkIndex = cursor.chunkIndex;
      if (cursor.enteredChunk) motion2 = chunkMotion(motion, chunkIndex, shift, chunkSize);
      let pos = f(cursor.offset);
      const evenChunk = chunkIndex % 2 === 0;
      if ((even && interlace) !== (evenChunk && alternateChunk)) pos = f(f(chunkSize - pos) % chunkSize);
      const dist = distance(wrap, pos, motion2, chunkSize);
      if (swarmOn) {
        colors[pts.index[i]] = shape.colorAt(dist, f(distf2(swarmX, swarmY, pts.xn[i], pts.yn[i]) / swarmSize));
      } else {
        const bits = memo.bitsOf(dist);
        const slot = memo.slotOf(bits);
        if (!memo.holds(slot, bits)) memo.store(slot, bits, shape.colorAt(dist, 0));
        colors[pts.index[i]] = memo.colorAt(slot);
      }
      even = !even;
    }
  }
}
