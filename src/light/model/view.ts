// Views: the points a selector picks out of a model, with their own normalized coordinates.
//
// Evaluation follows LX's LXView: each query starts at the model root; a step searches every
// current match (descendants by tag in depth-first order, or direct children for '>'), applies
// its range to each search root's match list, and '&' keeps the previous matches that the same
// search also finds. A model already claimed by an earlier selector is skipped (first wins); a
// later match that is an ancestor of claimed models replaces them (they leave their groups); a
// match inside a claimed model is ignored. Points are taken group by group, model by model, in
// each model's point order, each point once.
//
// RELATIVE normalization renormalizes each group within its own bounds; ABSOLUTE keeps the
// model's values. With several groups, each point carries its own group's values. GROUP
// orientation (RELATIVE only, one fixture per group) normalizes in the fixture's local frame,
// positions rounded to two decimals as LX does; when those conditions do not hold, the whole
// view falls back to GLOBAL and reports `invalidOrientation`. GROUP orientation is not covered
// by the golden data, so its last bits are not claimed LX-exact.
import type { Model, ModelNode } from './model.js';
import { type Mat4, invertAffine } from './matrix.js';
import { type CenterRadius, type GeometryBounds, type NormalizationBounds, PointSet, computeBounds, normalizePoints, orientedBounds } from './points.js';
import { type Selector, type SelectorQuery, parseSelector, rangeIndices } from './selector.js';

export type ViewNormalization = 'RELATIVE' | 'ABSOLUTE';
export type ViewOrientation = 'GLOBAL' | 'GROUP';

interface ViewOptions {
  readonly normalization?: ViewNormalization;
  readonly orientation?: ViewOrientation;
}

interface ViewGroup {
  /** The models selected into this group, in selection order. */
  readonly nodes: readonly ModelNode[];
  /** This group's points are `view.points` positions start .. start+count-1. */
  readonly start: number;
  readonly count: number;
  readonly bounds: GeometryBounds;
  /** RELATIVE groups: the rc statistics of their renormalized points. */
  readonly centerRadius: CenterRadius | undefined;
  /** GROUP orientation: the fixture whose frame the group was normalized in. */
  readonly orientedTo: ModelNode | undefined;
}

export interface View {
  readonly selector: Selector;
  readonly normalization: ViewNormalization;
  readonly orientation: ViewOrientation;
  /** The view's points in LX's order: `points.index[k]` is the global point index. */
  readonly points: PointSet;
  /** Groups from `;` and `*`, in order (a group emptied by a later ancestor match stays, empty). */
  readonly groups: readonly ViewGroup[];
  /** Bounds over all the view's points. */
  readonly bounds: GeometryBounds;
  /** Number of distinct top-level fixtures the view's points belong to. */
  readonly numFixtures: number;
  /** GROUP orientation was asked for but a group does not lie in exactly one fixture (or the
   *  normalization is ABSOLUTE): the view fell back to GLOBAL orientation. */
  readonly invalidOrientation: boolean;
}

interface State {
  readonly root: ModelNode;
  readonly groups: ModelNode[][];
  readonly unique: ModelNode[];
}

function evaluateQuery(state: State, query: SelectorQuery, roots: readonly ModelNode[]): ModelNode[] {
  let candidates: ModelNode[] = [...roots];
  let searchSpace: ModelNode[] = [];
  for (const step of query) {
    let intersect: ModelNode[] | undefined;
    if (step.mode === 'and') intersect = candidates;
    else searchSpace = candidates;
    const next: ModelNode[] = [];
    for (const search of searchSpace) {
      const subs = step.mode === 'children' ? search.childrenTagged(step.tag) : search.sub(step.tag);
      for (const i of rangeIndices(step.range, subs.length)) {
        const sub = subs[i];
        if (!state.unique.includes(sub)) next.push(sub);
      }
    }
    candidates = intersect === undefined ? next : next.filter((c) => intersect.includes(c));
  }
  return candidates;
}

function addGroupCandidates(state: State, group: ModelNode[], candidates: readonly ModelNode[]): void {
  for (const candidate of candidates) {
    if (state.unique.includes(candidate)) continue;
    let isDescendant = false;
    for (let i = 0; i < state.unique.length && !isDescendant; i++) {
      const claimed = state.unique[i];
      if (claimed.contains(candidate)) {
        isDescendant = true;
      } else if (candidate.contains(claimed)) {
        state.unique.splice(i--, 1);
        for (const existing of state.groups) {
          const at = existing.indexOf(claimed);
          if (at >= 0) existing.splice(at, 1);
        }
      }
    }
    if (!isDescendant) {
      state.unique.push(candidate);
      group.push(candidate);
    }
  }
}

