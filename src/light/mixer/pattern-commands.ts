import type { Command } from '../../engine/commands/command.js';
import { ComponentRef } from '../../engine/commands/refs.js';
import { internal } from '../../engine/errors.js';
import type { Graph } from '../../engine/graph.js';
import { Pattern } from '../patterns/pattern.js';
import type { Placeholder } from '../placeholder.js';
import type { Channel } from './channel.js';

type ChannelPattern = Pattern | Placeholder;

function deactivate(p: ChannelPattern | undefined): void {
  if (p instanceof Pattern) p.deactivate();
}

/**
 * Adds a pattern to a channel's list (LX's AddPattern). The channel is held by id; the new
 * pattern is held as the object to insert (it is detached while undone, and keeps its id when
 * redo puts it back). The active pattern stays the same pattern; an empty channel's first
 * pattern becomes active.
 */
export class InsertPattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private activeBefore = 0;

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
    this.activeBefore = ch.activePatternIndex;
    const hadPatterns = ch.patterns.length > 0;
    ch.patterns.insert(this.pattern, this.index);
    if (hadPatterns && this.activeBefore >= this.index) ch.activePatternIndex = this.activeBefore + 1;
    else if (!hadPatterns) ch.activePatternIndex = 0;
  }

  undo(g: Graph): void {
    const ch = this.channel.resolve(g);
    deactivate(this.pattern);
    ch.patterns.remove(this.pattern);
    ch.activePatternIndex = this.activeBefore;
  }
}

/**
 * Removes a pattern from its channel (LX's RemovePattern). Undo puts the same object back at
 * the same index with its id, and restores which pattern was active.
 */
export class RemovePattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private readonly patternRef: ComponentRef<ChannelPattern>;
  private removed: ChannelPattern | undefined;
  private index = -1;
  private activeBefore = 0;

  constructor(channel: Channel, pattern: ChannelPattern) {
    this.channel = ComponentRef.to(channel);
    this.patternRef = ComponentRef.to(pattern);
    this.label = `Remove ${pattern.label.getString()} from ${channel.label.getString()}`;
  }

  perform(g: Graph): void {
    const ch = this.channel.resolve(g);
    const pattern = this.patternRef.resolve(g);
    if (pattern.parent !== ch) throw internal(`pattern ${pattern.id} is no longer in ${ch.path}`);
    this.activeBefore = ch.activePatternIndex;
    deactivate(pattern);
    this.index = ch.patterns.remove(pattern);
    this.removed = pattern;
    const active = this.activeBefore;
    if (active > this.index) ch.activePatternIndex = active - 1;
    else if (active === this.index) {
      ch.activePatternIndex = Math.max(0, Math.min(this.index, ch.patterns.length - 1));
    }
  }

  undo(g: Graph): void {
    const ch = this.channel.resolve(g);
    if (this.removed === undefined) throw internal('undo of a pattern removal that never ran');
    deactivate(ch.activePattern);
    ch.patterns.insert(this.removed, this.index);
    ch.activePatternIndex = this.activeBefore;
  }
}

/** Moves a pattern to another position in its channel; the active pattern stays active. */
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
    const active = ch.activePattern;
    const from = ch.patterns.indexOf(pattern);
    if (from < 0) throw internal(`pattern ${pattern.id} is no longer in ${ch.path}`);
    ch.patterns.move(pattern, index);
    if (active !== undefined) ch.activePatternIndex = ch.patterns.indexOf(active);
    return from;
  }

  perform(g: Graph): void {
    this.from = this.moveTo(g, this.to);
  }

  undo(g: Graph): void {
    this.moveTo(g, this.from);
  }
}

/** Makes a pattern the active one of its channel's playlist (LX's goPattern, without transition). */
export class ActivatePattern implements Command {
  readonly label: string;
  private readonly channel: ComponentRef<Channel>;
  private readonly patternRef: ComponentRef<ChannelPattern>;
  private previous: ComponentRef<ChannelPattern> | undefined;

  constructor(channel: Channel, pattern: ChannelPattern) {
    this.channel = ComponentRef.to(channel);
    this.patternRef = ComponentRef.to(pattern);
    this.label = `Activate ${pattern.label.getString()}`;
  }

  private activate(g: Graph, ref: ComponentRef<ChannelPattern>): void {
    const ch = this.channel.resolve(g);
    const pattern = ref.resolve(g);
    const index = ch.patterns.indexOf(pattern);
    if (index < 0) throw internal(`pattern ${pattern.id} is no longer in ${ch.path}`);
    const current = ch.activePattern;
    if (current !== pattern) deactivate(current);
    ch.activePatternIndex = index;
  }

  perform(g: Graph): void {
    const current = this.channel.resolve(g).activePattern;
    this.previous = current === undefined ? undefined : ComponentRef.to(current);
    this.activate(g, this.patternRef);
  }

  undo(g: Graph): void {
    if (this.previous !== undefined) this.activate(g, this.previous);
  }
}
