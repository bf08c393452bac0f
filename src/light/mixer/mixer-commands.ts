// Undoable mixer edits: channels, groups, patterns and effects.
//
// Commands refer to live containers by id (they resolve after other edits and undos). A removal
// keeps the removed subtree itself, detached from the graph with its ids; undo puts the same
// objects back in place, so ids, state and references are exactly as before. The modulations
// elsewhere that pointed into a removed subtree are not these commands' business: the removal
// operations (src/light/operations) compose them with DetachDependents, the one place that
// takes such modulations out and puts them back. An add keeps the object it made, so redo restores
// the same object (same id) rather than a new one.
import { refreshViewSelectors } from '../structure/view-selector.js';
import type { Command } from '../../engine/commands/command.js';
import type { Component, ComponentArray } from '../../engine/component.js';
import type { Graph } from '../../engine/graph.js';
import { Effect } from '../devices/effects/effect.js';
import { Pattern } from '../devices/patterns/pattern.js';
import type { Placeholder } from '../component/placeholder.js';
import type { AbstractChannel } from './bus.js';
import { Channel } from './channel.js';
import { Group } from './group.js';
import type { Mixer } from './mixer.js';

function mixerOf(g: Graph, id: number): Mixer {
  return g.require(id) as Mixer;
}

/** The console focus (focusedChannel, focusedChannelAux), kept so undo can put it back. */
class Focus {
  private channel = 0;
  private aux = 0;

  capture(mixer: Mixer): void {
    this.channel = mixer.focusedChannel.getBaseValue();
    this.aux = mixer.focusedChannelAux.getBaseValue();
  }

  restore(mixer: Mixer): void {
    mixer.updateFocusRange();
    mixer.focusedChannel.setValue(this.channel);
    mixer.focusedChannelAux.setValue(this.aux);
  }
}

/** Adds a channel (or group) at an index; undo removes it, redo puts the same one back. */
export class AddChannel implements Command {
  readonly label: string;
  private readonly focus = new Focus();
  constructor(
    private readonly mixerId: number,
    private readonly channel: AbstractChannel,
    private readonly index: number,
  ) {
    this.label = `Add ${channel.label.getString()}`;
  }

  perform(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    this.focus.capture(mixer);
    mixer.insertChannel(this.channel, this.index);
    // The new channel takes focus (LX).
    mixer.focusedChannel.setValue(this.index);
    mixer.focusedChannelAux.setValue(this.index);
  }

  undo(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    mixer.channels.remove(this.channel);
    this.focus.restore(mixer);
  }
}

/**
 * Removes a channel, or a group with all its members (LX). Undo restores them at their
 * positions with their group membership; the removal operation puts back the modulations that depended on them.
 */
export class RemoveChannel implements Command {
  readonly label: string;
  private removed: { channel: AbstractChannel; index: number }[] = [];
  private group: Group | null = null;
  private groupIndex = -1;
  private readonly focus = new Focus();

  constructor(
    private readonly mixerId: number,
    private readonly channelId: number,
    label: string,
  ) {
    this.label = `Remove ${label}`;
  }

  perform(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    this.focus.capture(mixer);
    const target = g.require(this.channelId) as AbstractChannel;
    const doomed: AbstractChannel[] = target instanceof Group ? [target, ...target.members] : [target];
    this.group = target instanceof Channel ? (target.group as Group | null) : null;
    this.groupIndex = this.group !== null ? this.group.members.indexOf(target as Channel) : -1;
    if (this.group !== null) {
      this.group.members.splice(this.groupIndex, 1);
      (target as Channel).group = null;
    }
    this.removed = doomed.map((c) => ({ channel: c, index: mixer.channels.indexOf(c) }));
    for (let i = this.removed.length - 1; i >= 0; i--) mixer.channels.remove(this.removed[i].channel);
    mixer.updateFocusRange();
  }

  undo(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    for (const r of [...this.removed].sort((a, b) => a.index - b.index)) {
      mixer.channels.insert(r.channel, r.index);
      refreshViewSelectors(r.channel);
    }
    if (this.group !== null) {
      const ch = this.removed[0].channel as Channel;
      this.group.members.splice(this.groupIndex, 0, ch);
      ch.group = this.group;
    }
    this.focus.restore(mixer);
  }
}

/**
 * Moves a channel to a new index. A group moves with its members; a channel inside a group
 * stays inside it (it can move among the members); a top-level channel cannot land inside a
 * group (the index is refused by the caller).
 */
export class MoveChannel implements Command {
  readonly label: string;
  private before: number[] = [];

