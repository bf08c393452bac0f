// Mixer structure: add, remove, move, copy, group and ungroup channels. Each operation is one
// command through the shared history, validated before anything changes and read back after.
//
// The mixer keeps channels and groups in one flat list, a group immediately followed by its
// members. A "block" is what moves and goes together: a channel on its own, or a group with its
// members. Commands hold components by id (and the objects they removed or created, so undo and
// redo put back the very same objects with the same ids).

import { CompoundCommand, type Command } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import type { Graph } from '../../engine/graph.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import { describe } from '../../engine/parameters/bounded.js';
import type { LightShow } from '../show/light-show.js';
import type { AbstractChannel } from '../mixer/bus.js';
import { Channel } from '../mixer/channel.js';
import { Group } from '../mixer/group.js';
import { AddChannel, GroupChannels, MoveChannel, RemoveChannel, Ungroup } from '../mixer/mixer-commands.js';
import type { Mixer } from '../mixer/mixer.js';
import { Pattern } from '../devices/patterns/pattern.js';
import { checkIndex, plural } from './common.js';
import { DetachDependents, captureDependents, type WiringNote, unreplicatedWiring } from './dependents.js';
import { copyComponent } from './copy.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

// ---- the flat list ------------------------------------------------------------------------------

/** The block a channel or group heads: the group and its members, or the channel alone. */
function blockOf(c: AbstractChannel): AbstractChannel[] {
  return c instanceof Group ? [c, ...c.members] : [c];
}

/** Puts the mixer's channels into exactly `order` (a permutation of the current list). */
function applyOrder(mixer: Mixer, order: readonly AbstractChannel[]): void {
  const items = mixer.channels.items;
  for (let k = 0; k < order.length; k++) if (items[k] !== order[k]) mixer.channels.move(order[k], k);
}

function resolveAll(g: Graph, ids: readonly number[]): AbstractChannel[] {
  return ids.map((id) => g.require(id) as AbstractChannel);
}

/** True when inserting before flat position `i` of `list` would land inside a group's members. */
function splitsGroup(list: readonly AbstractChannel[], i: number): boolean {
  const at = list[i];
  return at instanceof Channel && at.group !== null;
}

function mixerOf(g: Graph, mixerId: number): Mixer {
  return g.require(mixerId) as Mixer;
}

// ---- commands -----------------------------------------------------------------------------------

/** Takes one member out of its group, placing it right after the group's remaining members. */
class UngroupChannel implements Command {
  readonly label = 'Ungroup Channel';
  private before: number[] = [];
  private groupId = 0;
  private memberIndex = 0;

  constructor(
    private readonly mixerId: number,
    private readonly channelId: number,
  ) {}

  perform(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    const ch = g.require(this.channelId) as Channel;
    const group = ch.group;
    if (!(group instanceof Group)) throw invalidArgument(`${ch.path} is not in a group`);
    this.before = mixer.channels.items.map((c) => c.id);
    this.groupId = group.id;
    this.memberIndex = group.members.indexOf(ch);
    group.members.splice(this.memberIndex, 1);
    ch.group = null;
    const end = group.index + group.members.length + 1;
    const rest = mixer.channels.items.filter((c) => c !== ch);
    applyOrder(mixer, [...rest.slice(0, end), ch, ...rest.slice(end)]);
  }

  undo(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    const ch = g.require(this.channelId) as Channel;
    const group = g.require(this.groupId) as Group;
    applyOrder(mixer, resolveAll(g, this.before));
    ch.group = group;
    group.members.splice(this.memberIndex, 0, ch);
  }
}

// ---- operations ---------------------------------------------------------------------------------

interface AddChannelOptions {
  /** A pattern class to start the channel with (full, simple or display name). */
  readonly patternClass?: string;
  /** 0-based position in the mixer; default the end. Must not split a group. */
  readonly index?: number;
  readonly label?: string;
  /** Starting fader; default LX's: 1 for the only channel, else 0. */
  readonly fader?: number;
}

/** Adds a channel (optionally with a first pattern) as one undoable step. */
export function addChannel(show: LightShow, options: AddChannelOptions, origin: Origin): Channel {
  const mixer = show.mixer;
  const list = mixer.channels.items;
  const index = options.index === undefined ? list.length : checkIndex(options.index, list.length, `the mixer has ${plural(list.length, 'channel')}`);
  if (splitsGroup(list, index))
    throw invalidArgument(
      `index ${index} is inside ${(list[index] as Channel).group?.path}'s members; add the channel outside the group (group_channels groups it)`,
    );
  const fader = options.fader ?? (list.length === 0 ? 1 : 0);
  if (!Number.isFinite(fader) || fader < 0 || fader > 1) throw invalidArgument(`fader takes 0–1; got ${describe(options.fader)}`);
  let seed: Pattern | undefined;
  if (options.patternClass !== undefined) {
    const registry = show.registry;
    const made = registry.create(registry.find('pattern', options.patternClass));
    if (!(made instanceof Pattern)) throw internal(`${options.patternClass} did not build a pattern`);
    seed = made;
  }
  const ch = new Channel(options.label ?? `Channel-${list.length + 1}`);
  ch.fader.setValue(fader);
  ch.autoMute.setOn(mixer.autoMuteDefault.isOn());
  if (seed !== undefined) ch.addPattern(seed);
  return show.engine.history.performVerified(new AddChannel(mixer.id, ch, index), origin, () => {
    if (mixer.channels.at(index) !== ch || ch.graph === null)
      throw internal(`${mixer.path}: the new channel is not at index ${index}; the change was rolled back`);
    return ch;
  });
}

