import { closestHint } from '../../engine/suggest.js';
import { resolveComponent, resolveParameter, resolvePath, type Resolved } from '../../engine/paths.js';
import type { Component } from '../../engine/component.js';
import { invalidArgument, notFound, stale } from '../../engine/errors.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
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

/** How a tool names one component: its canonical path, its stable id, or both as a check. */
export interface ComponentTarget {
  readonly path?: string;
  readonly id?: number;
}

/** How a tool names one parameter: its canonical path, or its owner's id plus its key. */
export interface ParameterTarget {
  readonly path?: string;
  readonly id?: number;
  readonly key?: string;
}

function byId(lx: LXEngineComponent, id: number): Component {
  const c = lx.graph?.get(id);
  if (c === undefined || !lx.contains(c)) throw notFound(`no light component with id ${id}; it may have been removed (list again to find what is there now)`);
  return c;
}

/**
 * Resolves a component named by path, by id, or by both. Ids survive moves and renumbering;
 * when both are given and the path now names a different component, the call is refused as
 * `stale` with where the id's component is now, so a cached path never silently hits the
 * wrong object.
 */
export function resolveComponentTarget(lx: LXEngineComponent, target: ComponentTarget): Component {
  if (target.id === undefined) {
    if (target.path === undefined) throw invalidArgument("give the component's path or its id");
    return resolveComponent(lx, target.path);
  }
  const c = byId(lx, target.id);
  if (target.path !== undefined && target.path !== c.path) {
    let there = 'nothing';
    try {
      const r = resolvePath(lx, target.path);
      there = r.kind === 'component' ? `"${r.component.label.getString()}" (id ${r.component.id})` : `parameter ${r.parameter.path}`;
    } catch {
      // the path resolves to nothing now
    }
    throw stale(`${target.path} now points to ${there}; the component with id ${target.id} is now at ${c.path}. List again before using cached paths.`);
  }
  return c;
}

/** Resolves a parameter named by path, or by its owner's id and key (checked against the path when both are given). */
export function resolveParameterTarget(lx: LXEngineComponent, target: ParameterTarget): Parameter {
  if (target.id === undefined) {
    if (target.path === undefined) throw invalidArgument("give the parameter's path, or its component id and key");
    return resolveParameter(lx, target.path);
  }
  const c = byId(lx, target.id);
  if (target.key === undefined) {
    // id with a full parameter path: the path names the parameter, the id checks its owner.
    if (target.path === undefined) throw invalidArgument('with id, also give the parameter key (e.g. "fader") or its full path');
    const p = resolveParameter(lx, target.path);
    if (p.owner !== c)
      throw stale(
        `${target.path} belongs to ${p.owner === null ? 'nothing' : `component ${p.owner.id}`}, not component ${target.id} ` +
          `(now at ${c.path}). List again before using cached paths.`,
      );
    return p;
  }
  const p = c.parameters.get(target.key);
  if (p === undefined || p.internal)
    throw notFound(
      `${c.path} has no parameter ${JSON.stringify(target.key)}${closestHint(
        target.key,
        [...c.parameters].filter(([, x]) => !x.internal).map(([k]) => k),
      )}`,
    );
  if (target.path !== undefined && target.path !== p.path)
    throw stale(`${target.path} is not ${p.path} any more: component ${target.id} has moved. List again before using cached paths.`);
  return p;
}
