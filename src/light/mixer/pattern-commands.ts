import type { Command } from '../../engine/commands/command.js';
import { ComponentRef } from '../../engine/commands/refs.js';
import { internal } from '../../engine/errors.js';
import type { Graph } from '../../engine/graph.js';
import { Pattern } from '../devices/patterns/pattern.js';
import type { Placeholder } from '../component/placeholder.js';
import type { Channel } from './channel.js';

type ChannelPattern = Pattern | Placeholder;

/**
 * Makes `pattern` the active pattern at once, with no transition (undo must restore exactly
 * what was there): a running transition finishes first.
 */
function switchTo(ch: Channel, pattern: ChannelPattern | undefined): void {
  const pe = ch.patternEngine;
  if (pe.inTransition) pe.finishTransition();
  if (pattern === undefined || pe.activePattern === pattern) return;
  const index = ch.patterns.indexOf(pattern);
  if (index < 0) throw internal(`pattern ${pattern.id} is no longer in ${ch.path}`);
  pe.nextIndex = index;
  if (pattern instanceof Pattern) pattern.activate();
  pe.finishTransition();
}

/**
 * Adds a pattern to a channel (LX's AddPattern) through the channel's own operation, which
 * keeps the active pattern. The channel is held by id; the new pattern is held as the object to
 * insert (detached while undone, it keeps its id when redo puts it back).
 */
export class InsertPattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private activeBefore: ComponentRef<ChannelPattern> | undefined;

  constructor(
    channel: Channel,
    private readonly pattern: ChannelPattern,
    private readonly index: number,
  ) {
    this.channel = ComponentRef.to(channel);
    this.label = `Add ${pattern.label.getString()} to ${channel.label.getString()}`;
  }

  perform(g: Graph): void {
    const ch = this.channel.resolve(g);
    const active = ch.activePattern;
    this.activeBefore = active === undefined ? undefined : ComponentRef.to(active);
    ch.addPattern(this.pattern, this.index);
  }

  undo(g: Graph): void {
    const ch = this.channel.resolve(g);
    ch.removePattern(this.pattern);
    if (this.activeBefore !== undefined) switchTo(ch, this.activeBefore.resolve(g));
  }
}

/**
 * Removes a pattern from its channel (LX's RemovePattern). Undo puts the same object back at
 * the same index with its id, and makes active again whatever was active before.
 */
export class RemovePattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private readonly patternRef: ComponentRef<ChannelPattern>;
  private removed: ChannelPattern | undefined;
  private index = -1;
  private activeBefore: ComponentRef<ChannelPattern> | undefined;

  constructor(channel: Channel, pattern: ChannelPattern) {
    this.channel = ComponentRef.to(channel);
    this.patternRef = ComponentRef.to(pattern);
    this.label = `Remove ${pattern.label.getString()} from ${channel.label.getString()}`;
  }

  perform(g: Graph): void {
    const ch = this.channel.resolve(g);
    const pattern = this.patternRef.resolve(g);
    if (pattern.parent !== ch) throw internal(`pattern ${pattern.id} is no longer in ${ch.path}`);
    const active = ch.activePattern;
    this.activeBefore = active === undefined ? undefined : ComponentRef.to(active);
    this.index = ch.removePattern(pattern);
    this.removed = pattern;
  }

  undo(g: Graph): void {
    const ch = this.channel.resolve(g);
    if (this.removed === undefined) throw internal('undo of a pattern removal that never ran');
    ch.addPattern(this.removed, this.index);
    if (this.activeBefore !== undefined) switchTo(ch, this.activeBefore.resolve(g));
  }
}

/** Moves a pattern to another position in its channel; active and next patterns follow it. */
export class MovePattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private readonly patternRef: ComponentRef<ChannelPattern>;
  private from = -1;

  constructor(
    channel: Channel,
    pattern: ChannelPattern,
    private readonly to: number,
  ) {
    this.channel = ComponentRef.to(channel);
    this.patternRef = ComponentRef.to(pattern);
    this.label = `Move ${pattern.label.getString()}`;
  }

  private moveTo(g: Graph, index: number): number {
    const ch = this.channel.resolve(g);
    const pattern = this.patternRef.resolve(g);
    const from = ch.patterns.indexOf(pattern);
    if (from < 0) throw internal(`pattern ${pattern.id} is no longer in ${ch.path}`);
    ch.movePattern(pattern, index);
    return from;
  }

  perform(g: Graph): void {
    this.from = this.moveTo(g, this.to);
  }

  undo(g: Graph): void {
    this.moveTo(g, this.from);
  }
}

/**
 * Goes to a pattern of a playlist channel (LX's goPattern: with the channel's transition when
 * transitions are on). Undo switches straight back to the pattern that was active.
 */
export class ActivatePattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private readonly patternRef: ComponentRef<ChannelPattern>;
  private previous: ComponentRef<ChannelPattern> | undefined;

  constructor(channel: Channel, pattern: ChannelPattern) {
    this.channel = ComponentRef.to(channel);
    this.patternRef = ComponentRef.to(pattern);
    this.label = `Go to ${pattern.label.getString()}`;
  }

  perform(g: Graph): void {
    const ch = this.channel.resolve(g);
    const current = ch.activePattern;
    this.previous = current === undefined ? undefined : ComponentRef.to(current);
    ch.patternEngine.goPattern(this.patternRef.resolve(g));
  }

  undo(g: Graph): void {
    const ch = this.channel.resolve(g);
    if (ch.patternEngine.inTransition) ch.patternEngine.cancelTransition();
    if (this.previous !== undefined) switchTo(ch, this.previous.resolve(g));
  }
}
