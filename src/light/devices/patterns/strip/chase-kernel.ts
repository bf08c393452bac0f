// ChasePattern's per-point pass as a point job (src/light/parallel/point-job.ts): each point's chunk,
// its distance to the chunk's motion point and the profile's gray, for points start..end−1.
// The pattern writes the frame's shape (ChaseShape.writeTo) and the arrays xn, yn, index, colors.
import { grayf } from '../../../color/lx-color.js';
import type { PointJob } from '../../../parallel/point-job.js';
import { clampf, distf2, lerpf, wrapdistf } from '../../../math/pattern-math.js';

const f = Math.fround;

/** A knob update() reads (a ChasePattern parameter), named by shape so the kernel does not import the pattern. */
interface Knob {
  getValuef(): number;
}
interface Toggle {
  isOn(): boolean;
}

/** ChasePattern's parameters that update() reads. */
interface ChaseKnobs {
  readonly minChunk: Knob;
  readonly maxChunk: Knob;
  readonly chunkSize: Knob;
  readonly shift: Knob;
  readonly shiftRange: Knob;
  readonly wrap: { getValue(): number };
  readonly interlace: Toggle;
  readonly alternateChunk: Toggle;
  readonly swarmOn: Toggle;
  readonly swarmSize: Knob;
  readonly swarmX: Knob;
  readonly swarmY: Knob;
  readonly size: Knob;
  readonly fade: Knob;
  readonly invert: Knob;
  readonly swarmFade: Knob;
  readonly swarmBrightness: Knob;
  readonly level: Knob;
}

