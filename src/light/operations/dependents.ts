// What else in the show depends on a part that is removed, moved or copied: modulations and
// trigger mappings that live outside the part but have their source or target inside it.
// Removals take them out with the part and undo puts them back (same ids, same places).

import type { Component } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import { NumericParameter } from '../../engine/parameters/numeric.js';
import { CompoundModulation } from '../modulation/compound-modulation.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import { Modulator } from '../modulation/modulator.js';
import type { LightShow } from '../light-show.js';

/** A wiring an operation dropped, or could not carry to a copy. */
export interface WiringNote {
  readonly kind: 'modulation' | 'trigger';
  /** The modulation's own path (before the change). */
  readonly path: string;
  /** The modulation engine it lives in: /lx/modulation, or a channel's or device's. */
  readonly scope: string;
  readonly sourcePath: string;
  readonly targetPath: string;
}

interface Record {
  readonly modulation: CompoundModulation;
  readonly engineId: number;
  readonly index: number;
  readonly note: WiringNote;
}

/** The modulations depending on some parts of the show, as they were when captured. */
export interface Dependents {
  readonly records: readonly Record[];
}

function insideAny(roots: readonly Component[], c: Component | null): boolean {
  return c !== null && roots.some((r) => r.contains(c));
}

/** Finds the modulations outside `roots` whose source or target is inside them. */
export function captureDependents(show: LightShow, roots: readonly Component[]): Dependents {
  const records: Record[] = [];
  for (const c of show.lx.descendants()) {
    if (!(c instanceof ModulationEngine) || insideAny(roots, c)) continue;
    for (const m of c.modulations.items) {
      const src = m.source;
      const srcOwner = src instanceof Modulator ? src : src instanceof NumericParameter ? src.owner : null;
      if (!insideAny(roots, srcOwner) && !insideAny(roots, m.target.owner)) continue;
      records.push({
        modulation: m,
        engineId: c.id,
        index: m.index,
        note: { kind: 'modulation', path: m.path, scope: c.path, sourcePath: src instanceof Modulator || src instanceof NumericParameter ? src.path : '', targetPath: m.target.path },
      });
    }
  }
  return { records };
}

/** Takes the captured modulations out of their engines. */
export function dropDependents(_g: Graph, d: Dependents): void {
  for (let i = d.records.length - 1; i >= 0; i--) {
    const r = d.records[i];
    const engine = r.modulation.parent;
    if (!(engine instanceof ModulationEngine)) continue;
    r.modulation.disconnect();
    engine.modulations.remove(r.modulation);
  }
}

/** Puts dropped modulations back where they were, with their ids (undo of a removal). */
export function restoreDependents(g: Graph, d: Dependents): void {
  for (const r of d.records) {
    const engine = g.require(r.engineId) as ModulationEngine;
    engine.modulations.insert(r.modulation, Math.min(r.index, engine.modulations.length));
    r.modulation.connect();
  }
}

/** The notes to report for captured wiring. */
export function unreplicatedWiring(d: Dependents): WiringNote[] {
  return d.records.map((r) => r.note);
}

/**
 * A step that takes out the modulations depending on some components (found when it runs), for
 * a removal composed with it: perform it before the removal, and undo puts them back after the
 * removal is undone.
 */
export class DetachDependents {
  readonly label = 'Detach dependent modulations';
  private captured: Dependents | undefined;

  constructor(
    private readonly show: LightShow,
    private readonly ids: readonly number[],
  ) {}

  perform(g: Graph): void {
    this.captured = captureDependents(this.show, this.ids.map((id) => g.require(id)));
    dropDependents(g, this.captured);
  }

  undo(g: Graph): void {
    if (this.captured !== undefined) restoreDependents(g, this.captured);
  }
}
