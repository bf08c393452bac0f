import { closestHint } from './suggest.js';
import type { Component } from './component.js';
import { invalidArgument, notFound } from './errors.js';
import { isAggregate, type Parameter } from './parameters/parameter.js';

/** Longest path accepted, in characters and in segments. Deeper paths are typos or attacks. */
const MAX_PATH_LENGTH = 1024;
const MAX_PATH_SEGMENTS = 64;

const SEGMENT = /^[A-Za-z0-9_\-.]+$/;
const ARRAY_INDEX = /^[1-9][0-9]{0,8}$/;

export type Resolved = { readonly kind: 'component'; readonly component: Component } | { readonly kind: 'parameter'; readonly parameter: Parameter };

/**
 * Splits and checks a canonical path: a leading `/` is optional, the first segment must be the
 * root's key, and empty, `.` or `..` segments are refused.
 */
function splitPath(path: unknown, rootKey: string): string[] {
  if (typeof path !== 'string') throw invalidArgument(`path must be a string like /${rootKey}/mixer/channel/1`);
  if (path.length === 0) throw invalidArgument(`path is empty; paths look like /${rootKey}/mixer/channel/1`);
  if (path.length > MAX_PATH_LENGTH) throw invalidArgument(`path is ${path.length} characters; the limit is ${MAX_PATH_LENGTH}`);
  const segments = (path.startsWith('/') ? path.slice(1) : path).split('/');
  if (segments.length > MAX_PATH_SEGMENTS) throw invalidArgument(`path has ${segments.length} segments; the limit is ${MAX_PATH_SEGMENTS}`);
  if (segments[0] !== rootKey) throw invalidArgument(`path ${JSON.stringify(path)} must start with /${rootKey}`);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s === '') throw invalidArgument(`path ${JSON.stringify(path)} has an empty segment`);
    if (s === '.' || s === '..') throw invalidArgument(`path ${JSON.stringify(path)} may not contain . or .. segments`);
    if (!SEGMENT.test(s)) throw invalidArgument(`path ${JSON.stringify(path)} has an invalid segment ${JSON.stringify(s.slice(0, 40))}`);
  }
  return segments;
}

/**
 * Resolves a canonical path from the root of a graph to a component or a parameter, walking
 * parameters (aggregate sub-parameters as `color/hue`), fixed children and 1-based array
 * members. The whole path must be consumed: a path that continues past a parameter, or names
 * anything that does not exist, is refused rather than resolved to a parent.
 */
export function resolvePath(root: Component, path: unknown): Resolved {
  const segments = splitPath(path, root.key);
  let component = root;
  let i = 1;
  while (i < segments.length) {
    const key = segments[i];
    const param = component.parameters.get(key);
    if (param !== undefined && !param.internal) {
      if (isAggregate(param) && i + 1 < segments.length) {
        const sub = component.parameters.get(`${key}/${segments[i + 1]}`);
        if (sub === undefined)
          throw notFound(
            `${param.path} has no sub-parameter ${JSON.stringify(segments[i + 1])}; it has ${param
              .subEntries()
              .map(([k]) => k)
              .join(', ')}`,
          );
        if (i + 2 < segments.length) throw notFound(`${sub.path} is a parameter; the path continues past it`);
        return { kind: 'parameter', parameter: sub };
      }
      if (i + 1 < segments.length) throw notFound(`${param.path} is a parameter; the path continues past it`);
      return { kind: 'parameter', parameter: param };
    }
    const child = component.children.get(key);
    if (child !== undefined) {
      component = child;
      i++;
      continue;
    }
    const array = component.arrays.get(key);
    if (array !== undefined) {
      const n = segments[i + 1];
      if (n === undefined) throw notFound(`${component.path}/${key} is a list; add a 1-based index, e.g. ${component.path}/${key}/1`);
      if (!ARRAY_INDEX.test(n)) throw invalidArgument(`${component.path}/${key}/${n}: list indices in paths are 1-based integers`);
      const item = array.at(Number(n) - 1);
      if (item === undefined)
        throw notFound(`${component.path}/${key}/${n} does not exist; ${component.path}/${key} has ${array.length} item${array.length === 1 ? '' : 's'}`);
      component = item;
      i += 2;
      continue;
    }
    const names = [...component.parameters.keys(), ...component.children.keys(), ...component.arrays.keys()].filter(
      (k) => component.parameters.get(k)?.internal !== true,
    );
    throw notFound(`${component.path} has nothing named ${JSON.stringify(key)}${closestHint(key, names)}`);
  }
  return { kind: 'component', component };
}

export function resolveComponent(root: Component, path: unknown): Component {
  const r = resolvePath(root, path);
  if (r.kind !== 'component') throw invalidArgument(`${r.parameter.path} is a parameter, not a component; use get_parameter`);
  return r.component;
}

export function resolveParameter(root: Component, path: unknown): Parameter {
  const r = resolvePath(root, path);
  if (r.kind !== 'parameter') throw invalidArgument(`${r.component.path} is a component, not a parameter; use list_parameters to see its parameters`);
  return r.parameter;
}
