// Patterns of a channel or a pattern rack: add, remove (with what depends on it), move, copy
// (also to another channel or rack) and activate. Built on the mixer's pattern commands; each
// operation is one step, validated before anything changes and read back after.

import { CompoundCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { LightShow } from '../show/light-show.js';
import { AddPattern, GoPattern, MovePattern, RemovePattern } from '../mixer/mixer-commands.js';
import { Pattern } from '../devices/patterns/pattern.js';
import { Placeholder } from '../component/placeholder.js';
import { checkIndex, plural } from './common.js';
import { copyComponent } from './copy.js';
import { DetachDependents, captureDependents, unreplicatedWiring, type WiringNote } from './dependents.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { AnyPattern, ComponentTarget, PatternHost } from './targets.js';

interface PatternResult {
  readonly pattern: AnyPattern;
  readonly pathChanges: readonly PathChange[];
}

function describeHost(host: PatternHost): string {
  return `${host.path} has ${plural(host.patterns.length, 'pattern')}`;
}

/**
 * Adds a pattern of a library class to a channel or rack at `index` (0-based; default the end).
 * The first pattern of an empty channel becomes active. Undoable.
 */
export function addPattern(show: LightShow, container: ComponentTarget, className: string, index: number | undefined, origin: Origin): PatternResult {
  const host = targets.patternHost(show.lx, container);
  const n = host.patterns.length;
  const at = index === undefined ? n : checkIndex(index, n, describeHost(host));
  const made = show.registry.create(show.registry.find('pattern', className));
  if (!(made instanceof Pattern)) throw internal(`${className} did not build a pattern`);
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new AddPattern(host.id, made, at), origin, () => {
    if (host.patterns.at(at) !== made) throw internal(`${host.path}: the new pattern is not at index ${at}; the change was rolled back`);
    return { pattern: made, pathChanges: pathChanges(picture, show.lx) };
  });
}

interface RemovedPattern {
  readonly path: string;
  readonly id: number;
  readonly removedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/**
 * Removes a pattern with its effects and modulators, and every modulation or trigger mapping
 * elsewhere that read from or drove it. Later patterns move up a slot. Undo restores all of it
 * with the same ids and makes active again whatever was active. Undoable.
 */
export function removePattern(show: LightShow, target: ComponentTarget, origin: Origin): RemovedPattern {
  const { host, pattern } = targets.pattern(show.lx, target);
  const path = pattern.path;
  const wiring = unreplicatedWiring(captureDependents(show, [pattern]));
  const picture = pathPicture(show.lx);
  const label = pattern.label.getString();
  const command = new CompoundCommand(`Delete ${label}`, [new DetachDependents(show, [pattern.id]), new RemovePattern(host.id, pattern.id, label)]);
  return show.engine.history.performVerified(command, origin, () => {
    if (pattern.parent !== null || host.patterns.indexOf(pattern) >= 0)
      throw internal(`${path} is still in ${host.path} after removing it; the change was rolled back`);
    return { path, id: pattern.id, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Moves a pattern within its channel or rack; the active pattern stays active. Undoable. */
export function movePattern(show: LightShow, target: ComponentTarget, index: number, origin: Origin): PatternResult {
  const { host, pattern } = targets.pattern(show.lx, target);
  checkIndex(
    index,
    host.patterns.length - 1,
    `${describeHost(host)}; patterns move within their channel (copy_pattern then remove_pattern moves one elsewhere)`,
  );
  if (index === pattern.index) return { pattern, pathChanges: [] };
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new MovePattern(host.id, pattern.id, index, pattern.label.getString()), origin, () => {
    if (host.patterns.indexOf(pattern) !== index) throw internal(`${pattern.path} is not at index ${index} after the move; the change was rolled back`);
    return { pattern, pathChanges: pathChanges(picture, show.lx) };
  });
}

interface CopiedPattern extends PatternResult {
  /** Wiring into or out of the source from outside it, which the copy does not get. */
  readonly unreplicatedWiring: readonly WiringNote[];
}

/**
 * Copies a pattern, with its effects, its modulators, nested patterns and the modulation inside
 * it, into a channel or rack (its own by default, or another) at `index` (default: right after
 * the source in its own host, else the end). A rack cannot be copied into itself. Undoable.
 */
export function copyPattern(
  show: LightShow,
  target: ComponentTarget,
  container: ComponentTarget | undefined,
  index: number | undefined,
  origin: Origin,
): CopiedPattern {
  const { host: source, pattern } = targets.pattern(show.lx, target);
  const host: PatternHost = container === undefined ? source : targets.patternHost(show.lx, container);
  if (pattern.contains(host)) throw invalidArgument(`${host.path} is inside ${pattern.path}; a pattern cannot be copied into itself`);
  const n = host.patterns.length;
  const at = index === undefined ? (host === source ? pattern.index + 1 : n) : checkIndex(index, n, describeHost(host));
  const wiring = unreplicatedWiring(captureDependents(show, [pattern]));
  const entry = show.registry.byClassName(pattern.lxClass);
  const copy: AnyPattern = copyComponent(show, pattern, () => {
    const made = entry?.create?.();
    return made instanceof Pattern ? made : new Placeholder('pattern', pattern.save(), pattern instanceof Placeholder ? pattern.reason : undefined);
  });
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new AddPattern(host.id, copy, at), origin, () => {
    if (host.patterns.at(at) !== copy) throw internal(`${host.path}: the copy is not at index ${at}; the change was rolled back`);
    return { pattern: copy, unreplicatedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
}

/**
 * Makes a pattern its channel's (or rack's) active pattern, through the transition when
 * transitions are on. Playlist mode only: a blend-mode host mixes its enabled patterns, so
 * activating one is refused. Undoable.
 */
export function activatePattern(show: LightShow, target: ComponentTarget, origin: Origin): AnyPattern {
  const { host, pattern } = targets.pattern(show.lx, target);
  const engine = host.patternEngine;
  if (!engine.isPlaylist)
    throw invalidArgument(
      `${host.path} is in blend mode, which mixes every enabled pattern: enable or disable patterns (.../enabled) or set its compositeMode to Playlist`,
    );
  if (pattern instanceof Placeholder) throw invalidArgument(`${pattern.path} is a pattern Footlight cannot run (${pattern.reason})`);
  if (engine.targetPattern === pattern) return pattern;
  return show.engine.history.performVerified(new GoPattern(host.id, pattern.id, pattern.label.getString()), origin, () => {
    if (engine.targetPattern !== pattern) throw internal(`${pattern.path} is not active after activating it; the change was rolled back`);
    return pattern;
  });
}
