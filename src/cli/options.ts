import { InvalidArgumentError } from 'commander';
import { isTimecodeRate, parseTimecode } from '../show/timecode/timecode.js';
import { TIMECODE_RATE_HELP } from '../show/timecode/timecode-out.js';

// Option parsers and help shared by main.ts's commands and render-sound's own entry (render-sound-command.ts).

export function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('a number above 0');
  return n;
}

export function beat(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('a beat position of 0 or more (quarter notes)');
  return n;
}

export function timecodeRate(value: string): string {
  if (!isTimecodeRate(value)) throw new InvalidArgumentError(`one of ${TIMECODE_RATE_HELP}`);
  return value;
}

/** The offset's form here; whether the rate has that label (frame 24 at 24 fps, a dropped one) is checked at the start. */
export function timecodeOffset(value: string): string {
  try {
    parseTimecode(value.replace(/[:;.](\d{2})\s*$/, ':00'), '30');
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return value;
}

export const LTC_HELP =
  'write SMPTE LTC (timecode of the song position, −10 dBFS) on this channel, left or right (default right), and the mix in mono on the other';
