// Effect chains of channels, groups, the master bus and patterns: add, remove (locked effects
// are refused), move (within a chain or to another container, a true move that keeps the id),
// copy. Each is one step, validated before anything changes and read back after.

import { CompoundCommand, type Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Component, ComponentArray } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import { Effect } from '../devices/effects/effect.js';
import type { LightShow } from '../show/light-show.js';
import { AddEffect, MoveEffect, RemoveEffect, effectArrayOf } from '../mixer/mixer-commands.js';
import { Placeholder } from '../component/placeholder.js';
import { refreshViewSelectors } from '../structure/view-selector.js';
import { checkIndex, plural } from './common.js';
import { copyComponent } from './copy.js';
import {
  DetachDependents,
  captureDependents,
  dropDependents,
  filterDependents,
  restoreDependents,
  unreplicatedWiring,
  type Dependents,
  type WiringNote,
} from './dependents.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { AnyEffect, ComponentTarget, EffectContainer } from './targets.js';

function chain(c: Component): ComponentArray<AnyEffect> {
  const fx = effectArrayOf(c);
  if (fx === undefined) throw internal(`${c.path} has no effect chain`);
  return fx;
}

function describeContainer(c: EffectContainer): string {
  return `${c.path} has ${plural(c.effects.length, 'effect')}`;
}

// ---- commands -----------------------------------------------------------------------------------

/**
 * Moves an effect to another container (LX's RelocateEffect): the same object, with its id, its
 * modulators and the modulation inside it. Modulations from outside that would leave their
 * engine's scope at the new place are dropped; undo moves it back and restores them.
 */
class RelocateEffect implements Command {
  readonly label: string;
  private fromIndex = -1;
  private dropped: Dependents | undefined;

  constructor(
    private readonly show: LightShow,
    private readonly effectId: number,
    private readonly fromId: number,
    private readonly toId: number,
    private readonly toIndex: number,
    label: string,
  ) {
    this.label = `Move ${label}`;
  }

  perform(g: Graph): void {
    const e = g.require(this.effectId) as AnyEffect;
    const to = g.require(this.toId);
    this.dropped = outOfScope(this.show, e, to);
    dropDependents(g, this.dropped);
    this.fromIndex = chain(g.require(this.fromId)).remove(e);
    chain(to).insert(e, this.toIndex);
    refreshViewSelectors(e);
  }

  undo(g: Graph): void {
    const e = g.require(this.effectId) as AnyEffect;
    chain(g.require(this.toId)).remove(e);
    chain(g.require(this.fromId)).insert(e, this.fromIndex);
    if (this.dropped !== undefined) restoreDependents(g, this.dropped);
  }
}

/**
 * The modulations reaching into `effect` from outside that could not follow it to `destination`:
 * those in a local engine whose scope does not contain the destination (the global engine may
 * wire anything).
 */
function outOfScope(show: LightShow, effect: AnyEffect, destination: Component): Dependents {
  const g = show.engine.graph;
  return filterDependents(g, captureDependents(show, [effect]), (engine) => !engine.isGlobal && !engine.scopeOwner.contains(destination));
}

// ---- operations ---------------------------------------------------------------------------------

interface EffectResult {
  readonly effect: AnyEffect;
  readonly pathChanges: readonly PathChange[];
}

/**
 * Adds an effect of a library class to a channel, group, the master bus or a pattern, at
 * `index` (0-based; default the end: effects run in chain order). Undoable.
 */
export function addEffect(show: LightShow, container: ComponentTarget, className: string, index: number | undefined, origin: Origin): EffectResult {
  const c = targets.effectContainer(show.lx, container);
  const n = c.effects.length;
  const at = index === undefined ? n : checkIndex(index, n, describeContainer(c));
  const registry = show.registry;
  const made = registry.create(registry.find('effect', className));
  if (!(made instanceof Effect)) throw internal(`${className} did not build an effect`);
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new AddEffect(c.id, made, at), origin, () => {
    if (c.effects.at(at) !== made) throw internal(`${c.path}: the new effect is not at index ${at}; the change was rolled back`);
    return { effect: made, pathChanges: pathChanges(picture, show.lx) };
  });
}

