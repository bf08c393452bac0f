// MIDI timecode (MTC) and MIDI clock, as the MIDI 1.0 specification and its MTC addendum define
// the bytes: quarter frames (F1 0nnn dddd, eight pieces across two frames, piece 7 carrying the
// rate), the full-frame SysEx (F0 7F 7F 01 01 hh mm ss ff F7, the rate in hh's bits 5–6), and the
// clock (F8 24 times a quarter note; FA start, FB continue, FC stop; F2 Song Position Pointer in
// sixteenth notes, 14 bits, least significant seven first).
import type { Timecode, TimecodeRate } from './timecode.js';

/** The two-bit rate code MTC carries: 0 = 24, 1 = 25, 2 = 29.97 drop-frame, 3 = 30 frames per second. */
const MTC_RATE_CODE: Readonly<Record<TimecodeRate, number>> = { '24': 0, '25': 1, '29.97df': 2, '30': 3 };

/**
 * Quarter-frame piece `piece` (0–7) of the label `tc`: status F1, then the piece number in bits
 * 4–6 and four bits of the label: frames low/high, seconds low/high, minutes low/high, hours low,
 * and last the rate code with the hours' top bit (0rrh).
 */
export function mtcQuarterFrame(tc: Timecode, rate: TimecodeRate, piece: number): [number, number] {
  const fields = [tc.frames, tc.seconds, tc.minutes, tc.hours];
  const field = fields[piece >> 1];
  let nibble = piece % 2 === 0 ? field & 0x0f : field >> 4;
  if (piece === 7) nibble = (MTC_RATE_CODE[rate] << 1) | ((tc.hours >> 4) & 1);
  return [0xf1, (piece << 4) | (nibble & 0x0f)];
}

/** The full-frame message a receiver jumps to (sent on a locate, a start and a stop): a universal real-time SysEx to all devices. */
export function mtcFullFrame(tc: Timecode, rate: TimecodeRate): number[] {
  return [0xf0, 0x7f, 0x7f, 0x01, 0x01, (MTC_RATE_CODE[rate] << 5) | tc.hours, tc.minutes, tc.seconds, tc.frames, 0xf7];
}

/** MIDI clock: timing clocks per quarter note. */
export const CLOCKS_PER_BEAT = 24;
export const MIDI_CLOCK = 0xf8;
export const MIDI_START = 0xfa;
export const MIDI_CONTINUE = 0xfb;
export const MIDI_STOP = 0xfc;

/** Song Position Pointer to `sixteenths` sixteenth notes from the song's start (clamped to 0–16383). */
export function songPositionPointer(sixteenths: number): [number, number, number] {
  const v = Math.max(0, Math.min(0x3fff, Math.floor(sixteenths)));
  return [0xf2, v & 0x7f, v >> 7];
}
