// Model assembly: an ordered fixture list becomes a tree of model nodes over one point set.
//
// Points are numbered contiguously in fixture order; inside a fixture its own points come
// first, then its children's, depth-first (a JSON fixture keeps its components in file order).
// The root node is tagged `model` and has one child per active fixture; a fixture node's
// children are its child fixtures, then its submodels (a JSON fixture's, in file order).
// Every point is normalized against the root's bounds (AUTOMATIC) or a manual box (MANUAL).
import { type FixtureGeometry, totalSize } from './fixture.js';
import { type Mat4, identity } from './matrix.js';
import { type CenterRadius, type GeometryBounds, type NormalizationBounds, PointSet, computeBounds, manualBounds, normalizePoints } from './points.js';

export type ModelNodeKind = 'root' | 'fixture' | 'submodel';

const EMPTY: readonly ModelNode[] = Object.freeze([]);

/** A node of the model tree (LXModel): the root, a fixture, or a fixture's submodel. */
export class ModelNode {
  readonly children: readonly ModelNode[];
  private _parent: ModelNode | undefined = undefined;
  private readonly childDict = new Map<string, ModelNode[]>();
  private readonly subDict = new Map<string, ModelNode[]>();
  private _bounds: GeometryBounds | undefined;

  constructor(
    readonly kind: ModelNodeKind,
    readonly tags: readonly string[],
    readonly metaData: Readonly<Record<string, string>>,
    readonly transform: Mat4,
    /** Global indices of this node's points, in the node's own order. */
    readonly points: Int32Array,
    children: readonly ModelNode[],
    /** For fixture nodes: the fixture's geometry. */
    readonly fixture: FixtureGeometry | undefined,
    private pointSet: PointSet,
  ) {
    this.children = children;
    for (const child of children) child._parent = this;
    addTagged(children, this.childDict, false);
    addTagged(children, this.subDict, true);
  }

  get parent(): ModelNode | undefined {
    return this._parent;
  }

  get size(): number {
    return this.points.length;
  }

  /**
   * This node's tree for a new model whose point set holds the same points `delta` positions
   * further on (an unchanged fixture in a rebuilt model). With `delta` 0 the nodes themselves move
   * over (the previous model is no longer read); otherwise they are copied with shifted indices.
   * Computed bounds carry over, the positions being the same.
   */
  moved(delta: number, pointSet: PointSet): ModelNode {
    if (delta === 0) {
      this.rebind(pointSet);
      return this;
    }
    const points = new Int32Array(this.points.length);
    for (let i = 0; i < points.length; i++) points[i] = this.points[i] + delta;
    const children = this.children.map((c) => c.moved(delta, pointSet));
    const node = new ModelNode(this.kind, this.tags, this.metaData, this.transform, points, children, this.fixture, pointSet);
    node._bounds = this._bounds;
    return node;
  }

  private rebind(pointSet: PointSet): void {
    this.pointSet = pointSet;
    for (const child of this.children) child.rebind(pointSet);
  }

  /** Bounds of this node's points (computed on first use; the tree is immutable). */
  get bounds(): GeometryBounds {
    if (this._bounds === undefined) this._bounds = computeBounds(this.pointSet, this.points, this.points.length);
    return this._bounds;
  }

  /** All descendants carrying `tag`, depth-first pre-order (LXModel.sub). */
  sub(tag: string): readonly ModelNode[] {
    return this.subDict.get(tag) ?? EMPTY;
  }

  /** Direct children carrying `tag` (LXModel.children(tag)). */
  childrenTagged(tag: string): readonly ModelNode[] {
    return this.childDict.get(tag) ?? EMPTY;
  }

  /** Whether `node` is a strict descendant of this node. */
  contains(node: ModelNode): boolean {
    for (let p = node._parent; p !== undefined; p = p._parent) if (p === this) return true;
    return false;
  }

  /** The nearest strict ancestor carrying `tag`. */
  ancestor(tag: string): ModelNode | undefined {
    for (let p = this._parent; p !== undefined; p = p._parent) if (p.tags.includes(tag)) return p;
    return undefined;
  }

  /** The nearest fixture node at or above this node. */
  get fixtureNode(): ModelNode | undefined {
    for (let p: ModelNode | undefined = this; p !== undefined; p = p._parent) if (p.kind === 'fixture') return p;
    return undefined;
  }

  meta(key: string): string | undefined {
    return this.metaData[key];
  }

  /** LX's tag-index path, e.g. `/model/grid[0]/row[2]`. */
  get path(): string {
    const first = this.tags.length > 0 ? this.tags[0] : '';
    const parent = this._parent;
    if (parent === undefined) return `/${first}`;
    const siblings = this.tags.length > 0 ? parent.childrenTagged(first) : parent.children;
    return `${parent.path}/${first}[${siblings.indexOf(this)}]`;
  }
}

