// LX's OSC addressing of modulators: a modulator is addressed through its engine by its
// sanitized label (`/lx/modulation/LFO/periodFast`), not by its 1-based index (which also
// resolves: `/lx/modulation/modulator/1/periodFast`). The OSC surface and payloads use these.

import { Component } from '../../engine/component.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { oscLabel } from './osc-address.js';
import { Placeholder } from '../component/placeholder.js';
import { ModulationEngine } from './modulation-engine.js';
import { Modulator } from './modulator.js';

type AnyModulator = Modulator | Placeholder;

/** The modulator (of a modulation engine) that `c` is or sits inside, or undefined. */
function enclosingModulator(c: Component | null): AnyModulator | undefined {
  for (let p = c; p !== null; p = p.parent) {
    if ((p instanceof Modulator || p instanceof Placeholder) && p.parent instanceof ModulationEngine && p.key === 'modulator') return p;
  }
  return undefined;
}

/**
 * The modulator of `engine` an inbound OSC segment names: the first whose OSC label equals the
 * segment (LX's rule), or undefined. (`modulator/<n>` is the ordinary path form.)
 */
export function modulatorByOscLabel(engine: ModulationEngine, segment: string): AnyModulator | undefined {
  for (const m of engine.modulators.items) if (oscLabel(m.label.getString()) === segment) return m;
  return undefined;
}

/**
 * A modulator's OSC address: its engine's address + "/" + its OSC label, e.g.
 * `/lx/modulation/LFO`. When an earlier modulator of the same engine has the same OSC label
 * (LX would route the label to that one), the 1-based path is returned instead, so the address
 * always reaches this modulator.
 */
export function modulatorOscAddress(m: AnyModulator): string {
  const engine = m.parent;
  if (!(engine instanceof ModulationEngine)) return m.path;
  const label = oscLabel(m.label.getString());
  if (label.length === 0 || modulatorByOscLabel(engine, label) !== m) return m.path;
  return `${engine.path}/${label}`;
}

/**
 * The OSC address of anything inside a modulator (its parameters, or a parameter of a
 * sub-component), with the modulator's segment replaced by its label; undefined for
 * components and parameters that are not inside a modulation engine's modulator.
 */
export function modulationOscAddress(target: Parameter | Component): string | undefined {
  const owner = target instanceof Component ? target : target.owner;
  const m = enclosingModulator(owner);
  if (m === undefined) return undefined;
  const rest = target.path.slice(m.path.length);
  return `${modulatorOscAddress(m)}${rest}`;
}