/** The models each group selects, in LX's order (exported for tests and tools). */
function selectGroups(model: Model, selector: Selector): ModelNode[][] {
  const state: State = { root: model.root, groups: [], unique: [] };
  for (const g of selector.groups) {
    if (g.split === undefined) {
      const group: ModelNode[] = [];
      for (const q of g.union) addGroupCandidates(state, group, evaluateQuery(state, q, [state.root]));
      if (group.length > 0) state.groups.push(group);
      continue;
    }
    for (const match of evaluateQuery(state, g.split, [state.root])) {
      const group: ModelNode[] = [];
      if (g.union.length === 0) addGroupCandidates(state, group, [match]);
      else for (const q of g.union) addGroupCandidates(state, group, evaluateQuery(state, q, [match]));
      if (group.length > 0) state.groups.push(group);
    }
  }
  return state.groups;
}

/** The one fixture every node of a group lies in, if there is one. */
function groupFixture(nodes: readonly ModelNode[]): ModelNode | undefined {
  let fixture: ModelNode | undefined;
  for (const node of nodes) {
    const fx = node.fixtureNode;
    if (fx === undefined || (fixture !== undefined && fx !== fixture)) return undefined;
    fixture = fx;
  }
  return fixture;
}

/**
 * Builds a view of `model`. `selector` is a selector string (parsed here; a bad one throws
 * SelectorSyntaxError, code invalid_argument) or an already parsed Selector. An empty selector
 * gives an empty view; LX's view definitions treat an empty selector as "no view" instead.
 */
export function buildView(model: Model, selector: string | Selector, options: ViewOptions = {}): View {
  const parsed = typeof selector === 'string' ? parseSelector(selector) : selector;
  const normalization = options.normalization ?? 'RELATIVE';
  const orientation = options.orientation ?? 'GLOBAL';
  const groupsNodes = selectGroups(model, parsed);

  // Clone points group by group; a point shared by two models belongs to the first.
  const taken = new Uint8Array(model.size);
  const order: number[] = [];
  const spans: { start: number; count: number }[] = [];
  for (const nodes of groupsNodes) {
    const start = order.length;
    for (const node of nodes) {
      for (const p of node.points) {
        if (taken[p] === 0) {
          taken[p] = 1;
          order.push(p);
        }
      }
    }
    spans.push({ start, count: order.length - start });
  }

  const fixtures = groupsNodes.map(groupFixture);
  const wantsGroup = orientation === 'GROUP';
  const invalidOrientation = wantsGroup && (normalization !== 'RELATIVE' || fixtures.some((fx, g) => fx === undefined && spans[g].count > 0));
  const oriented = wantsGroup && !invalidOrientation;

  const points = new PointSet(order.length);
  for (let k = 0; k < order.length; k++) points.copyPoint(k, model.points, order[k]);

  const groups: ViewGroup[] = groupsNodes.map((nodes, g) => {
    const { start, count } = spans[g];
    const bounds = computeBounds(points, undefined, count, start);
    let centerRadius: CenterRadius | undefined;
    let orientedTo: ModelNode | undefined;
    if (normalization === 'RELATIVE') {
      let space: NormalizationBounds = bounds;
      let inverse: Mat4 | undefined;
      if (oriented && count > 0) {
        orientedTo = fixtures[g];
        inverse = orientedTo === undefined ? undefined : invertAffine(orientedTo.transform);
        if (inverse !== undefined) space = orientedBounds(points, start, count, inverse);
      }
      centerRadius = normalizePoints(points, start, count, space, bounds.rMax, inverse);
    }
    return { nodes, start, count, bounds, centerRadius, orientedTo };
  });

  const fixtureSeen = new Set<number>();
  for (let k = 0; k < points.size; k++) fixtureSeen.add(model.pointFixture[points.index[k]]);

  return {
    selector: parsed,
    normalization,
    orientation,
    points,
    groups,
    bounds: groups.length === 1 ? groups[0].bounds : computeBounds(points, undefined, points.size),
    numFixtures: fixtureSeen.size,
    invalidOrientation,
  };
}