interface RemovedEffect {
  readonly path: string;
  readonly id: number;
  readonly removedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/** Removes an effect (a locked one is refused) with what depended on it. Undoable. */
export function removeEffect(show: LightShow, target: ComponentTarget, origin: Origin): RemovedEffect {
  const { container, effect } = targets.effect(show.lx, target);
  if (effect instanceof Effect && effect.locked.isOn())
    throw invalidArgument(`${effect.path} is locked; unlock it first (set_parameter ${effect.locked.path} false)`);
  const path = effect.path;
  const wiring = unreplicatedWiring(captureDependents(show, [effect]));
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(
    new CompoundCommand(`Delete ${effect.label.getString()}`, [
      new DetachDependents(show, [effect.id]),
      new RemoveEffect(container.id, effect.id, effect.label.getString()),
    ]),
    origin,
    () => {
      if (effect.parent !== null) throw internal(`${path} is still in its chain after removing it; the change was rolled back`);
      return { path, id: effect.id, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
    },
  );
}

interface MovedEffect extends EffectResult {
  /** Modulations from outside that could not follow a move to another container. */
  readonly droppedWiring: readonly WiringNote[];
}

/**
 * Moves an effect to `index` in its chain, or, with a destination container, to another chain
 * (a true move: same id, modulators and inside modulation; wiring from outside that would leave
 * its engine's scope is dropped and reported). Undoable.
 */
export function moveEffect(show: LightShow, target: ComponentTarget, index: number, destination: ComponentTarget | undefined, origin: Origin): MovedEffect {
  const { container, effect } = targets.effect(show.lx, target);
  const to = destination === undefined ? container : targets.effectContainer(show.lx, destination);
  const picture = pathPicture(show.lx);
  if (to === container) {
    const n = container.effects.length;
    checkIndex(index, n - 1, describeContainer(container));
    if (index === effect.index) return { effect, pathChanges: [], droppedWiring: [] };
    return show.engine.history.performVerified(new MoveEffect(container.id, effect.id, index, effect.label.getString()), origin, () => {
      if (effect.index !== index || effect.parent !== container)
        throw internal(`${effect.path} is not at index ${index} after the move; the change was rolled back`);
      return { effect, pathChanges: pathChanges(picture, show.lx), droppedWiring: [] };
    });
  }
  checkIndex(index, to.effects.length, describeContainer(to));
  const dropped = unreplicatedWiring(outOfScope(show, effect, to));
  return show.engine.history.performVerified(new RelocateEffect(show, effect.id, container.id, to.id, index, effect.label.getString()), origin, () => {
    if (effect.parent !== to || effect.index !== index)
      throw internal(`${effect.path} is not in ${to.path} at index ${index} after the move; the change was rolled back`);
    return { effect, pathChanges: pathChanges(picture, show.lx), droppedWiring: dropped };
  });
}

interface CopiedEffect extends EffectResult {
  readonly unreplicatedWiring: readonly WiringNote[];
}

/**
 * Copies an effect with its settings, modulators and inside modulation into its own chain
 * (default: right after it) or another container (default: the end). Undoable.
 */
export function copyEffect(
  show: LightShow,
  target: ComponentTarget,
  destination: ComponentTarget | undefined,
  index: number | undefined,
  origin: Origin,
): CopiedEffect {
  const { container, effect } = targets.effect(show.lx, target);
  const to = destination === undefined ? container : targets.effectContainer(show.lx, destination);
  const n = to.effects.length;
  const at = index === undefined ? (to === container ? effect.index + 1 : n) : checkIndex(index, n, describeContainer(to));
  const wiring = unreplicatedWiring(captureDependents(show, [effect]));
  const entry = show.registry.byClassName(effect.lxClass);
  const copy: AnyEffect = copyComponent(show, effect, () => {
    const made = entry?.create?.();
    return made instanceof Effect ? made : new Placeholder('effect', effect.save(), effect instanceof Placeholder ? effect.reason : undefined);
  });
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new AddEffect(to.id, copy, at), origin, () => {
    if (to.effects.at(at) !== copy) throw internal(`${to.path}: the copy is not at index ${at}; the change was rolled back`);
    return { effect: copy, unreplicatedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
}