function addTagged(nodes: readonly ModelNode[], dict: Map<string, ModelNode[]>, recurse: boolean): void {
  for (const node of nodes) {
    for (const tag of node.tags) {
      let list = dict.get(tag);
      if (list === undefined) dict.set(tag, (list = []));
      list.push(node);
    }
    if (recurse) addTagged(node.children, dict, true);
  }
}

export type NormalizationSettings =
  | { readonly mode: 'AUTOMATIC' }
  | {
      readonly mode: 'MANUAL';
      /** Center of the normalization box. */
      readonly x: number;
      readonly y: number;
      readonly z: number;
      readonly width: number;
      readonly height: number;
      readonly depth: number;
    };

export interface Model {
  readonly size: number;
  readonly root: ModelNode;
  /** Per-point geometry by global point index (`points.index[i] === i`). */
  readonly points: PointSet;
  /** Top-level fixture nodes, in structure order, deactivated fixtures left out. */
  readonly fixtures: readonly ModelNode[];
  /** For each point, the position of its top-level fixture in `fixtures`. */
  readonly pointFixture: Int32Array;
  /** The root's own bounds, averages and radius range. */
  readonly bounds: GeometryBounds;
  readonly normalizationMode: NormalizationSettings['mode'];
  /** The box the points were normalized against. */
  readonly normalization: NormalizationBounds;
  /** rc statistics of the normalized points. */
  readonly centerRadius: CenterRadius;
}

/**
 * Builds the model for an ordered fixture list (LXStructure.regenerateModel). With `previous`,
 * a fixture whose geometry object is one of the previous model's (an unchanged fixture) is not
 * placed again: its raw point fields are copied from where they were and its node tree is
 * re-indexed, so adding, removing or editing one fixture places only that fixture's points.
 * The point set then takes over the previous one's buffers when they have room (they are
 * allocated with room to grow), and `previous` must no longer be read. Bounds and normalization
 * are always recomputed over the whole model, as LX does; the result is the same, bit for bit,
 * as a build without `previous`.
 */
export function buildModel(fixtures: readonly FixtureGeometry[], settings: NormalizationSettings = { mode: 'AUTOMATIC' }, previous?: Model): Model {
  const active = fixtures.filter((fx) => !fx.deactivated);
  const placed = new Map<FixtureGeometry, ModelNode>();
  if (previous !== undefined) for (const node of previous.fixtures) if (node.fixture !== undefined) placed.set(node.fixture, node);
  // Each fixture's start, and its previous node when it is unchanged (taken once).
  const starts: number[] = [];
  const olds: (ModelNode | undefined)[] = [];
  const runs = new RunList();
  let size = 0;
  for (const fx of active) {
    const old = placed.get(fx);
    if (old !== undefined) placed.delete(fx);
    starts.push(size);
    olds.push(old);
    // Checked before anything is copied: in place, a throw after it would leave `previous` broken.
    if (old === undefined) checkSubmodels(fx);
    const count = old === undefined ? totalSize(fx) : old.size;
    if (old !== undefined) runs.add(old.size > 0 ? old.points[0] : 0, size, count);
    size += count;
  }
  const prev = previous?.points;
  const inPlace = prev !== undefined && runs.oneWay() && prev.canHold(size) && size * 4 >= prev.capacity;
  // A model that grows from one it had gets room to grow further, so the next adds copy nothing
  // (a project opened into the empty model gets exactly its size).
  const capacity = previous !== undefined && previous.size > 0 && size > previous.size ? Math.ceil(size * 1.5) : size;
  const points = inPlace ? new PointSet(size, size, prev) : new PointSet(size, capacity);
  if (prev !== undefined) runs.copy(prev, points, inPlace);
  // The point-to-fixture table rides along the same way: in place, a fixture that kept both its
  // points and its position in the list keeps its entries (read before any is written).
  const prevTable = previous?.pointFixture;
  const tableInPlace = inPlace && prevTable !== undefined && prevTable.buffer.byteLength >= size * Int32Array.BYTES_PER_ELEMENT;
  const pointFixture = tableInPlace
    ? new Int32Array(prevTable.buffer, 0, size)
    : new Int32Array(new ArrayBuffer(capacity * Int32Array.BYTES_PER_ELEMENT), 0, size);
  const keepsEntries = olds.map((old, i) => tableInPlace && old !== undefined && old.size > 0 && old.points[0] === starts[i] && prevTable[starts[i]] === i);

  const fixtureNodes: ModelNode[] = [];
  for (let i = 0; i < active.length; i++) {
    const start = starts[i];
    const old = olds[i];
    const node = old === undefined ? placeFixture(active[i], start, points) : old.moved(start - (old.size > 0 ? old.points[0] : 0), points);
    if (!keepsEntries[i]) pointFixture.fill(i, start, start + node.size);
    fixtureNodes.push(node);
  }
  // In place, the indices before the previous size are already there.
  for (let k = inPlace ? Math.min(size, prev.size) : 0; k < size; k++) points.index[k] = k;

  const root = new ModelNode('root', ['model'], {}, identity(), points.index, fixtureNodes, undefined, points);
  const bounds = root.bounds;
  const normalization = settings.mode === 'MANUAL' ? manualBounds(settings.x, settings.y, settings.z, settings.width, settings.height, settings.depth) : bounds;
  const centerRadius = normalizePoints(points, 0, size, normalization, bounds.rMax);
  return {
    size,
    root,
    points,
    fixtures: fixtureNodes,
    pointFixture,
    bounds,
    normalizationMode: settings.mode,
    normalization,
    centerRadius,
  };
}

