// The wiring between modulation sources and targets across every modulation engine of a light
// graph, for LX's cycle check (refuse a wiring that would loop back to its source) and for
// finding the modulations that depend on something about to be removed.

import type { Component } from '../../engine/component.js';
import { invalidArgument } from '../../engine/errors.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { CompoundModulation, sourceLabel, type ModulationSource } from './compound-modulation.js';
import { Modulator } from './modulator.js';
import { TriggerModulation } from './trigger-modulation.js';

/** A node of the modulation graph: a parameter, or a modulator used as a source. */
type ModulationNode = Parameter | Modulator;

/** A compound or trigger modulation. */
export type AnyModulation = CompoundModulation | TriggerModulation;

/** What every modulation engine looks like to the graph (avoids an import cycle). */
interface ModulationScope extends Component {
  readonly isModulationEngine: true;
  readonly modulations: { readonly items: readonly CompoundModulation[] };
  readonly triggers: { readonly items: readonly TriggerModulation[] };
}

function isModulationScope(c: Component): c is ModulationScope {
  return (c as { isModulationEngine?: boolean }).isModulationEngine === true;
}

/** Every modulation engine under `root` (depth first, parents before children). */
export function engines(root: Component): ModulationScope[] {
  const out: ModulationScope[] = [];
  for (const c of root.descendants()) if (isModulationScope(c)) out.push(c);
  return out;
}

/** Every compound and trigger modulation under `root`. */
function allModulations(root: Component): AnyModulation[] {
  const out: AnyModulation[] = [];
  for (const e of engines(root)) {
    for (const m of e.modulations.items) out.push(m);
    for (const t of e.triggers.items) out.push(t);
  }
  return out;
}

/** The component a node belongs to: a parameter's owner, or the modulator itself. */
function ownerOf(node: ModulationNode): Component | null {
  return node instanceof Modulator ? node : node.owner;
}

function pathOf(node: ModulationNode): string {
  return node.path;
}

/** Source → directly modulated targets, over every modulation under `root`. */
function modulationEdges(root: Component): Map<ModulationNode, ModulationNode[]> {
  const edges = new Map<ModulationNode, ModulationNode[]>();
  for (const m of allModulations(root)) {
    const from = m.source as ModulationNode;
    const list = edges.get(from);
    if (list === undefined) edges.set(from, [m.target]);
    else list.push(m.target);
  }
  return edges;
}

/**
 * The loop a new wiring `source → target` would close, as the chain of nodes from `target` back
 * to `source`, or null when there is none. Follows LX's rules: besides direct edges, modulating
 * the depth (or any parameter) of a modulation depends on that modulation's source; driving an
 * input of a trigger-source modulator (Logic, Comparator, Multi Trig...) reaches its outputs.
 */
function findCycle(root: Component, source: ModulationNode, target: Parameter): ModulationNode[] | null {
  const edges = modulationEdges(root);
  const visited = new Set<ModulationNode>();
  const path: ModulationNode[] = [];

  const visit = (candidate: ModulationNode): boolean => {
    path.push(candidate);
    if (candidate === source) return true;
    if (!visited.has(candidate)) {
      visited.add(candidate);
      const owner = candidate instanceof Modulator ? null : candidate.owner;
      if (owner instanceof CompoundModulation || owner instanceof TriggerModulation) {
        if (visit(owner.source as ModulationNode)) return true;
      }
      if (owner instanceof Modulator) {
        for (const out of owner.triggerOutputs()) if (visit(out)) return true;
      }
      for (const next of edges.get(candidate) ?? []) if (visit(next)) return true;
    }
    path.pop();
    return false;
  };

  return visit(target) ? path.slice() : null;
}

/**
 * Throws `invalid_argument` naming the loop if wiring `source → target` would create a circular
 * dependency (LX's CircularDependencyException). Changes nothing.
 */
export function assertNoCycle(root: Component, source: ModulationSource | Parameter, target: Parameter): void {
  const loop = findCycle(root, source as ModulationNode, target);
  if (loop === null) return;
  const chain = [source as ModulationNode, ...loop].map(pathOf).join(' → ');
  throw invalidArgument(
    `mapping ${sourceLabel(source)} to ${target.label} would create a circular dependency: ${chain}. ` +
      `Remove one of the modulations in that loop first, or pick another target.`,
  );
}

/** True if `m` reads from or writes into `c` (or anything inside it). */
function touches(m: AnyModulation, c: Component): boolean {
  const src = ownerOf(m.source as ModulationNode);
  const tgt = m.target.owner;
  return (src !== null && c.contains(src)) || (tgt !== null && c.contains(tgt));
}

/**
 * The modulations that would be left dangling if `removed` went away: those touching it, and,
 * transitively, those touching a modulation in that set (a modulation of another one's depth).
 * Modulations that live inside `removed` itself (its own engines) are not listed: they go with it.
 */
export function dependentModulations(root: Component, removed: Component): AnyModulation[] {
  const all = allModulations(root).filter((m) => !removed.contains(m));
  const found = new Set<AnyModulation>();
  const frontier: Component[] = [removed];
  while (frontier.length > 0) {
    const c = frontier.pop()!;
    for (const m of all) {
      if (found.has(m) || !touches(m, c)) continue;
      found.add(m);
      frontier.push(m);
    }
  }
  return all.filter((m) => found.has(m));
}
