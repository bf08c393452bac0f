import { BooleanParameter } from '../../../../engine/parameters/boolean.js';
import { BoundedParameter } from '../../../../engine/parameters/bounded.js';
import { DiscreteParameter } from '../../../../engine/parameters/discrete.js';
import { EnumParameter } from '../../../../engine/parameters/enum.js';
import { StringParameter } from '../../../../engine/parameters/string.js';
import type { ModelNode, PointSet } from '../../../model/index.js';
import { Click } from '../../shared/built-in-modulators.js';
import { Pattern } from '../pattern.js';

const MODES = [
  { label: 'Iterate Points', name: 'ITERATE' },
  { label: 'Fixed Index', name: 'FIXED' },
  { label: 'Tag', name: 'TAG' },
];
const ITERATE = 0;
const FIXED = 1;

const BLACK = 0xff000000;
const WHITE = 0xffffffff;

/** Until the pattern first sees its model, index knobs accept any saved index (LX sizes them from the model at construction). */
const UNSIZED_MAX = 0x7ffffffe;

const NO_NODES: readonly ModelNode[] = Object.freeze([]);

/**
 * An addressing aid (LX's TestPattern): lights one point at a time in point order, one fixed
 * point, or every point (or the n-th point) of the fixtures carrying a tag. Not eligible for
 * auto-cycle by default. (LX's `cpuTest` only burns CPU with random numbers; here it does
 * nothing but is kept so projects round-trip.)
 */
export class TestPattern extends Pattern {
  override runtimeFields(): readonly string[] {
    return [...super.runtimeFields(), 'active'];
  }

  readonly lxClass = 'heronarts.lx.pattern.test.TestPattern';
  readonly mode = new EnumParameter('Mode', MODES, ITERATE, { description: 'Iterate Points, Fixed Index, or Tag' });
  readonly rate = new BoundedParameter('Rate', 50, {
    v0: 10,
    v1: 10000,
    exponent: 2,
    units: 'milliseconds',
    modulatable: true,
    description: 'Time per point when iterating',
  });
  readonly fixedIndex = new DiscreteParameter('Fixed', 0, 0, UNSIZED_MAX, { description: 'Point lit in Fixed Index mode (0-based, in point order)' });
  readonly tag = new StringParameter('Tag', 'strip', { description: 'Fixture tag lit in Tag mode' });
  readonly tagAll = new BooleanParameter('All', true, { description: 'Light every point carrying the tag, or only the Fixed one among them' });
  readonly tagIndex = new DiscreteParameter('Fixed', 0, 0, UNSIZED_MAX, {
    description: 'Which point among the tagged ones to light when All is off (0-based)',
  });
  readonly cpuTest = new BoundedParameter('CPU Test', 0, {
    v1: 1000,
    description: 'LX burns this many thousand random multiplications per frame; Footlight ignores it',
  });

  private readonly increment: Click;
  private active = 0;
  /** The point set and tag the index ranges and the tag mask were built for. */
  private sizedFor: PointSet | undefined;
  private sizedTag = '';
  private tagged: readonly ModelNode[] = NO_NODES;
  /** For a view: which global points it holds (built when the view changes). */
  private member: Uint8Array | undefined;

  constructor() {
    super('Test');
    this.addParameter('mode', this.mode);
    this.addParameter('rate', this.rate);
    this.addParameter('fixedIndex', this.fixedIndex);
    this.addParameter('tag', this.tag);
    this.addParameter('tagAll', this.tagAll);
    this.addParameter('tagIndex', this.tagIndex);
    this.addParameter('cpuTest', this.cpuTest);
    this.increment = this.startModulator(new Click(() => this.rate.getValue()));
    this.enabled.setOn(false);
  }

  /** LX's onModelChanged / updateTagIndex: index ranges follow the model and the tag. */
  private resize(pts: PointSet): void {
    const root = this.context?.structure.model.root;
    if (this.sizedFor !== pts) {
      this.sizedFor = pts;
      this.fixedIndex.setRange(0, Math.max(1, pts.size) - 1);
      this.member = undefined;
      if (root !== undefined && pts.size !== root.size) {
        this.member = new Uint8Array(root.size);
        for (let k = 0; k < pts.size; k++) this.member[pts.index[k]] = 1;
      }
      this.sizedTag = '\u0000';
    }
    const tag = this.tag.getString();
    if (this.sizedTag !== tag) {
      this.sizedTag = tag;
      this.tagged = root === undefined ? NO_NODES : root.sub(tag);
      let count = 0;
      for (const sub of this.tagged) count += this.countPoints(sub);
      this.tagIndex.setRange(0, Math.max(1, count) - 1);
    }
  }

  private countPoints(sub: ModelNode): number {
    const member = this.member;
    if (member === undefined) return sub.points.length;
    let n = 0;
    for (let i = 0; i < sub.points.length; i++) n += member[sub.points[i]];
    return n;
  }

  protected run(): void {
    const pts = this.points;
    if (this.sizedFor !== pts || this.sizedTag !== this.tag.getString()) this.resize(pts);
    if (pts.size === 0) return;
    const colors = this.colors;
    for (let k = 0; k < pts.size; k++) colors[pts.index[k]] = BLACK;
    const mode = this.mode.getValue();
    if (mode === ITERATE) {
      if (this.increment.click()) this.active++;
      this.active = this.active % pts.size;
      colors[pts.index[this.active]] = WHITE;
    } else if (mode === FIXED) {
      colors[pts.index[this.fixedIndex.getValue()]] = WHITE;
    } else {
      const tagAll = this.tagAll.isOn();
      const tagIndex = this.tagIndex.getValue();
      const member = this.member;
      const tagged = this.tagged;
      let i = 0;
      for (let s = 0; s < tagged.length; s++) {
        const idx = tagged[s].points;
        for (let j = 0; j < idx.length; j++) {
          const p = idx[j];
          if (member !== undefined && member[p] === 0) continue;
          if (tagAll) colors[p] = WHITE;
          else if (i++ === tagIndex) {
            colors[p] = WHITE;
            return;
          }
        }
      }
    }
  }
}
