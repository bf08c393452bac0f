// What else in the show depends on a part that is removed, moved or copied: modulations and
// trigger mappings that live outside the part but read from or drive something inside it (and,
// transitively, modulations of those modulations' depth). Removals take them out with the part
// and undo puts them back with the same ids, positions and summing order — through the
// modulation engine's own record/remove/restore operations.

import type { Component } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import type { LightShow } from '../show/light-show.js';
import { CompoundModulation } from '../modulation/compound-modulation.js';
import { ModulationEngine } from '../modulation/modulation-engine.js';
import { dependentModulations, type AnyModulation } from '../modulation/modulation-graph.js';
import { recordDependents, removeRecorded, restoreRecorded, type ModulationRecord } from './modulation-core.js';
import type { DeviceRegistry } from '../component/registry.js';

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

/** The modulations depending on some parts of the show, as they were when captured. */
export interface Dependents {
  readonly records: readonly ModulationRecord[];
  readonly notes: readonly WiringNote[];
  readonly registry: DeviceRegistry;
}

function insideAny(roots: readonly Component[], c: Component): boolean {
  return roots.some((r) => r.contains(c));
}

function noteOf(m: AnyModulation): WiringNote {
  return {
    kind: m instanceof CompoundModulation ? 'modulation' : 'trigger',
    path: m.path,
    scope: m.parent?.path ?? '',
    sourcePath: m.source.path,
    targetPath: m.target.path,
  };
}

/** Finds the modulations outside `roots` that depend on anything inside them. */
export function captureDependents(show: LightShow, roots: readonly Component[]): Dependents {
  const seen = new Set<number>();
  const records: ModulationRecord[] = [];
  const notes: WiringNote[] = [];
  for (const root of roots) {
    const mods = dependentModulations(show.lx, root);
    const recs = recordDependents(show.lx, root);
    for (let i = 0; i < recs.length; i++) {
      const m = mods[i];
      if (seen.has(m.id) || insideAny(roots, m)) continue;
      seen.add(m.id);
      records.push(recs[i]);
      notes.push(noteOf(m));
    }
  }
  return { records, notes, registry: show.registry };
}

/** Keeps only the captured modulations `keep` accepts (by the engine each lives in). */
export function filterDependents(g: Graph, d: Dependents, keep: (engine: ModulationEngine) => boolean): Dependents {
  const records: ModulationRecord[] = [];
  const notes: WiringNote[] = [];
  d.records.forEach((r, i) => {
    const engine = g.get(r.engineId);
    if (engine instanceof ModulationEngine && keep(engine)) {
      records.push(r);
      notes.push(d.notes[i]);
    }
  });
  return { records, notes, registry: d.registry };
}

/** Takes the captured modulations out of their engines. */
export function dropDependents(g: Graph, d: Dependents): void {
  removeRecorded(g, d.records);
}

/** Puts dropped modulations back where they were, with their ids (undo of a removal). */
export function restoreDependents(g: Graph, d: Dependents): void {
  restoreRecorded(g, d.records, d.registry);
}

/** The notes to report for captured wiring. */
export function unreplicatedWiring(d: Dependents): WiringNote[] {
  return [...d.notes];
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
    this.captured = captureDependents(
      this.show,
      this.ids.map((id) => g.require(id)),
    );
    dropDependents(g, this.captured);
  }

  undo(g: Graph): void {
    if (this.captured !== undefined) restoreDependents(g, this.captured);
  }
}
