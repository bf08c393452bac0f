import type { Origin } from '../../engine/commands/history.js';
import type { Component } from '../../engine/component.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { LightShow } from '../light-show.js';
import { Pattern } from '../patterns/pattern.js';
import { Placeholder } from '../placeholder.js';
import type { DeviceRegistry } from '../registry.js';
import { Channel } from './channel.js';
import { ActivatePattern, InsertPattern, MovePattern, RemovePattern } from './pattern-commands.js';

type ChannelPattern = Pattern | Placeholder;

function channelAt(show: LightShow, path: unknown): Channel {
  const c = show.component(path);
  if (!(c instanceof Channel)) throw invalidArgument(`${c.path} is not a channel; channel paths look like /lx/mixer/channel/1`);
  return c;
}

function patternAt(show: LightShow, path: unknown): { channel: Channel; pattern: ChannelPattern } {
  const c: Component = show.component(path);
  const parent = c.parent;
  if (!(parent instanceof Channel) || c.key !== 'pattern' || !(c instanceof Pattern || c instanceof Placeholder)) {
    throw invalidArgument(`${c.path} is not a channel's pattern; pattern paths look like /lx/mixer/channel/1/pattern/2`);
  }
  return { channel: parent, pattern: c };
}

/**
 * Adds a new pattern of a library class to a channel, at `index` (0-based; default the end), as
 * one undoable step. Returns the pattern, read back from the channel.
 */
export function addPattern(show: LightShow, registry: DeviceRegistry, channelPath: unknown, className: string, origin: Origin, index?: number): ChannelPattern {
  const channel = channelAt(show, channelPath);
  const at = index ?? channel.patterns.length;
  if (!Number.isInteger(at) || at < 0 || at > channel.patterns.length) throw invalidArgument(`index takes 0–${channel.patterns.length} for ${channel.path}; got ${at}`);
  const entry = registry.find('pattern', className);
  const made = registry.create(entry);
  if (!(made instanceof Pattern)) throw internal(`${entry.className} did not build a pattern`);
  const step = show.engine.history.perform(new InsertPattern(channel, made, at), origin);
  if (channel.patterns.at(at) !== made) {
    show.engine.history.rollback(step);
    throw internal(`${channel.path}: the new pattern is not at index ${at} after adding it; the change was rolled back`);
  }
  return made;
}

/** Removes a pattern from its channel as one undoable step (undo puts it back with its id). */
export function removePattern(show: LightShow, patternPath: unknown, origin: Origin): void {
  const { channel, pattern } = patternAt(show, patternPath);
  const step = show.engine.history.perform(new RemovePattern(channel, pattern), origin);
  if (pattern.parent !== null) {
    show.engine.history.rollback(step);
    throw internal(`${channel.path}: the pattern is still in the channel after removing it; the change was rolled back`);
  }
}

/** Moves a pattern to `index` (0-based) within its channel as one undoable step. */
export function movePattern(show: LightShow, patternPath: unknown, index: number, origin: Origin): ChannelPattern {
  const { channel, pattern } = patternAt(show, patternPath);
  const last = channel.patterns.length - 1;
  if (!Number.isInteger(index) || index < 0 || index > last) throw invalidArgument(`index takes 0–${last} for ${channel.path}; got ${index}`);
  const step = show.engine.history.perform(new MovePattern(channel, pattern, index), origin);
  if (channel.patterns.indexOf(pattern) !== index) {
    show.engine.history.rollback(step);
    throw internal(`${channel.path}: the pattern is not at index ${index} after moving it; the change was rolled back`);
  }
  return pattern;
}

/**
 * Makes a pattern its playlist channel's active pattern (through the channel's transition when
 * transitions are on) as one undoable step.
 */
export function activatePattern(show: LightShow, patternPath: unknown, origin: Origin): ChannelPattern {
  const { channel, pattern } = patternAt(show, patternPath);
  if (!channel.patternEngine.isPlaylist) throw invalidArgument(`${channel.path} mixes its patterns (blend mode): enable or disable patterns instead of activating one`);
  if (channel.patternEngine.targetPattern === pattern) return pattern; // already active or on its way: no step
  const step = show.engine.history.perform(new ActivatePattern(channel, pattern), origin);
  if (channel.patternEngine.targetPattern !== pattern) {
    show.engine.history.rollback(step);
    throw internal(`${channel.path}: ${pattern.path} is not active after activating it; the change was rolled back`);
  }
  return pattern;
}