  constructor(
    private readonly mixerId: number,
    private readonly channelId: number,
    private readonly toIndex: number,
    label: string,
  ) {
    this.label = `Move ${label}`;
  }

  perform(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    this.before = mixer.channels.items.map((c) => c.id);
    const c = g.require(this.channelId) as AbstractChannel;
    const block: AbstractChannel[] = c instanceof Group ? [c, ...c.members] : [c];
    const rest = mixer.channels.items.filter((x) => !block.includes(x));
    const order = [...rest.slice(0, this.toIndex), ...block, ...rest.slice(this.toIndex)];
    reorder(mixer.channels, order);
    if (c instanceof Channel && c.group !== null) {
      const group = c.group as Group;
      group.members.sort((a, b) => a.index - b.index);
    }
  }

  undo(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    reorder(
      mixer.channels,
      this.before.map((id) => g.require(id) as AbstractChannel),
    );
    for (const c of mixer.channels.items) if (c instanceof Group) c.members.sort((a, b) => a.index - b.index);
  }
}

function reorder<C extends Component>(array: ComponentArray<C>, order: readonly C[]): void {
  for (let i = 0; i < order.length; i++) array.move(order[i], i);
}

/** Groups channels (LX's GroupSelectedChannels): a new group at the first one's index, members right after it. */
export class GroupChannels implements Command {
  readonly label = 'Group Channels';
  private before: number[] = [];
  private readonly focus = new Focus();

  constructor(
    private readonly mixerId: number,
    private readonly group: Group,
    private readonly memberIds: readonly number[],
  ) {}

  perform(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    this.focus.capture(mixer);
    this.before = mixer.channels.items.map((c) => c.id);
    const members = this.memberIds.map((id) => g.require(id) as Channel);
    const first = Math.min(...members.map((m) => m.index));
    mixer.insertChannel(this.group, first);
    const rest = mixer.channels.items.filter((c) => c !== this.group && !members.includes(c as Channel));
    const at = first;
    reorder(mixer.channels, [...rest.slice(0, at), this.group, ...members, ...rest.slice(at)]);
    this.group.members.length = 0;
    for (const m of members) {
      m.group = this.group;
      this.group.members.push(m);
    }
  }

  undo(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    for (const m of this.group.members) m.group = null;
    this.group.members.length = 0;
    mixer.channels.remove(this.group);
    reorder(
      mixer.channels,
      this.before.map((id) => g.require(id) as AbstractChannel),
    );
    this.focus.restore(mixer);
  }
}

/** Dissolves a group: the members stay where they are, ungrouped; the group is removed. */
export class Ungroup implements Command {
  readonly label: string;
  private group: Group | null = null;
  private index = -1;
  private members: Channel[] = [];
  private readonly focus = new Focus();

  constructor(
    private readonly mixerId: number,
    private readonly groupId: number,
    label: string,
  ) {
    this.label = `Ungroup ${label}`;
  }

  perform(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    const group = g.require(this.groupId) as Group;
    this.focus.capture(mixer);
    this.group = group;
    this.members = [...group.members];
    for (const m of this.members) m.group = null;
    group.members.length = 0;
    this.index = mixer.channels.remove(group);
    mixer.updateFocusRange();
  }

  undo(g: Graph): void {
    const mixer = mixerOf(g, this.mixerId);
    const group = this.group as Group;
    mixer.insertChannel(group, this.index);
    for (const m of this.members) {
      m.group = group;
      group.members.push(m);
    }
    this.focus.restore(mixer);
  }
}

/** Adds a pattern to a channel's playlist at an index. */
export class AddPattern implements Command {
  readonly label: string;
  constructor(
    private readonly channelId: number,
    private readonly pattern: Pattern | Placeholder,
    private readonly index: number,
  ) {
    this.label = `Add ${pattern.label.getString()}`;
  }

  perform(g: Graph): void {
    (g.require(this.channelId) as Channel).addPattern(this.pattern, this.index);
  }

  undo(g: Graph): void {
    (g.require(this.channelId) as Channel).removePattern(this.pattern);
  }
}

/** Removes a pattern; undo puts it back at its index and restores the active pattern. */
export class RemovePattern implements Command {
  readonly label: string;
  private pattern: Pattern | Placeholder | null = null;
  private index = -1;
  private activeBefore = -1;

  constructor(
    private readonly channelId: number,
    private readonly patternId: number,
    label: string,
  ) {
    this.label = `Remove ${label}`;
  }

