import { invalidArgument } from '../../engine/errors.js';
import { LX_VERSION } from '../lx-component.js';
import { LXEngineComponent } from '../lx-engine.js';
import type { LxfResolver } from '../model/index.js';
import type { DeviceRegistry } from '../registry.js';
import { isLxObject, type LoadContext, type LxObject } from './lxp-types.js';

export interface OpenedProject {
  readonly lx: LXEngineComponent;
  /** What did not load as saved (placeholders, unresolved references). */
  readonly warnings: readonly string[];
  /** Saved `externals` (UI state of other hosts), written back unchanged. */
  readonly externals: Record<string, unknown>;
}

/**
 * Builds a light engine from a parsed `.lxp` project: the structure (`model`) first, then the
 * engine, then the references (modulations, triggers) once every component exists.
 */
export function readProject(json: unknown, registry: DeviceRegistry, resolveLxf?: LxfResolver): OpenedProject {
  if (!isLxObject(json) || !isLxObject(json.engine)) throw invalidArgument('not an LX project: the file has no "engine" object');
  const warnings: string[] = [];
  const deferred: (() => void)[] = [];
  const ctx: LoadContext = {
    ids: new Map(),
    registry,
    resolveLxf,
    defer: (fn) => deferred.push(fn),
    warn: (m) => warnings.push(m),
  };
  const lx = new LXEngineComponent();
  if (isLxObject(json.model)) lx.structure.load(json.model, ctx);
  lx.load(json.engine, ctx);
  for (const fn of deferred) fn();
  const externals = isLxObject(json.externals) ? (json.externals as Record<string, unknown>) : {};
  return { lx, warnings, externals };
}

/** Writes a project LX can open: version, timestamp, the structure as `model`, the engine. */
export function writeProject(lx: LXEngineComponent, externals: Record<string, unknown> = {}): LxObject {
  return {
    version: LX_VERSION,
    timestamp: Date.now(),
    model: lx.structure.save(),
    engine: lx.save(),
    externals,
  };
}
