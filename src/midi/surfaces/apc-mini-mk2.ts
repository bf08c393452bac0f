// Akai APC mini mk2, as LX 1.2.1's APCminiMk2 driver uses it: an 8×8 pad grid (notes 0–63, the bottom
// row first), eight track buttons under it (notes 100–107), eight scene buttons at the side (112–119, unused here),
// Shift (122) and nine faders (CC 48–55 the channels, 56 the master). A pad's LED is a note on whose
// MIDI channel is the behaviour (0–6 brightness, 7–10 pulse, 11–15 blink) and whose velocity is the
// colour; a track button's LED is a note on channel 0 with 0 off, 1 on, 2 blink. Pure: state in, bytes
// out; input bytes in, an action out (src/midi/surfaces/surface-host.ts does the show's part).

import type { MidiMessage } from '../../light/midi/midi-message.js';

export const APC_COLUMNS = 8;
export const APC_ROWS = 8;
const TRACK_BUTTON = 100;
const SHIFT = 122;
const CHANNEL_FADER = 48;
const MASTER_FADER = 56;
/** With Shift, these track buttons choose what the grid shows (LX: Volume → patterns, Pan → clips). */
const MODE_PATTERNS = TRACK_BUTTON;
const MODE_CLIPS = TRACK_BUTTON + 1;

/** LED behaviours (the note on's MIDI channel) and colours (its velocity) of the mk2's pads. */
const FULL = 6;
const HALF = 2;
const PULSE_QUARTER = 9;
const PULSE_HALF = 10;
const BLINK_EIGHTH = 13;
const OFF = 0;
const GRAY = 1;
const WHITE = 3;
const RED = 5;
const YELLOW = 12;
const GREEN = 21;

/**
 * What one pad shows. Patterns: `active` (the playlist's), `next` (a transition heading there),
 * `pending` (a quantized launch waiting), `focused`, `inactive` (another pattern of a playlist),
 * `enabled`/`disabled` (a blend-mode channel). Clips: `playing`, `queued` (a launch waiting for its
 * boundary), `stopped`. `empty`: nothing there.
 */
export type ApcPad = 'empty' | 'active' | 'next' | 'pending' | 'focused' | 'inactive' | 'enabled' | 'disabled' | 'playing' | 'queued' | 'stopped';

/** The pad colours, as LX's APCminiMk2 picks them: [behaviour channel, colour velocity]. */
const PAD_LED: Readonly<Record<ApcPad, readonly [number, number]>> = {
  empty: [FULL, OFF],
  active: [FULL, RED],
  next: [PULSE_QUARTER, RED],
  pending: [BLINK_EIGHTH, GREEN],
  focused: [FULL, YELLOW],
  inactive: [HALF, WHITE],
  enabled: [FULL, GREEN],
  disabled: [HALF, WHITE],
  playing: [PULSE_HALF, GREEN],
  queued: [BLINK_EIGHTH, GREEN],
  stopped: [FULL, GRAY],
};

/** What the surface shows: the grid (a column per channel, the top row first) and the track buttons. */
interface ApcState {
  readonly mode: 'patterns' | 'clips';
  /** columns[x][y]: channel x's pattern or clip slot y (y 0 is the top row); a missing entry is empty. */
  readonly columns: readonly (readonly ApcPad[])[];
  /** The focused channel's column (its track button lit), or -1. */
  readonly focused: number;
  readonly shift: boolean;
}

/** The note of the pad at column x, row y (row 0 at the top). */
function padNote(x: number, y: number): number {
  return APC_COLUMNS * (APC_ROWS - 1 - y) + x;
}

/**
 * Every LED's message, keyed by the LED (so a sender can send only what changed). Pads: note on,
 * channel = behaviour, velocity = colour. Track buttons: the focused channel lit; with Shift, the two
 * mode buttons show the grid's mode instead.
 */
export function apcLeds(state: ApcState): Map<string, readonly number[]> {
  const out = new Map<string, readonly number[]>();
  for (let x = 0; x < APC_COLUMNS; x++) {
    for (let y = 0; y < APC_ROWS; y++) {
      const [behaviour, colour] = PAD_LED[state.columns[x]?.[y] ?? 'empty'];
      out.set(`pad ${x} ${y}`, [0x90 | behaviour, padNote(x, y), colour]);
    }
  }
  for (let i = 0; i < APC_COLUMNS; i++) {
    const note = TRACK_BUTTON + i;
    const on = state.shift ? (note === MODE_PATTERNS && state.mode === 'patterns') || (note === MODE_CLIPS && state.mode === 'clips') : i === state.focused;
    out.set(`track ${i}`, [0x90, note, on ? 1 : 0]);
  }
  return out;
}

/** What a message from the surface asks for. */
type ApcAction =
  | { readonly kind: 'pad'; readonly x: number; readonly y: number }
  | { readonly kind: 'track'; readonly index: number }
  | { readonly kind: 'mode'; readonly mode: 'patterns' | 'clips' }
  | { readonly kind: 'shift'; readonly on: boolean }
  /** index 0–7 a channel fader, 8 the master; value 0–1. */
  | { readonly kind: 'fader'; readonly index: number; readonly value: number }
  | { readonly kind: 'none' };

/** Decodes one message from the APC mini mk2 (any MIDI channel, as LX listens). */
export function apcAction(msg: MidiMessage, shift: boolean): ApcAction {
  if (msg.kind === 'cc') {
    if (msg.number >= CHANNEL_FADER && msg.number <= MASTER_FADER) return { kind: 'fader', index: msg.number - CHANNEL_FADER, value: msg.value / 127 };
    return { kind: 'none' };
  }
  if (msg.kind !== 'note') return { kind: 'none' };
  if (msg.number === SHIFT) return { kind: 'shift', on: msg.on };
  if (!msg.on) return { kind: 'none' };
  if (msg.number >= 0 && msg.number < APC_COLUMNS * APC_ROWS) {
    return { kind: 'pad', x: msg.number % APC_COLUMNS, y: APC_ROWS - 1 - Math.floor(msg.number / APC_COLUMNS) };
  }
  if (msg.number >= TRACK_BUTTON && msg.number < TRACK_BUTTON + APC_COLUMNS) {
    if (shift && msg.number === MODE_PATTERNS) return { kind: 'mode', mode: 'patterns' };
    if (shift && msg.number === MODE_CLIPS) return { kind: 'mode', mode: 'clips' };
    if (!shift) return { kind: 'track', index: msg.number - TRACK_BUTTON };
  }
  return { kind: 'none' };
}
