// Patterns of a channel: add, remove (with what depends on it), move, copy (also to another
// channel) and activate. Built on the mixer's pattern commands; each operation is one step,
// validated before anything changes and read back after.

import { CompoundCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { LightShow } from '../light-show.js';
import type { Channel } from '../mixer/channel.js';
import { ActivatePattern, InsertPattern, MovePattern, RemovePattern } from '../mixer/pattern-commands.js';
import { Pattern } from '../patterns/pattern.js';
import { Placeholder } from '../placeholder.js';
import { checkIndex, performVerified, plural } from './common.js';
import { copyComponent } from './copy.js';
import { DetachDependents, captureDependents, unreplicatedWiring, type WiringNote } from './dependents.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { AnyPattern, ComponentTarget } from './targets.js';

export interface PatternResult {
  readonly pattern: AnyPattern;
  readonly pathChanges: readonly PathChange[];
}

/**
 * Adds a pattern of a library class to a channel at `index` (0-based; default the end). The
 * first pattern of an empty channel becomes active. Undoable.
 */
export function addPattern(show: LightShow, container: ComponentTarget, className: string, index: number | undefined, origin: Origin): PatternResult {
  const channel = targets.channel(show.lx, container);
  const n = channel.patterns.length;
  const at = index === undefined ? n : checkIndex(index, n, `${channel.path} has ${plural(n, 'pattern')}`);
  const registry = show.registry;
  const made = registry.create(registry.find('pattern', className));
  if (!(made instanceof Pattern)) throw internal(`${className} did not build a pattern`);
  const picture = pathPicture(show.lx);
  return performVerified(show.engine, new InsertPattern(channel, made, at), origin, () => {
    if (channel.patterns.at(at) !== made) throw internal(`${channel.path}: the new pattern is not at index ${at}; the change was rolled back`);
    return { pattern: made, pathChanges: pathChanges(picture, show.lx) };
  });
}

export interface RemovedPattern {
  readonly path: string;
  readonly id: number;
  readonly removedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/**
 * Removes a pattern with its effects and modulators, and every modulation elsewhere that read
 * from or drove it. Later patterns move up a slot. Undo restores all of it with the same ids and
 * makes active again whatever was active. Undoable.
 */
export function removePattern(show: LightShow, target: ComponentTarget, origin: Origin): RemovedPattern {
  const { channel, pattern } = targets.pattern(show.lx, target);
  const path = pattern.path;
  const wiring = unreplicatedWiring(captureDependents(show, [pattern]));
  const picture = pathPicture(show.lx);
  const command = new CompoundCommand(`Delete ${pattern.label.getString()}`, [new DetachDependents(show, [pattern.id]), new RemovePattern(channel, pattern)]);
  return performVerified(show.engine, command, origin, () => {
    if (pattern.parent !== null || channel.patterns.indexOf(pattern) >= 0) throw internal(`${path} is still in ${channel.path} after removing it; the change was rolled back`);
    return { path, id: pattern.id, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Moves a pattern within its channel; the active pattern stays active. Undoable. */
export function movePattern(show: LightShow, target: ComponentTarget, index: number, origin: Origin): PatternResult {
  const { channel, pattern } = targets.pattern(show.lx, target);
  const n = channel.patterns.length;
  checkIndex(index, n - 1, `${channel.path} has ${plural(n, 'pattern')}; patterns move within their channel (copy_pattern then remove_pattern moves one to another channel)`);
  if (index === pattern.index) return { pattern, pathChanges: [] };
  const picture = pathPicture(show.lx);
  return performVerified(show.engine, new MovePattern(channel, pattern, index), origin, () => {
    if (channel.patterns.indexOf(pattern) !== index) throw internal(`${pattern.path} is not at index ${index} after the move; the change was rolled back`);
    return { pattern, pathChanges: pathChanges(picture, show.lx) };
  });
}

export interface CopiedPattern extends PatternResult {
  /** Wiring into or out of the source from outside it, which the copy does not get. */
  readonly unreplicatedWiring: readonly WiringNote[];
}

/**
 * Copies a pattern, with its effects, its modulators and the modulation inside it, into a channel
 * (its own by default, or another) at `index` (default: right after the source in its own
 * channel, else the end). Undoable.
 */
export function copyPattern(show: LightShow, target: ComponentTarget, container: ComponentTarget | undefined, index: number | undefined, origin: Origin): CopiedPattern {
  const { channel: source, pattern } = targets.pattern(show.lx, target);
  const channel: Channel = container === undefined ? source : targets.channel(show.lx, container);
  const n = channel.patterns.length;
  const at = index === undefined ? (channel === source ? pattern.index + 1 : n) : checkIndex(index, n, `${channel.path} has ${plural(n, 'pattern')}`);
  const wiring = unreplicatedWiring(captureDependents(show, [pattern]));
  const registry = show.registry;
  const entry = registry.byClassName(pattern.lxClass);
  const copy: AnyPattern = copyComponent(show, pattern, () => {
    const made = entry?.create?.();
    return made instanceof Pattern ? made : new Placeholder('pattern', pattern.save(), pattern instanceof Placeholder ? pattern.reason : undefined);
  });
  const picture = pathPicture(show.lx);
  return performVerified(show.engine, new InsertPattern(channel, copy, at), origin, () => {
    if (channel.patterns.at(at) !== copy) throw internal(`${channel.path}: the copy is not at index ${at}; the change was rolled back`);
    return { pattern: copy, unreplicatedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
}

/**
 * Makes a pattern its channel's active pattern (through the channel's transition when
 * transitions are on). Playlist channels only: a blend-mode channel mixes its enabled patterns,
 * so activating one is refused. Undoable.
 */
export function activatePattern(show: LightShow, target: ComponentTarget, origin: Origin): AnyPattern {
  const { channel, pattern } = targets.pattern(show.lx, target);
  if (!channel.patternEngine.isPlaylist) throw invalidArgument(`${channel.path} is in blend mode, which mixes every enabled pattern: enable or disable patterns (.../enabled) or set its compositeMode to Playlist`);
  if (pattern instanceof Placeholder) throw invalidArgument(`${pattern.path} is a pattern Footlight cannot run (${pattern.reason})`);
  if (channel.patternEngine.targetPattern === pattern) return pattern;
  return performVerified(show.engine, new ActivatePattern(channel, pattern), origin, () => {
    if (channel.patternEngine.targetPattern !== pattern) throw internal(`${pattern.path} is not active after activating it; the change was rolled back`);
    return pattern;
  });
}