interface RemovedChannel {
  readonly path: string;
  readonly kind: 'channel' | 'group';
  readonly id: number;
  /** Members removed with a group (their paths before the removal). */
  readonly removedMembers: readonly string[];
  /** Modulations elsewhere in the show that depended on what was removed (undo restores them). */
  readonly removedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/** Removes a channel, or a group with its members, and what depended on them. Undoable. */
export function removeChannel(show: LightShow, target: ComponentTarget, origin: Origin): RemovedChannel {
  const c = targets.mixerChannel(show.lx, target);
  const block = blockOf(c);
  const mixer = show.mixer;
  const picture = pathPicture(show.lx);
  const wiring = unreplicatedWiring(captureDependents(show, block));
  const out = {
    path: c.path,
    kind: c instanceof Group ? ('group' as const) : ('channel' as const),
    id: c.id,
    removedMembers: block.slice(1).map((m) => m.path),
    removedWiring: wiring,
  };
  return show.engine.history.performVerified(
    new CompoundCommand(`Delete ${c.label.getString()}`, [
      new DetachDependents(
        show,
        block.map((b) => b.id),
      ),
      new RemoveChannel(mixer.id, c.id, c.label.getString()),
    ]),
    origin,
    () => {
      if (block.some((b) => b.graph !== null)) throw internal(`${out.path} is still in the mixer after removing it; the change was rolled back`);
      return { ...out, pathChanges: pathChanges(picture, show.lx) };
    },
  );
}

/**
 * Moves a channel, a group (with its members) or a group member. `index` is the 0-based position
 * of the block's first channel in the list without the block. Top-level blocks may not land
 * inside a group; a member stays inside its group. Undoable.
 */
export function moveChannel(show: LightShow, target: ComponentTarget, index: number, origin: Origin): { channel: AbstractChannel; pathChanges: PathChange[] } {
  const mixer = show.mixer;
  const c = targets.mixerChannel(show.lx, target);
  const block = blockOf(c);
  const rest = mixer.channels.items.filter((x) => !block.includes(x));
  let order: AbstractChannel[];
  if (c instanceof Channel && c.group instanceof Group) {
    const g = c.group;
    const first = g.index + 1;
    const last = g.index + g.members.length;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < first || index > last) {
      throw invalidArgument(
        `index takes ${first}–${last} for ${c.path}, a member of ${g.path} ` +
          `(members stay in their group; ungroup_channel takes one out); got ${describe(index)}`,
      );
    }
    order = [...rest.slice(0, index), c, ...rest.slice(index)];
  } else {
    checkIndex(index, rest.length, `positions in the mixer without the ${c instanceof Group ? 'group' : 'channel'} being moved`);
    if (splitsGroup(rest, index))
      throw invalidArgument(`index ${index} would put ${c.path} inside ${(rest[index] as Channel).group?.path}'s members; pick a position outside the group`);
    order = [...rest.slice(0, index), ...block, ...rest.slice(index)];
  }
  const picture = pathPicture(show.lx);
  if (mixer.channels.items.every((x, i) => x === order[i])) return { channel: c, pathChanges: [] };
  return show.engine.history.performVerified(new MoveChannel(mixer.id, c.id, index, c.label.getString()), origin, () => {
    if (c.index !== index) throw internal(`${c.path} is not at index ${index} after the move; the change was rolled back`);
    return { channel: c, pathChanges: pathChanges(picture, show.lx) };
  });
}

interface CopiedChannel {
  readonly channel: Channel;
  /** The group the source belonged to; the copy is not in it. */
  readonly groupMembershipDropped?: string;
  /** Wiring into or out of the source that the copy does not get (global or other scopes). */
  readonly unreplicatedWiring: readonly WiringNote[];
  readonly pathChanges: readonly PathChange[];
}

/**
 * Copies a channel with its patterns, effects, settings and the modulation inside it. The copy
 * is a top-level channel at `index` (default: right after the source, or after its group). Groups
 * cannot be copied. Undoable.
 */
