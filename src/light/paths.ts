import { resolveComponent, resolveParameter, resolvePath, type Resolved } from '../engine/paths.js';
import type { Component } from '../engine/component.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import type { LXEngineComponent } from './lx-engine.js';

/**
 * The one place `/lx/...` strings become objects. Called inside the queued task that uses the
 * result; below this, code holds components, parameters and refs, never path strings.
 */
export function resolveLight(lx: LXEngineComponent, path: unknown): Resolved {
  return resolvePath(lx, path);
}

export function lightComponent(lx: LXEngineComponent, path: unknown): Component {
  return resolveComponent(lx, path);
}

export function lightParameter(lx: LXEngineComponent, path: unknown): Parameter {
  return resolveParameter(lx, path);
}