  perform(g: Graph): void {
    const channel = g.require(this.channelId) as Channel;
    const pattern = g.require(this.patternId) as Pattern | Placeholder;
    this.pattern = pattern;
    this.activeBefore = channel.patternEngine.activeIndex;
    this.index = channel.removePattern(pattern);
  }

  undo(g: Graph): void {
    const channel = g.require(this.channelId) as Channel;
    channel.addPattern(this.pattern as Pattern | Placeholder, this.index);
    channel.patternEngine.setActiveImmediately(this.activeBefore);
  }
}

/** Moves a pattern within its channel; the active pattern stays active. */
export class MovePattern implements Command {
  readonly label: string;
  private from = -1;

  constructor(
    private readonly channelId: number,
    private readonly patternId: number,
    private readonly toIndex: number,
    label: string,
  ) {
    this.label = `Move ${label}`;
  }

  perform(g: Graph): void {
    const channel = g.require(this.channelId) as Channel;
    const pattern = g.require(this.patternId) as Pattern | Placeholder;
    this.from = channel.patterns.indexOf(pattern);
    channel.movePattern(pattern, this.toIndex);
  }

  undo(g: Graph): void {
    const channel = g.require(this.channelId) as Channel;
    channel.movePattern(g.require(this.patternId) as Pattern | Placeholder, this.from);
  }
}

/**
 * Makes a pattern active (LX's GoPattern): with transitions on, a transition starts; undo
 * returns to the pattern that was active, at once.
 */
export class GoPattern implements Command {
  readonly label: string;
  private activeBefore = -1;

  constructor(
    private readonly channelId: number,
    private readonly patternId: number,
    label: string,
  ) {
    this.label = `Go ${label}`;
  }

  perform(g: Graph): void {
    const channel = g.require(this.channelId) as Channel;
    this.activeBefore = channel.patternEngine.activeIndex;
    channel.patternEngine.goPattern(g.require(this.patternId) as Pattern | Placeholder);
  }

  undo(g: Graph): void {
    (g.require(this.channelId) as Channel).patternEngine.setActiveImmediately(this.activeBefore);
  }
}

/** Where effects live: a bus's or a pattern's effect list. */
export function effectArrayOf(c: Component): ComponentArray<Effect | Placeholder> | undefined {
  const fx = (c as { effects?: unknown }).effects;
  return fx !== undefined && (c instanceof Pattern || 'fader' in c) ? (fx as ComponentArray<Effect | Placeholder>) : undefined;
}

/** Adds an effect to a bus or pattern at an index. */
export class AddEffect implements Command {
  readonly label: string;
  constructor(
    private readonly containerId: number,
    private readonly effect: Effect | Placeholder,
    private readonly index: number,
  ) {
    this.label = `Add ${effect.label.getString()}`;
  }

  perform(g: Graph): void {
    const array = effectArrayOf(g.require(this.containerId));
    array?.insert(this.effect, this.index);
    refreshViewSelectors(this.effect);
    if (this.effect instanceof Effect) this.effect.settle();
  }

  undo(g: Graph): void {
    effectArrayOf(g.require(this.containerId))?.remove(this.effect);
  }
}

/** Removes an effect; undo puts the same effect back. */
export class RemoveEffect implements Command {
  readonly label: string;
  private effect: Effect | Placeholder | null = null;
  private index = -1;

  constructor(
    private readonly containerId: number,
    private readonly effectId: number,
    label: string,
  ) {
    this.label = `Remove ${label}`;
  }

  perform(g: Graph): void {
    const container = g.require(this.containerId);
    const effect = g.require(this.effectId) as Effect | Placeholder;
    this.effect = effect;
    this.index = effectArrayOf(container)?.remove(effect) ?? -1;
  }

  undo(g: Graph): void {
    effectArrayOf(g.require(this.containerId))?.insert(this.effect as Effect | Placeholder, this.index);
    refreshViewSelectors(this.effect as Effect | Placeholder);
  }
}

/** Moves an effect within its chain. */
export class MoveEffect implements Command {
  readonly label: string;
  private from = -1;

  constructor(
    private readonly containerId: number,
    private readonly effectId: number,
    private readonly toIndex: number,
    label: string,
  ) {
    this.label = `Move ${label}`;
  }

  perform(g: Graph): void {
    const array = effectArrayOf(g.require(this.containerId));
    const effect = g.require(this.effectId) as Effect | Placeholder;
    this.from = array?.indexOf(effect) ?? -1;
    array?.move(effect, this.toIndex);
  }

  undo(g: Graph): void {
    effectArrayOf(g.require(this.containerId))?.move(g.require(this.effectId) as Effect | Placeholder, this.from);
  }
}
