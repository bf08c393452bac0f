import { invalidArgument } from '../../engine/errors.js';
import type { DisplayUnit, NativeScale } from '../audio/dsp/params.js';

// Musical display units of native parameters: a native scale (declared with the parameter,
// audio/dsp/params.ts) maps a native value to the number a person reads. Resolution
// (`graph-resolve-value`) runs a scale backwards: a display string such as "1.5 kHz" becomes
// the native value that displays as it.
//
// Pitch names follow the host convention: C3 is MIDI key 60 and A3 (key 69) is 440 Hz.

export function toDisplayNumber(scale: NativeScale, native: number): number {
  switch (scale.kind) {
    case 'linear':
      return native * scale.factor + scale.offset;
    case 'exp':
      return scale.lo * Math.pow(scale.hi / scale.lo, native);
    case 'gain':
      return native <= 0 ? -Infinity : 20 * Math.log10(native);
  }
}

export function fromDisplayNumber(scale: NativeScale, display: number): number {
  switch (scale.kind) {
    case 'linear':
      return (display - scale.offset) / scale.factor;
    case 'exp':
      return Math.log(display / scale.lo) / Math.log(scale.hi / scale.lo);
    case 'gain':
      return display === -Infinity ? 0 : Math.pow(10, display / 20);
  }
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** "C3" for key 60; a fractional key shows its cents: "A3 +25 ct". */
export function noteName(key: number): string {
  const k = Math.round(key);
  const cents = Math.round((key - k) * 100);
  const name = `${NOTE_NAMES[((k % 12) + 12) % 12]}${Math.floor(k / 12) - 2}`;
  return cents === 0 ? name : `${name} ${cents > 0 ? '+' : ''}${cents} ct`;
}

function trim(n: number, digits: number): string {
  return String(Number(n.toFixed(digits)));
}

/** The display string of a display number in its unit. */
export function formatDisplay(unit: DisplayUnit, v: number): string {
  switch (unit) {
    case 'Hz':
      return Number(v.toFixed(2)) >= 1000 ? `${trim(v / 1000, 2)} kHz` : `${trim(v, 2)} Hz`;
    case 'dB':
      return v === -Infinity ? '-inf dB' : `${trim(v, 1)} dB`;
    case '%':
      return `${trim(v, 1)} %`;
    case 'ms':
      return Number(v.toFixed(1)) >= 1000 ? `${trim(v / 1000, 2)} s` : `${trim(v, 1)} ms`;
    case 'st':
      return `${v > 0 ? '+' : ''}${trim(v, 2)} st`;
    case 'note':
      return noteName(v);
    default:
      return trim(v, 3);
  }
}

/** A display string parsed into a number and the unit it was written in. */
interface ParsedDisplay {
  readonly value: number;
  /** The unit as written, normalized: Hz, kHz, dB, %, ms, s, st, ct, note. */
  readonly unit: 'Hz' | 'kHz' | 'dB' | '%' | 'ms' | 's' | 'st' | 'ct' | 'note';
}

const UNIT_WORDS: Record<string, ParsedDisplay['unit']> = {
  hz: 'Hz',
  khz: 'kHz',
  db: 'dB',
  '%': '%',
  ms: 'ms',
  s: 's',
  sec: 's',
  st: 'st',
  semi: 'st',
  semitone: 'st',
  semitones: 'st',
  ct: 'ct',
  cent: 'ct',
  cents: 'ct',
};

const NUMBER_WITH_UNIT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([A-Za-z%]+)?$/;
const NOTE = /^([A-Ga-g])(#|b|♯|♭)?(-?\d{1,2})$/;
const STEP: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

/** Parses "1.5 kHz", "-6 dB", "250ms", "+7 st", "-50 cents", "C#3", "Db2". Throws invalid_argument. */
export function parseDisplay(text: string): ParsedDisplay {
  const s = text.trim().replace(/\u2212/g, '-');
  if (s.length === 0)
    throw invalidArgument('the display string is empty; write a number with a unit, e.g. "1 kHz", "-6 dB", "250 ms", "+7 st" or a note like "C#3"');
  if (s.length > 64) throw invalidArgument(`the display string is ${s.length} characters; display strings are at most 64`);
  const note = NOTE.exec(s);
  if (note !== null) {
    const step = STEP[note[1].toLowerCase()];
    const acc = note[2] === '#' || note[2] === '♯' ? 1 : note[2] === 'b' || note[2] === '♭' ? -1 : 0;
    const octave = Number(note[3]);
    return { value: (octave + 2) * 12 + step + acc, unit: 'note' };
  }
  const m = NUMBER_WITH_UNIT.exec(s);
  if (m === null)
    throw invalidArgument(
      `cannot read ${JSON.stringify(text)} as a musical value; write a number with a unit, e.g. "1 kHz", "-6 dB", "250 ms", "+7 st" or a note like "C#3"`,
    );
  const value = Number(m[1]);
  if (m[2] === undefined) throw invalidArgument(`${JSON.stringify(text)} has no unit; write it with one (Hz, kHz, dB, %, ms, s, st, cents or a note name)`);
  const unit = UNIT_WORDS[m[2].toLowerCase()];
  if (unit === undefined)
    throw invalidArgument(`unknown unit ${JSON.stringify(m[2])}; known units: Hz, kHz, dB, %, ms, s, st (semitones), ct (cents) and note names like C#3`);
  return { value, unit };
}

/** Units a parameter with display unit `unit` accepts, for error messages. */
export function acceptedUnits(unit: DisplayUnit): string {
  switch (unit) {
    case 'Hz':
      return 'Hz, kHz or a note name';
    case 'dB':
      return 'dB';
    case '%':
      return '%';
    case 'ms':
      return 'ms or s';
    case 'st':
      return 'st (semitones) or cents';
    case 'note':
      return 'a note name (C3 is key 60), Hz or kHz';
    default:
      return 'no musical unit';
  }
}

const keyToHz = (key: number): number => 440 * Math.pow(2, (key - 69) / 12);
const hzToKey = (hz: number): number => 69 + 12 * Math.log2(hz / 440);

/**
 * Converts a parsed display into the number `unit` displays, or returns undefined when the units
 * are not compatible (dB for a frequency, a note for a time...).
 */
export function convertToUnit(parsed: ParsedDisplay, unit: DisplayUnit): number | undefined {
  const { value, unit: from } = parsed;
  switch (unit) {
    case 'Hz':
      if (from === 'Hz') return value;
      if (from === 'kHz') return value * 1000;
      if (from === 'note') return keyToHz(value);
      return undefined;
    case 'dB':
      return from === 'dB' ? value : undefined;
    case '%':
      return from === '%' ? value : undefined;
    case 'ms':
      if (from === 'ms') return value;
      if (from === 's') return value * 1000;
      return undefined;
    case 'st':
      if (from === 'st') return value;
      if (from === 'ct') return value / 100;
      return undefined;
    case 'note':
      if (from === 'note') return value;
      if (from === 'Hz' && value > 0) return hzToKey(value);
      if (from === 'kHz' && value > 0) return hzToKey(value * 1000);
      return undefined;
    default:
      return undefined;
  }
}
