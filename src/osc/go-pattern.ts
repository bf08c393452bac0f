import type { Command } from '../engine/commands/command.js';
import { invalidArgument } from '../engine/errors.js';
import type { Channel } from '../light/mixer/channel.js';
import { GoPattern } from '../light/mixer/mixer-commands.js';

/**
 * The mixer's GoPattern for OSC's `.../activePattern <0-based int>` (LX's goPatternIndex): a
 * transition when the channel has them on; undo goes back to the pattern that was active. The
 * index and the channel's mode are checked here, before anything changes.
 */
export function goPatternCommand(channel: Channel, index: number): Command {
  const n = channel.patterns.length;
  if (!Number.isInteger(index) || index < 0 || index >= n) {
    throw invalidArgument(`${channel.path} has ${n} patterns; activePattern takes a 0-based index 0–${n - 1}, got ${index}`);
  }
  if (!channel.patternEngine.isPlaylist) throw invalidArgument(`${channel.path} is in blend mode; activePattern works in playlist mode`);
  const pattern = channel.patterns.items[index];
  return new GoPattern(channel.id, pattern.id, pattern.label.getString());
}