/** Point ranges to copy from one point set to another, merged where they run on. */
class RunList {
  private readonly runs: { from: number; to: number; count: number }[] = [];

  add(from: number, to: number, count: number): void {
    if (count === 0) return;
    const last = this.runs[this.runs.length - 1];
    if (last !== undefined && last.from + last.count === from && last.to + last.count === to) last.count += count;
    else this.runs.push({ from, to, count });
  }

  /** Whether every run stays or moves the same way (then they can be moved within one set). */
  oneWay(): boolean {
    return this.runs.every((r) => r.to >= r.from) || this.runs.every((r) => r.to <= r.from);
  }

  /**
   * Copies the raw (unnormalized) fields of every run: position, polar values, normals. In place
   * (`dst` on `src`'s buffers), runs moving up go last first and runs moving down first first,
   * so none overwrites one not yet moved.
   */
  copy(src: PointSet, dst: PointSet, inPlace: boolean): void {
    const runs = inPlace && this.runs.some((r) => r.to > r.from) ? [...this.runs].reverse() : this.runs;
    const capacity = dst.capacity;
    for (const key of RAW_FIELDS) {
      // In place, a run may come from or go to beyond either set's size: move on the whole buffer.
      const a = dst[key];
      const whole = inPlace ? new Float32Array(a.buffer, a.byteOffset, capacity) : a;
      for (const { from, to, count } of runs) {
        if (!inPlace) a.set(src[key].subarray(from, from + count), to);
        else if (from !== to) whole.copyWithin(to, from, from + count);
      }
    }
  }
}

/** The point fields a fixture's placement writes; the normalized ones follow from the bounds. */
const RAW_FIELDS = ['x', 'y', 'z', 'r', 'rxy', 'rxz', 'theta', 'azimuth', 'elevation', 'xnormal', 'ynormal', 'znormal'] as const;

/** Throws if a submodel of `fx` or of its children names a point outside its fixture. */
function checkSubmodels(fx: FixtureGeometry): void {
  const total = totalSize(fx);
  for (const sm of fx.submodels) {
    for (let i = 0; i < sm.count; i++) {
      const local = sm.start + i * sm.stride;
      if (local < 0 || local >= total) throw new RangeError(`${fx.type} submodel point ${local} is outside the fixture's ${total} points`);
    }
  }
  for (const child of fx.children) checkSubmodels(child);
}

/** Writes a fixture's points from `start` on and returns its node (LXFixture.toModel). */
function placeFixture(fx: FixtureGeometry, start: number, set: PointSet): ModelNode {
  const own = fx.points.length / 3;
  // Global index of each own point: children sit between them where `childAt` says.
  const ownIndex = new Int32Array(own);
  const children: ModelNode[] = [];
  let next = start;
  let placed = 0;
  const placeOwn = (upTo: number): void => {
    for (; placed < upTo; placed++, next++) {
      const i = placed;
      ownIndex[i] = next;
      set.setPosition(next, fx.points[3 * i], fx.points[3 * i + 1], fx.points[3 * i + 2]);
      set.xnormal[next] = fx.normals[3 * i];
      set.ynormal[next] = fx.normals[3 * i + 1];
      set.znormal[next] = fx.normals[3 * i + 2];
    }
  };
  fx.children.forEach((child, k) => {
    placeOwn(Math.min(own, fx.childAt?.[k] ?? own));
    const node = placeFixture(child, next, set);
    next += node.size;
    children.push(node);
  });
  placeOwn(own);
  const total = next - start;
  for (const sm of fx.submodels) {
    const idx = new Int32Array(sm.count);
    for (let i = 0; i < sm.count; i++) {
      const local = sm.start + i * sm.stride;
      idx[i] = local < own ? ownIndex[local] : start + local;
    }
    children.push(new ModelNode('submodel', sm.tags, sm.metaData, sm.transform, idx, [], undefined, set));
  }
  // Components in file order, as LX's child models are.
  if (fx.childAt !== undefined) children.sort((a, b) => (a.points[0] ?? 0) - (b.points[0] ?? 0));
  const idx = new Int32Array(total);
  for (let i = 0; i < total; i++) idx[i] = start + i;
  return new ModelNode('fixture', fx.tags, fx.metaData, fx.transform, idx, children, fx, set);
}
