import type { Component } from '../../engine/component.js';
import { Effect } from '../devices/effects/effect.js';
import type { LXEngineComponent } from './lx-engine.js';
import { Group } from '../mixer/group.js';
import { Channel } from '../mixer/channel.js';
import { Modulator } from '../modulation/modulator.js';
import { Pattern } from '../devices/patterns/pattern.js';
import { Placeholder } from '../component/placeholder.js';
import { Fixture } from '../structure/fixture.js';
import { ViewDefinition } from '../structure/view-definition.js';

export const COMPONENT_KINDS = ['channel', 'group', 'pattern', 'effect', 'modulator', 'fixture', 'view'] as const;
type ComponentKind = (typeof COMPONENT_KINDS)[number];

interface SearchHit {
  readonly component: Component;
  readonly kind: ComponentKind;
  readonly lxClass?: string;
}

/** What kind of thing a component is, for searches and listings; undefined for plumbing. */
export function kindOf(c: Component): ComponentKind | undefined {
  if (c instanceof Group) return 'group';
  if (c instanceof Channel) return 'channel';
  if (c instanceof Pattern || (c instanceof Placeholder && c.kind === 'pattern')) return 'pattern';
  if (c instanceof Effect || (c instanceof Placeholder && c.kind === 'effect')) return 'effect';
  if (c instanceof Modulator || (c instanceof Placeholder && c.kind === 'modulator')) return 'modulator';
  if (c instanceof Fixture) return 'fixture';
  if (c instanceof ViewDefinition) return 'view';
  return undefined;
}

function score(c: Component, q: string): number {
  const label = c.label.getString().toLowerCase();
  const cls = ((c as { lxClass?: string }).lxClass ?? '').toLowerCase();
  const simple = cls.slice(cls.lastIndexOf('.') + 1);
  if (label === q) return 4;
  if (label.startsWith(q)) return 3;
  if (label.includes(q)) return 2;
  if (simple.includes(q) || c.path.toLowerCase().includes(q)) return 1;
  return 0;
}

/**
 * Finds channels, groups, patterns, effects, modulators, fixtures and views whose label, class
 * or path contains `query` (case-insensitive), best matches first, in show order within a rank.
 */
export function searchComponents(lx: LXEngineComponent, query: string, kind: ComponentKind | undefined, under: Component = lx): SearchHit[] {
  const q = query.trim().toLowerCase();
  const hits: { hit: SearchHit; score: number; order: number }[] = [];
  let order = 0;
  for (const c of under.descendants()) {
    const k = kindOf(c);
    if (k === undefined || (kind !== undefined && k !== kind)) continue;
    const s = q === '' ? 1 : score(c, q);
    if (s === 0) continue;
    const lxClass = (c as { lxClass?: string }).lxClass;
    hits.push({ hit: lxClass === undefined ? { component: c, kind: k } : { component: c, kind: k, lxClass }, score: s, order: order++ });
  }
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  return hits.map((h) => h.hit);
}