/** ChasePattern.WrapMode, in enum order. */
export const WRAP_MODES = [
  { label: 'Abs', name: 'ABS' },
  { label: 'Pos', name: 'POS' },
  { label: 'Neg', name: 'NEG' },
  { label: 'Clip', name: 'CLIP' },
  { label: 'Clip+', name: 'CLIP_POS' },
  { label: 'Clip-', name: 'CLIP_NEG' },
];
export const ABS = 0;
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

  /** Places the cursor on point `i`, as `i` calls of advance() from point 0 would. */
  start(chunkSize: number, chunkSizei: number, i: number): void {
    this.chunkIndex = Math.floor(i / chunkSizei);
    this.offset = i % chunkSize; // exact, as the stepped offset is
    this.enteredChunk = false;
    this.chunkSize = chunkSize;
    this.chunkSizei = chunkSizei;
    this.untilNextChunk = chunkSizei - (i % chunkSizei); // chunkSize ≥ 2: Min Chunk's floor
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
export class ChaseShape {
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
  sizePixels = 0;
  fadePixels = 0;
  minSizePixels = 0;
  minFadePixels = 0;
  invert = 0;
  swarmFadeAbs = 0;
  swarmBrightness = 0;
  swarmBrightnessAbs = 0;
  level = 0;

  /** Writes this frame's shape into a job's numbers. */
  writeTo(num: Float64Array): void {
    for (let i = 0; i < SHAPE_FIELDS.length; i++) num[i] = Number(this[SHAPE_FIELDS[i]]);
  }

  /** Reads the shape a job's numbers hold. */
  readFrom(num: Float64Array): void {
    const fields = this as unknown as Record<ShapeField, number | boolean>;
    for (let i = 0; i < SHAPE_FIELDS.length; i++) {
      const v = num[i];
      fields[SHAPE_FIELDS[i]] = BOOLEAN_FIELDS.has(SHAPE_FIELDS[i]) ? v === 1 : v;
    }
    this.swarmTerms(0);
    this.stillSize = this.termSize;
    this.stillFalloff = this.termFalloff;
    this.stillTop = this.termTop;
    this.stillDim = this.termDim;
  }

  /** Reads the frame's knobs; `wave` is the chase's position in its cycle (0–1). */
  update(p: ChaseKnobs, wave: number): void {
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
    this.swarmTerms(swarmDistance);
    return this.profile(dist, this.termSize, this.termFalloff, this.termTop, this.termDim);
  }

  /** colorAt(dist, 0) (the swarm off), its distance-independent terms computed once per job by readFrom. */
  stillColorAt(dist: number): number {
    return this.profile(dist, this.stillSize, this.stillFalloff, this.stillTop, this.stillDim);
  }

  // The profile's terms that depend on the swarm distance only: for the last colorAt, and for 0.
  private termSize = 0;
  private termFalloff = 0;
  private termTop = 0;
  private termDim = 0;
  private stillSize = 0;
  private stillFalloff = 0;
  private stillTop = 0;
  private stillDim = 0;

  /** Sets the term* fields for a point `swarmDistance` from the swarm center. */
  private swarmTerms(swarmDistance: number): void {
    const fadeAmount = f(swarmDistance * this.swarmFadeAbs);
    const swarmFadeLerp = 1 < fadeAmount ? 1 : fadeAmount; // LXUtils.minf(1, x)
    const sizePixels2 = lerpf(this.sizePixels, this.minSizePixels, swarmFadeLerp);
    const fadePixels2 = lerpf(this.fadePixels, this.minFadePixels, swarmFadeLerp);
    this.termSize = sizePixels2;
    this.termFalloff = f(100 / fadePixels2);
    this.termTop = clampf(f(f(f(sizePixels2 + fadePixels2) - 1) * 100), 0, 100);
    const swarmBrightnessAbs = this.swarmBrightnessAbs;
    this.termDim =
      this.swarmBrightness >= 0 ? clampf(f(swarmDistance * swarmBrightnessAbs), 0, 1) : clampf(f(f(f(1.414) - swarmDistance) * swarmBrightnessAbs), 0, 1);
  }

  /** The gray at `dist` given the swarm terms: the lit core, its fade, invert, the swarm's dimming, the level. */
  private profile(dist: number, size: number, falloff: number, top: number, dim: number): number {
    let b: number;
    if (dist <= size) b = top;
    else {
      const v = f(top - f(falloff * f(dist - size)));
      b = 0 < v ? v : 0;
    }
    b = lerpf(b, f(100 - b), this.invert);
    b = lerpf(b, 0, dim);
    return grayf(f(this.level * b));
  }
}

const SHAPE_FIELDS = [
  'chunkSize',
  'chunkSizei',
  'motion',
  'shift',
  'wrap',
  'interlace',
  'alternateChunk',
  'swarmOn',
  'swarmX',
  'swarmY',
  'swarmSize',
  'sizePixels',
  'fadePixels',
  'minSizePixels',
  'minFadePixels',
  'invert',
  'swarmFadeAbs',
  'swarmBrightness',
  'swarmBrightnessAbs',
  'level',
] as const;
type ShapeField = (typeof SHAPE_FIELDS)[number];
const BOOLEAN_FIELDS: ReadonlySet<ShapeField> = new Set(['interlace', 'alternateChunk', 'swarmOn']);

// Per thread: the job's shape and a cursor.
const shape = new ChaseShape();
const cursor = new ChunkCursor();
let shapeSerial = Number.NaN;

/**
 * Colors points start..end−1 from the job's shape. Arrays: xn, yn, index, colors, and under a
 * render subset each point's position in its whole view (where LX's point counter would be).
 */
export function chaseKernel(job: PointJob, start: number, end: number): void {
  if (shapeSerial !== job.serial) {
    shape.readFrom(job.num);
    shapeSerial = job.serial;
  }
  let delta = 0;
  if (job.arrays.length > 4 && end > start) {
    // Positions are ascending: a range whose positions are consecutive is the whole view's
    // points delta further on, and takes the fast paths; one with gaps goes point by point.
    const positions = job.arrays[4] as Int32Array;
    delta = positions[start] - start;
    if (positions[end - 1] - (end - 1) !== delta) {
      paintAt(job, start, end);
      return;
    }
  }
  if (shape.chunkSize === shape.chunkSizei && !shape.swarmOn) paintRepeating(job, start, end, delta);
  else paint(job, start, end, delta);
}

/** chaseKernel without the repeated-chunk shortcut: every point computed (tests compare the two). */
export function chaseKernelPointByPoint(job: PointJob, start: number, end: number): void {
  if (shapeSerial !== job.serial) {
    shape.readFrom(job.num);
    shapeSerial = job.serial;
  }
  paint(job, start, end);
}

/**
 * Colors points start..end−1 one by one. Chunk bookkeeping runs incrementally instead of
 * dividing per point: chunkIndex is (i / chunkSizei) | 0, offset is i % chunkSize (a float
 * remainder), both exact (see ChunkCursor), and a chunk's motion point is computed once.
 * Point i sits at position i + delta of the view (delta: 0 but for a render subset's points).
 */
function paint(job: PointJob, start: number, end: number, delta = 0): void {
  const [xn, yn] = job.arrays as Float32Array[];
  const index = job.arrays[2] as Int32Array;
  const colors = job.arrays[3] as Uint32Array;
  const { chunkSize, motion, shift, wrap, interlace, alternateChunk, swarmOn, swarmX, swarmY, swarmSize } = shape;
  cursor.start(chunkSize, shape.chunkSizei, start + delta);
  let motion2 = chunkMotion(motion, cursor.chunkIndex, shift, chunkSize);
  let even = (start + delta) % 2 === 1;
  for (let i = start; i < end; i++, cursor.advance()) {
    const chunkIndex = cursor.chunkIndex;
    if (cursor.enteredChunk) motion2 = chunkMotion(motion, chunkIndex, shift, chunkSize);
    let pos = f(cursor.offset);
    const evenChunk = chunkIndex % 2 === 0;
    if ((even && interlace) !== (evenChunk && alternateChunk)) pos = f(f(chunkSize - pos) % chunkSize);
    const dist = distance(wrap, pos, motion2, chunkSize);
    colors[index[i]] = swarmOn ? shape.colorAt(dist, f(distf2(swarmX, swarmY, xn[i], yn[i]) / swarmSize)) : shape.stillColorAt(dist);
    even = !even;
  }
}

/**
 * paint() for points whose positions in the view are given (job.arrays[4], ascending, with gaps):
 * each point's chunk, offset and parity from its position directly, as ChunkCursor.start does.
 */
function paintAt(job: PointJob, start: number, end: number): void {
  const [xn, yn] = job.arrays as Float32Array[];
  const index = job.arrays[2] as Int32Array;
  const colors = job.arrays[3] as Uint32Array;
  const positions = job.arrays[4] as Int32Array;
  const { chunkSize, chunkSizei, motion, shift, wrap, interlace, alternateChunk, swarmOn, swarmX, swarmY, swarmSize } = shape;
  let lastChunk = -1;
  let motion2 = 0;
  for (let i = start; i < end; i++) {
    const at = positions[i];
    const chunkIndex = Math.floor(at / chunkSizei);
    if (chunkIndex !== lastChunk) {
      motion2 = chunkMotion(motion, chunkIndex, shift, chunkSize);
      lastChunk = chunkIndex;
    }
    let pos = f(at % chunkSize);
    const even = at % 2 === 1;
    const evenChunk = chunkIndex % 2 === 0;
    if ((even && interlace) !== (evenChunk && alternateChunk)) pos = f(f(chunkSize - pos) % chunkSize);
    const dist = distance(wrap, pos, motion2, chunkSize);
    colors[index[i]] = swarmOn ? shape.colorAt(dist, f(distf2(swarmX, swarmY, xn[i], yn[i]) / swarmSize)) : shape.stillColorAt(dist);
  }
}

/** Start point of an earlier whole chunk in this range, by its look (see paintRepeating); −1: none yet. */
const chunkByLook = new Int32Array(4);
const motionByLook = new Float64Array(4);

/**
 * paint() for a whole-number chunk size without the swarm: a point's gray then depends only on
 * its offset in the chunk, the chunk's motion point, and which way it runs (the chunk's parity
 * under Alternate, the parity of the chunk's first point under Interlace). A chunk that looks
 * like an earlier whole chunk of this range takes that chunk's colors point for point.
 */
function paintRepeating(job: PointJob, start: number, end: number, delta: number): void {
  const index = job.arrays[2] as Int32Array;
  const colors = job.arrays[3] as Uint32Array;
  const { chunkSizei: size, chunkSize, motion, shift, interlace, alternateChunk } = shape;
  chunkByLook.fill(-1);
  // Chunks, looks and sources in view positions; point i is at position i + delta.
  const first = start + delta;
  const last = end + delta;
  for (let chunk = Math.floor(first / size); chunk * size < last; chunk++) {
    const chunkStart = chunk * size;
    const from = Math.max(first, chunkStart);
    const to = Math.min(last, chunkStart + size);
    const look = (alternateChunk && chunk % 2 === 1 ? 1 : 0) + (interlace && chunkStart % 2 === 1 ? 2 : 0);
    const motion2 = chunkMotion(motion, chunk, shift, chunkSize);
    const source = chunkByLook[look];
    if (from === chunkStart && source >= 0 && Object.is(motionByLook[look], motion2)) {
      for (let i = from - delta, j = source - delta; i < to - delta; i++, j++) colors[index[i]] = colors[index[j]];
      continue;
    }
    paint(job, from - delta, to - delta, delta);
    if (from === chunkStart && to === chunkStart + size) {
      chunkByLook[look] = chunkStart;
      motionByLook[look] = motion2;
    }
  }
}
