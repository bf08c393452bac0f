// LX's inbound OSC address space (§8.2): canonical paths plus the aliases LX accepts — channels
// by 1-based index, `master` or OSC label; patterns by index, `active` or label; effects by
// index or label; modulators by OSC label; `osc-query` at any level; `/lx/framerate`;
// `activePattern`/`nextPattern` on a channel. The structure is not OSC-addressable, as in LX.
import type { Component } from '../engine/component.js';
import { ColorParameter } from '../engine/parameters/color.js';
import type { Parameter } from '../engine/parameters/parameter.js';
import type { LXEngineComponent } from '../light/show/lx-engine.js';
import { Channel } from '../light/mixer/channel.js';
import { Mixer } from '../light/mixer/mixer.js';
import { ModulationEngine } from '../light/modulation/modulation-engine.js';
import { Modulator } from '../light/modulation/modulator.js';
import { oscLabel } from '../light/modulation/osc-address.js';
import { Structure } from '../light/structure/structure.js';

type Route =
  | { readonly kind: 'parameter'; readonly parameter: Parameter }
  | { readonly kind: 'query'; readonly component: Component; readonly parameter?: Parameter }
  | { readonly kind: 'framerate' }
  | { readonly kind: 'activePattern'; readonly channel: Channel }
  | { readonly kind: 'unknown'; readonly reason: string };

const INDEX = /^[1-9][0-9]{0,8}$/;
const MAX_ADDRESS = 1024;

function byIndexOrLabel<C extends Component>(items: readonly C[], segment: string, extra?: (s: string) => C | undefined): C | undefined {
  if (INDEX.test(segment)) return items[Number(segment) - 1];
  const special = extra?.(segment);
  if (special !== undefined) return special;
  return items.find((c) => oscLabel(c.label.getString()) === segment);
}

function unknown(reason: string): Route {
  return { kind: 'unknown', reason };
}

/** Resolves an OSC address against the light engine. Never throws. */
export function route(lx: LXEngineComponent, address: string): Route {
  if (address.length > MAX_ADDRESS) return unknown(`address longer than ${MAX_ADDRESS} characters`);
  const seg = address.split('/');
  if (seg[0] !== '' || seg[1] !== 'lx') return unknown('only /lx/... addresses are routed');
  const n = seg.length;
  let component: Component = lx;
  let i = 2;
  while (i < n) {
    const k = seg[i];
    const last = i === n - 1;
    if (k === 'osc-query' && last) return { kind: 'query', component };
    if (component === lx && k === 'framerate' && last) return { kind: 'framerate' };
    if (component instanceof Structure || (component === lx && k === 'structure')) return unknown('the structure (fixtures) is not OSC-addressable, as in LX');
    if (component instanceof Mixer && k === 'channel') {
      if (i + 1 >= n) return unknown(`${address}: a channel index or label follows /channel`);
      const target: Component | undefined = seg[i + 1] === 'master' ? component.master : byIndexOrLabel(component.channels.items, seg[i + 1]);
      if (target === undefined) return unknown(`no channel ${seg[i + 1]}`);
      component = target;
      i += 2;
      continue;
    }
    if (component instanceof Channel) {
      if ((k === 'activePattern' || k === 'nextPattern') && last) return { kind: 'activePattern', channel: component };
      if (k === 'pattern') {
        if (i + 1 >= n) return unknown(`${address}: a pattern index or label follows /pattern`);
        const ch = component;
        const target = byIndexOrLabel(ch.patterns.items, seg[i + 1], (s) => (s === 'active' ? ch.activePattern : undefined));
        if (target === undefined) return unknown(`no pattern ${seg[i + 1]}`);
        component = target;
        i += 2;
        continue;
      }
    }
    if (k === 'effect' && i + 1 < n && !INDEX.test(seg[i + 1])) {
      const effects = component.arrays.get('effect');
      if (effects !== undefined) {
        const target = byIndexOrLabel(effects.items, seg[i + 1]);
        if (target === undefined) return unknown(`no effect ${seg[i + 1]}`);
        component = target;
        i += 2;
        continue;
      }
    }
    if (component instanceof ModulationEngine) {
      const m = component.modulators.items.find((x) => x instanceof Modulator && oscLabel(x.label.getString()) === k);
      if (m !== undefined) {
        component = m;
        i++;
        continue;
      }
    }
    const p = component.parameters.get(k);
    if (p !== undefined && !p.internal) {
      let target: Parameter = p;
      let next = i + 1;
      if (p instanceof ColorParameter && next < n && seg[next] !== 'osc-query') {
        const sub = component.parameters.get(`${k}/${seg[next]}`);
        if (sub === undefined) return unknown(`${p.path} has no sub-parameter ${seg[next]}`);
        target = sub;
        next++;
      }
      if (next === n) return { kind: 'parameter', parameter: target };
      if (next === n - 1 && seg[next] === 'osc-query') return { kind: 'query', component, parameter: target };
      return unknown(`${target.path} is a parameter; the address continues past it`);
    }
    const child = component.children.get(k);
    if (child !== undefined) {
      component = child;
      i++;
      continue;
    }
    const array = component.arrays.get(k);
    if (array !== undefined) {
      const item = i + 1 < n && INDEX.test(seg[i + 1]) ? array.at(Number(seg[i + 1]) - 1) : undefined;
      if (item === undefined) return unknown(`no ${k}/${seg[i + 1] ?? ''} under ${component.path}`);
      component = item;
      i += 2;
      continue;
    }
    return unknown(`${component.path} has nothing named ${JSON.stringify(k.slice(0, 60))}`);
  }
  return unknown(`${address} is a component; add a parameter key or osc-query`);
}

/** True for parameters that are part of the OSC address space (not internal, not in the structure). */
export function isOscParameter(p: Parameter): boolean {
  if (p.internal || p.owner === null) return false;
  let root: Component = p.owner;
  for (let c: Component | null = p.owner; c !== null; c = c.parent) {
    if (c instanceof Structure) return false;
    root = c;
  }
  return root.key === 'lx';
}