export function copyChannel(show: LightShow, target: ComponentTarget, options: { index?: number; label?: string }, origin: Origin): CopiedChannel {
  const mixer = show.mixer;
  const src = targets.mixerChannel(show.lx, target);
  if (!(src instanceof Channel)) throw invalidArgument(`${src.path} is a group; groups cannot be copied (copy its channels, then group_channels)`);
  const list = mixer.channels.items;
  const group = src.group instanceof Group ? src.group : null;
  const defaultIndex = group !== null ? group.index + group.members.length + 1 : src.index + 1;
  const index = options.index === undefined ? defaultIndex : checkIndex(options.index, list.length, `the mixer has ${plural(list.length, 'channel')}`);
  if (splitsGroup(list, index))
    throw invalidArgument(`index ${index} is inside ${(list[index] as Channel).group?.path}'s members; copies are top-level channels`);
  const wiring = unreplicatedWiring(captureDependents(show, [src]));
  const picture = pathPicture(show.lx);
  const copy = copyComponent(show, src, () => new Channel(src.label.getString()));
  if (options.label !== undefined) copy.label.setString(options.label);
  const out: CopiedChannel = show.engine.history.performVerified(new AddChannel(mixer.id, copy, index), origin, () => {
    if (mixer.channels.at(index) !== copy) throw internal(`${mixer.path}: the copy is not at index ${index}; the change was rolled back`);
    return { channel: copy, unreplicatedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
  });
  return group === null ? out : { ...out, groupMembershipDropped: group.path };
}

/** Groups top-level channels into a new group, as one undoable step (LX's is not undoable). */
export function groupChannels(
  show: LightShow,
  members: readonly ComponentTarget[],
  label: string | undefined,
  origin: Origin,
): { group: Group; pathChanges: PathChange[] } {
  const mixer = show.mixer;
  if (members.length === 0) throw invalidArgument('give at least one channel to group');
  const channels = members.map((m) => targets.mixerChannel(show.lx, m));
  const seen = new Set<number>();
  for (const c of channels) {
    if (seen.has(c.id)) throw invalidArgument(`${c.path} is listed twice`);
    seen.add(c.id);
    if (c instanceof Group) throw invalidArgument(`${c.path} is a group; groups cannot be nested`);
    if ((c as Channel).group !== null) throw invalidArgument(`${c.path} is already in ${(c as Channel).group?.path}; ungroup it first`);
  }
  if (label !== undefined && label.trim().length === 0) throw invalidArgument('label must not be empty');
  const picture = pathPicture(show.lx);
  const group = new Group(label ?? `Group-${mixer.channels.items.filter((c) => c instanceof Group).length + 1}`);
  const command = new GroupChannels(
    mixer.id,
    group,
    [...channels].sort((a, b) => a.index - b.index).map((c) => c.id),
  );
  return show.engine.history.performVerified(command, origin, () => {
    if (
      group.members.length !== channels.length ||
      !channels.every((c) => (c as Channel).group === group && c.index > group.index && c.index <= group.index + channels.length)
    ) {
      throw internal('the channels are not in one group after grouping them; the change was rolled back');
    }
    return { group, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Takes a member out of its group (placed right after the group). Undoable. */
export function ungroupChannel(show: LightShow, target: ComponentTarget, origin: Origin): { channel: Channel; formerGroup: Group; pathChanges: PathChange[] } {
  const c = targets.mixerChannel(show.lx, target);
  if (!(c instanceof Channel) || !(c.group instanceof Group))
    throw invalidArgument(`${c.path} is not a member of a group; ungroup_channels dissolves a whole group`);
  const group = c.group;
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new UngroupChannel(show.mixer.id, c.id), origin, () => {
    if (c.group !== null || group.members.includes(c) || c.index !== group.index + group.members.length + 1)
      throw internal(`${c.path} is still grouped after ungrouping it; the change was rolled back`);
    return { channel: c, formerGroup: group, pathChanges: pathChanges(picture, show.lx) };
  });
}

/** Dissolves a group: members stay in place as top-level channels, the group bus goes. Undoable. */
export function ungroupGroup(
  show: LightShow,
  target: ComponentTarget,
  origin: Origin,
): { removed: string; id: number; channels: Channel[]; removedWiring: readonly WiringNote[]; pathChanges: PathChange[] } {
  const group = targets.group(show.lx, target);
  const members = [...group.members];
  const path = group.path;
  const wiring = unreplicatedWiring(captureDependents(show, [group]));
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(
    new CompoundCommand(`Ungroup ${group.label.getString()}`, [
      new DetachDependents(show, [group.id]),
      new Ungroup(show.mixer.id, group.id, group.label.getString()),
    ]),
    origin,
    () => {
      if (group.graph !== null || members.some((m) => m.group !== null))
        throw internal(`${path} is still a group after ungrouping; the change was rolled back`);
      return { removed: path, id: group.id, channels: members, removedWiring: wiring, pathChanges: pathChanges(picture, show.lx) };
    },
  );
}
