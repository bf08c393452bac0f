// describe_model: the model tree (LXModel) as an agent needs it — tags, sizes, where each node's
// points sit in the color buffer, bounds — addressed by LX's tag-index paths
// (`/model/grid[0]/row[2]`: the third child of the first grid that carries the tag `row`).
import { invalidArgument, notFound } from '../../engine/errors.js';
import type { Model, ModelNode, ModelNodeKind } from '../model/index.js';
import type { Structure } from '../structure/structure.js';
import type { Fixture } from '../structure/fixture.js';

interface ModelNodeDescription {
  path: string;
  kind: ModelNodeKind;
  tags: string[];
  size: number;
  /** Lowest and highest global point index (absent for an empty node). */
  pointIndexRange?: { first: number; last: number };
  /** True when the node's points are exactly first..last. */
  contiguous?: boolean;
  bounds?: { xMin: number; xMax: number; yMin: number; yMax: number; zMin: number; zMax: number };
  center?: { x: number; y: number; z: number };
  childCount: number;
  /** Fixture nodes: the fixture component that made them. */
  fixture?: { path: string; id: number; label: string };
  meta?: Record<string, string>;
  children?: ModelNodeDescription[];
  /** Present when the node has children that were left out (depth or size limit). */
  childrenOmitted?: true;
}

/** The shortest decimal that reads back as the same float32 (positions are float32 in LX). */
function f32(x: number): number {
  if (!Number.isFinite(x)) return 0;
  for (let p = 1; p <= 9; p++) {
    const v = Number(x.toPrecision(p));
    if (Math.fround(v) === Math.fround(x)) return v;
  }
  return x;
}

/** The segment this node adds to its parent's path: `tag[i]` (LX's getPath; tags may hold "/"). */
function segmentOf(node: ModelNode): string {
  const parent = node.parent;
  if (parent === undefined) return node.path.slice(1);
  const first = node.tags.length > 0 ? node.tags[0] : '';
  const siblings = node.tags.length > 0 ? parent.childrenTagged(first) : parent.children;
  return `${first}[${siblings.indexOf(node)}]`;
}

/** Finds a node by its tag-index path; `/model` (or nothing) is the root. */
export function resolveModelNode(model: Model, path: string | undefined): ModelNode {
  const root = model.root;
  if (path === undefined || path === '' || path === '/' || path === root.path) return root;
  const rootSeg = root.path;
  if (!path.startsWith(`${rootSeg}/`)) {
    throw invalidArgument(
      `model paths start at ${rootSeg}, e.g. ${rootSeg}/grid[0]/row[2] (tag-index paths from describe_model, not component paths like /lx/structure/fixture/1)`,
    );
  }
  // Tags may themselves hold "/", so a segment is matched against the children, not split off.
  let rest = path.slice(rootSeg.length + 1);
  let node = root;
  let done = rootSeg;
  while (rest !== '') {
    const next = node.children.find((c) => {
      const seg = segmentOf(c);
      return rest === seg || rest.startsWith(`${seg}/`);
    });
    if (next === undefined) {
      const seg = /^[^[\]]*\[\d+\]/.exec(rest)?.[0] ?? rest;
      throw notFound(`${done} has no child ${seg}; describe_model {path: "${done}"} lists its children`);
    }
    const seg = segmentOf(next);
    node = next;
    done = `${done}/${seg}`;
    rest = rest.slice(seg.length + 1);
  }
  return node;
}

/** Every tag in the subtree and how many nodes carry it, in depth-first order of first use. */
export function tagVocabulary(node: ModelNode): Record<string, number> {
  const counts = new Map<string, number>();
  const visit = (n: ModelNode): void => {
    for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const c of n.children) visit(c);
  };
  visit(node);
  return Object.fromEntries(counts);
}

/** Maps top-level fixture nodes to the fixture components that made them. */
export function fixtureComponents(structure: Structure): Map<ModelNode, Fixture> {
  const out = new Map<ModelNode, Fixture>();
  const withPoints = [...structure.pointRanges.keys()];
  const nodes = structure.model.fixtures;
  for (let i = 0; i < nodes.length && i < withPoints.length; i++) out.set(nodes[i], withPoints[i]);
  return out;
}

/** One node without its children. */
export function describeNode(node: ModelNode, fixtures: ReadonlyMap<ModelNode, Fixture>): ModelNodeDescription {
  const pts = node.points;
  let geometry: Pick<ModelNodeDescription, 'pointIndexRange' | 'contiguous' | 'bounds' | 'center'> = {};
  if (pts.length > 0) {
    let first = pts[0];
    let last = pts[0];
    for (let i = 1; i < pts.length; i++) {
      const p = pts[i];
      if (p < first) first = p;
      if (p > last) last = p;
    }
    const b = node.bounds;
    geometry = {
      pointIndexRange: { first, last },
      contiguous: last - first + 1 === pts.length,
      bounds: { xMin: f32(b.xMin), xMax: f32(b.xMax), yMin: f32(b.yMin), yMax: f32(b.yMax), zMin: f32(b.zMin), zMax: f32(b.zMax) },
      center: { x: f32(b.cx), y: f32(b.cy), z: f32(b.cz) },
    };
  }
  const out: ModelNodeDescription = { path: node.path, kind: node.kind, tags: [...node.tags], size: node.size, ...geometry, childCount: node.children.length };
  const fixture = fixtures.get(node);
  if (fixture !== undefined) out.fixture = { path: fixture.path, id: fixture.id, label: fixture.label.getString() };
  if (Object.keys(node.metaData).length > 0) out.meta = { ...node.metaData };
  return out;
}

/**
 * A node and its descendants down to `depth` levels, breadth first, never more than `limit`
 * descendants: a node's children are shown all together or not at all (then `childrenOmitted`).
 */
export function describeSubtree(
  node: ModelNode,
  depth: number,
  limit: number,
  fixtures: ReadonlyMap<ModelNode, Fixture>,
): { node: ModelNodeDescription; truncated: boolean } {
  const top = describeNode(node, fixtures);
  let budget = limit;
  let truncated = false;
  let level: [ModelNode, ModelNodeDescription][] = [[node, top]];
  for (let d = 0; level.length > 0; d++) {
    const next: [ModelNode, ModelNodeDescription][] = [];
    for (const [n, desc] of level) {
      if (n.children.length === 0) continue;
      if (d >= depth || n.children.length > budget) {
        desc.childrenOmitted = true;
        if (d < depth) truncated = true;
        continue;
      }
      budget -= n.children.length;
      desc.children = n.children.map((c) => {
        const cd = describeNode(c, fixtures);
        next.push([c, cd]);
        return cd;
      });
    }
    level = next;
  }
  return { node: top, truncated };
}
