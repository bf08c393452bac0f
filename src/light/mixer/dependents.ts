import type { Component } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import { CompoundModulation } from '../modulation/compound-modulation.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';

/** A modulation taken out of its engine because its source or target was removed. */
interface DetachedModulation {
  readonly engineId: number;
  readonly index: number;
  readonly modulation: CompoundModulation;
}

function ownerOf(x: unknown): Component | null {
  if (x !== null && typeof x === 'object' && 'owner' in x) return (x as { owner: Component | null }).owner;
  return x as Component;
}

/**
 * What a removed subtree leaves behind elsewhere: modulations in other modulation engines whose
 * source or target lies inside it. They are disconnected and taken out with the subtree, and
 * put back (same objects, same ids, same positions) when the removal is undone, as LX's
 * RemoveComponent restores dependent modulations.
 */
export class Dependents {
  private readonly detached: DetachedModulation[] = [];

  /** Takes out every modulation outside the removed subtrees that reaches into one of them. */
  static detach(root: Component, removed: Component | readonly Component[]): Dependents {
    const subtrees = Array.isArray(removed) ? removed : [removed as Component];
    const inside = (c: Component | null): boolean => c !== null && subtrees.some((s) => s.contains(c));
    const d = new Dependents();
    for (const c of root.descendants()) {
      if (!(c instanceof ModulationEngine) || inside(c)) continue;
      const items = c.modulations.items;
      for (let i = items.length - 1; i >= 0; i--) {
        const m = items[i];
        if (!(m instanceof CompoundModulation)) continue;
        const src = ownerOf(m.source);
        const dst = m.target.owner;
        if (inside(src) || inside(dst)) {
          m.disconnect();
          c.modulations.remove(m);
          d.detached.unshift({ engineId: c.id, index: i, modulation: m });
        }
      }
    }
    return d;
  }

  get count(): number {
    return this.detached.length;
  }

  /** Puts the modulations back where they were and reconnects them. */
  restore(g: Graph): void {
    for (const d of this.detached) {
      const engine = g.get(d.engineId);
      if (!(engine instanceof ModulationEngine)) continue;
      engine.modulations.insert(d.modulation, Math.min(d.index, engine.modulations.length));
      d.modulation.connect();
    }
  }
}
