import type { Command } from '../engine/commands/command.js';
import { ComponentRef } from '../engine/commands/refs.js';
import { invalidArgument } from '../engine/errors.js';
import type { Graph } from '../engine/graph.js';
import type { Channel } from '../light/mixer/channel.js';

/**
 * Makes a channel's pattern the active one (LX's goPatternIndex, reached over OSC through
 * `.../activePattern <0-based int>`): a transition when the channel has them on. Undo goes back
 * to the pattern that was active.
 */
export class GoPattern implements Command {
  readonly label: string;
  private readonly ref: ComponentRef<Channel>;
  private readonly before: number;

  constructor(
    channel: Channel,
    private readonly after: number,
  ) {
    this.ref = ComponentRef.to(channel);
    this.before = channel.activePatternIndex;
    this.label = `Go to pattern ${after + 1} on ${channel.label.getString()}`;
  }

  perform(g: Graph): void {
    const ch = this.ref.resolve(g);
    if (!Number.isInteger(this.after) || this.after < 0 || this.after >= ch.patterns.length) {
      throw invalidArgument(
        `${ch.path} has ${ch.patterns.length} patterns; activePattern takes a 0-based index 0–${ch.patterns.length - 1}, got ${this.after}`,
      );
    }
    if (!ch.patternEngine.isPlaylist) throw invalidArgument(`${ch.path} is in blend mode; activePattern works in playlist mode`);
    ch.patternEngine.goPatternIndex(this.after);
  }

  undo(g: Graph): void {
    if (this.before >= 0) this.ref.resolve(g).patternEngine.goPatternIndex(this.before);
  }
}
