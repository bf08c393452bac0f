import type { Component } from '../engine/component.js';
import { DiscreteParameter } from '../engine/parameters/discrete.js';
import type { Parameter } from '../engine/parameters/parameter.js';

/** What one step down from a component can be: a child, an array's member, or a parameter. */
function nextSegments(c: Component): string[] {
  const out: string[] = [];
  for (const key of c.children.keys()) out.push(key);
  for (const [key, array] of c.arrays) for (let i = 1; i <= array.items.length; i++) out.push(`${key}/${i}`);
  for (const [key, p] of c.parameters) if (!p.internal) out.push(key);
  return out;
}

/** The component a complete path names, or undefined. */
function walk(root: Component, path: string): Component | undefined {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments[0] !== root.key) return undefined;
  let at: Component = root;
  for (let i = 1; i < segments.length; i++) {
    const child = at.children.get(segments[i]);
    if (child !== undefined) {
      at = child;
      continue;
    }
    const item = at.arrays.get(segments[i])?.items[Number(segments[i + 1]) - 1];
    if (item === undefined) return undefined;
    at = item;
    i++;
  }
  return at;
}

/**
 * Canonical paths that continue `partial` ("/lx/mixer/ch" → /lx/mixer/channel/1, /lx/mixer/channel/2,
 * ...): the children, array members and parameters of the deepest component it names, in order.
 */
export function completePath(root: Component, partial: string, max = 100): string[] {
  if (partial === '' || partial === '/') return [`/${root.key}`];
  const cut = partial.lastIndexOf('/');
  const head = partial.slice(0, cut);
  const tail = partial.slice(cut + 1);
  // "/lx/mixer/channel/" continues an array: its parent is the component before the array's name.
  const direct = walk(root, head);
  const candidates: string[] = [];
  if (direct !== undefined) for (const s of nextSegments(direct)) candidates.push(`${head}/${s}`);
  else {
    const arrayCut = head.lastIndexOf('/');
    const owner = walk(root, head.slice(0, arrayCut));
    const array = owner?.arrays.get(head.slice(arrayCut + 1));
    if (array !== undefined) for (let i = 1; i <= array.items.length; i++) candidates.push(`${head}/${i}`);
  }
  return candidates.filter((p) => p.slice(cut + 1).startsWith(tail) || p.startsWith(partial)).slice(0, max);
}

/** The option names of a parameter with options (an enum) that start with `partial` (case-insensitive); none for other kinds. */
export function completeOption(parameter: Parameter, partial: string): string[] {
  if (!(parameter instanceof DiscreteParameter) || parameter.options === null) return [];
  const q = partial.toLowerCase();
  return parameter.options.filter((o) => o.toLowerCase().startsWith(q));
}
