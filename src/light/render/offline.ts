import { Engine } from '../../engine/engine.js';
import { LightShow } from '../light-show.js';
import type { LxfResolver } from '../model/index.js';
import { readProject } from '../project/project-file.js';
import type { DeviceRegistry } from '../registry.js';

export interface OfflineRender {
  /** One copy of the mixer's main output per recorded frame. */
  readonly frames: { readonly index: number; readonly argb: Uint32Array }[];
  readonly points: number;
  readonly warnings: readonly string[];
}

export interface OfflineOptions {
  readonly frames: number;
  readonly deltaMs: number;
  /** Record frame k when k % every == 0 (default 1). */
  readonly every?: number;
  readonly registry: DeviceRegistry;
  readonly resolveLxf?: LxfResolver;
}

/**
 * Renders a project headless with LX's offline protocol: the clock starts at 0 when the project
 * opens, every frame advances a fixed `deltaMs`, and nowMillis during frame k is
 * floor((k+1)·deltaMs). The same project and `deltaMs` always give the same frames.
 */
export function renderOffline(projectJson: unknown, options: OfflineOptions): OfflineRender {
  const engine = new Engine();
  const opened = readProject(projectJson, options.registry, options.resolveLxf);
  const show = new LightShow(engine, opened.lx);
  const every = options.every ?? 1;
  const frames: { index: number; argb: Uint32Array }[] = [];
  for (let k = 0; k < options.frames; k++) {
    engine.clock.stepFixed(1, options.deltaMs);
    if (k % every === 0) frames.push({ index: k, argb: show.main.slice() });
  }
  return { frames, points: show.structure.model.size, warnings: opened.warnings };
}
