// Typed look-ups for the operations: a component named by path and/or id (see paths.ts), checked
// to be the kind the operation works on, with a message that says what a right path looks like.

import type { Component } from '../../engine/component.js';
import { invalidArgument } from '../../engine/errors.js';
import { Effect } from '../devices/effects/effect.js';
import type { LXEngineComponent } from '../show/lx-engine.js';
import { AbstractChannel, type Bus } from '../mixer/bus.js';
import { Channel } from '../mixer/channel.js';
import { Group } from '../mixer/group.js';
import { MasterBus } from '../mixer/master-bus.js';
import { resolveComponentTarget, type ComponentTarget } from '../show/paths.js';
import { Pattern } from '../devices/patterns/pattern.js';
import { PatternRack } from '../devices/patterns/pattern-rack.js';
import { Placeholder } from '../component/placeholder.js';
import { Fixture } from '../structure/fixture.js';
import { ViewDefinition } from '../structure/view-definition.js';

export type { ComponentTarget };
export type AnyPattern = Pattern | Placeholder;
export type AnyEffect = Effect | Placeholder;

/** Something that holds an effect chain: a channel, a group, the master bus or a pattern. */
export type EffectContainer = Bus | Pattern;

export function component(lx: LXEngineComponent, target: ComponentTarget, what = 'component'): Component {
  if (target.path === undefined && target.id === undefined) throw invalidArgument(`give the ${what}'s path or id`);
  return resolveComponentTarget(lx, target);
}

/** A channel or a group (`/lx/mixer/channel/N`). */
export function mixerChannel(lx: LXEngineComponent, target: ComponentTarget): AbstractChannel {
  const c = component(lx, target, 'channel');
  if (c instanceof AbstractChannel && c.parent === lx.mixer) return c;
  throw invalidArgument(`${c.path} is not a mixer channel or group; channel paths look like /lx/mixer/channel/1 (list_channels)`);
}

/** A channel, a group or the master bus. */
export function bus(lx: LXEngineComponent, target: ComponentTarget): AbstractChannel | MasterBus {
  const c = component(lx, target, 'channel');
  if (c instanceof MasterBus || (c instanceof AbstractChannel && c.parent === lx.mixer)) return c;
  throw invalidArgument(`${c.path} is not a channel, group or the master bus; use /lx/mixer/channel/N or /lx/mixer/master`);
}

export function group(lx: LXEngineComponent, target: ComponentTarget): Group {
  const c = mixerChannel(lx, target);
  if (c instanceof Group) return c;
  throw invalidArgument(`${c.path} is a channel, not a group`);
}

/** What holds patterns: a channel, or a pattern rack (`.../pattern/N` of class PatternRack). */
export type PatternHost = Channel | PatternRack;

export function patternHost(lx: LXEngineComponent, target: ComponentTarget): PatternHost {
  const c = component(lx, target, 'channel or pattern rack');
  if (c instanceof PatternRack) return c;
  if (c instanceof Channel && c.parent === lx.mixer) return c;
  if (c instanceof AbstractChannel && c.parent === lx.mixer) throw invalidArgument(`${c.path} is a group; patterns live in channels (and pattern racks)`);
  throw invalidArgument(`${c.path} cannot hold patterns; use a channel (/lx/mixer/channel/N) or a pattern rack`);
}

/** A pattern of a channel or rack (`/lx/mixer/channel/N/pattern/M[/pattern/K]`), runnable or a placeholder. */
export function pattern(lx: LXEngineComponent, target: ComponentTarget): { host: PatternHost; pattern: AnyPattern } {
  const c = component(lx, target, 'pattern');
  const parent = c.parent;
  if (
    (c instanceof Pattern || (c instanceof Placeholder && c.kind === 'pattern')) &&
    c.key === 'pattern' &&
    (parent instanceof Channel || parent instanceof PatternRack)
  )
    return { host: parent, pattern: c };
  throw invalidArgument(`${c.path} is not a channel's pattern; pattern paths look like /lx/mixer/channel/1/pattern/2`);
}

/** Where effects can live: a channel, group, the master bus, or a runnable pattern. */
export function effectContainer(lx: LXEngineComponent, target: ComponentTarget): EffectContainer {
  const c = component(lx, target, 'container');
  if (c instanceof Pattern) return c;
  if (c instanceof MasterBus || (c instanceof AbstractChannel && c.parent === lx.mixer)) return c;
  if (c instanceof Placeholder && c.kind === 'pattern')
    throw invalidArgument(`${c.path} is a pattern Footlight cannot run (${c.reason}); its effects cannot be changed`);
  throw invalidArgument(`${c.path} cannot hold effects; use a channel, group, /lx/mixer/master or a pattern`);
}

/** An effect in a chain (`.../effect/N`), with the container that holds it. */
export function effect(lx: LXEngineComponent, target: ComponentTarget): { container: EffectContainer; effect: AnyEffect } {
  const c = component(lx, target, 'effect');
  const parent = c.parent;
  if (
    (c instanceof Effect || (c instanceof Placeholder && c.kind === 'effect')) &&
    c.key === 'effect' &&
    (parent instanceof Pattern || parent instanceof MasterBus || parent instanceof AbstractChannel)
  ) {
    return { container: parent, effect: c };
  }
  throw invalidArgument(`${c.path} is not an effect; effect paths look like /lx/mixer/channel/1/effect/1 or .../pattern/1/effect/1`);
}

export function fixture(lx: LXEngineComponent, target: ComponentTarget): Fixture {
  const c = component(lx, target, 'fixture');
  if (c instanceof Fixture && c.parent === lx.structure) return c;
  throw invalidArgument(`${c.path} is not a fixture of the structure; fixture paths look like /lx/structure/fixture/1 (list_fixtures)`);
}

export function view(lx: LXEngineComponent, target: ComponentTarget): ViewDefinition {
  const c = component(lx, target, 'view');
  if (c instanceof ViewDefinition) return c;
  throw invalidArgument(`${c.path} is not a view; view paths look like /lx/structure/views/view/1 (list_views)`);
}
