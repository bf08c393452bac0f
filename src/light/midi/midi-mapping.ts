// LX's MIDI mappings as an `.lxp` saves them (the MIDI engine's `mapping` array): a note or a
// control change on one channel, bound to one parameter by its canonical path. The saved object is
// kept as the file wrote it (keys Footlight does not read survive a round trip); this module reads
// the fields a mapping needs and builds new ones in LX's key order.

/** LX's LXMidiMapping.Type names, as saved in `type`. */
export type MidiMappingType = 'NOTE' | 'CONTROL_CHANGE';

/** LX's LXMidiMapping.Note.Mode, in its order (the saved `mode` is the index, `mode/name` the name). */
const NOTE_MODES = ['TOGGLE', 'MOMENTARY', 'ON', 'OFF'] as const;
export type NoteMode = (typeof NOTE_MODES)[number];
/** LX's LXMidiMapping.Note.DiscreteMode, in its order: what a note does to a discrete parameter. */
const DISCRETE_MODES = ['INCREMENT', 'DECREMENT', 'FIXED', 'RANDOM'] as const;
type DiscreteMode = (typeof DISCRETE_MODES)[number];

/**
 * How a relative (endless) encoder sends its turns, for a CC mapping on a knob (Footlight's; LX
 * 1.2.1 maps every CC absolutely): `offset`, 64 ± steps (65 one step up, 63 one down: the Midi
 * Fighter Twister's and most Akai encoders); `twos`, two's complement (1 up, 127 down).
 */
export const RELATIVE_ENCODINGS = ['offset', 'twos'] as const;
export type RelativeEncoding = (typeof RELATIVE_ENCODINGS)[number];

/** What a parameter is, for a mapping: LX treats booleans, discrete and other knobs differently. */
export type MappedKind = 'boolean' | 'discrete' | 'knob';

/** A saved mapping, read. */
export interface MidiMapping {
  readonly type: MidiMappingType;
  /** 0–15 (LX saves channels 0-based; controllers label them 1–16). */
  readonly channel: number;
  /** The note (`pitch`) or the controller number (`cc`), 0–127. */
  readonly number: number;
  /** The mapped parameter's canonical path (LX's `path`). */
  readonly path: string;
  /** Notes on booleans and knobs: how note on and off act (LX's default TOGGLE). */
  readonly mode: NoteMode;
  /** Notes on discrete parameters: step up, down, to `fixedValue`, or to a random option. */
  readonly discreteMode: DiscreteMode;
  /**
   * The saved range values, undefined when absent. CC on a knob: the values the controller spans
   * (minValue/maxValue, in the parameter's units); CC on a boolean: the normalized window that
   * means on (default 0.5–1); CC on a discrete parameter: minDiscrete/maxDiscrete; a note on a
   * knob: the values set on and off (onValue/offValue).
   */
  readonly minValue?: number;
  readonly maxValue?: number;
  readonly minDiscrete?: number;
  readonly maxDiscrete?: number;
  readonly onValue?: number;
  readonly offValue?: number;
  readonly fixedValue?: number;
  /** A CC on a knob from a relative encoder (saved under Footlight's key `footlightRelative`; LX ignores it). */
  readonly relative?: RelativeEncoding;
}

function isInt(v: unknown, lo: number, hi: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The enum a saved object names: `key/name` first (LX reads the name first), then the index. */
function savedEnum<T extends string>(obj: Record<string, unknown>, key: string, names: readonly T[]): T {
  const name = obj[`${key}/name`];
  if (typeof name === 'string' && (names as readonly string[]).includes(name)) return name as T;
  const i = obj[key];
  return isInt(i, 0, names.length - 1) ? names[i] : names[0];
}

/** The saved key of a relative encoding: Footlight's own, which LX's loader never reads. */
const RELATIVE_KEY = 'footlightRelative';

/**
 * Reads one saved mapping, or says why it cannot be used (LX skips such a mapping when loading;
 * Footlight keeps it in the file and leaves it inactive).
 */
export function readMapping(obj: unknown): MidiMapping | string {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return 'not an object';
  const o = obj as Record<string, unknown>;
  if (o.type !== 'NOTE' && o.type !== 'CONTROL_CHANGE') return `type ${JSON.stringify(o.type)} is not NOTE or CONTROL_CHANGE`;
  if (!isInt(o.channel, 0, 15)) return `channel ${JSON.stringify(o.channel)} is not 0–15`;
  const key = o.type === 'NOTE' ? 'pitch' : 'cc';
  if (!isInt(o[key], 0, 127)) return `${key} ${JSON.stringify(o[key])} is not 0–127`;
  if (typeof o.path !== 'string' || !o.path.startsWith('/lx')) return 'no parameter path';
  const m: { -readonly [K in keyof MidiMapping]: MidiMapping[K] } = {
    type: o.type,
    channel: o.channel,
    number: o[key] as number,
    path: o.path,
    mode: savedEnum(o, 'mode', NOTE_MODES),
    discreteMode: savedEnum(o, 'discreteMode', DISCRETE_MODES),
  };
  for (const k of ['minValue', 'maxValue', 'minDiscrete', 'maxDiscrete', 'onValue', 'offValue', 'fixedValue'] as const) {
    const v = num(o[k]);
    if (v !== undefined) m[k] = v;
  }
  const relative = o[RELATIVE_KEY];
  if (typeof relative === 'string' && (RELATIVE_ENCODINGS as readonly string[]).includes(relative)) m.relative = relative as RelativeEncoding;
  return m;
}

interface NewMapping {
  readonly type: MidiMappingType;
  readonly channel: number;
  readonly number: number;
  readonly path: string;
  /** The mapped parameter's owner id and key (LX also saves them: `componentId`, `parameterPath`). */
  readonly componentId: number;
  readonly key: string;
  readonly kind: MappedKind;
  readonly mode: NoteMode;
  /** Knobs: the parameter's range ends, which LX's on/off and min/max values start at. */
  readonly rangeMin: number;
  readonly rangeMax: number;
  /** Discrete: the index range LX's minDiscrete/maxDiscrete start at. */
  readonly discreteMin?: number;
  readonly discreteMax?: number;
  readonly relative?: RelativeEncoding;
}

/** A new mapping in the shape and key order LX 1.2.1 saves (LXMidiMapping.save and its subclasses). */
export function newMappingJson(m: NewMapping): Record<string, unknown> {
  const o: Record<string, unknown> = {
    channel: m.channel,
    type: m.type,
    path: m.path,
    componentId: m.componentId,
    parameterPath: m.key,
    [m.type === 'NOTE' ? 'pitch' : 'cc']: m.number,
  };
  const modeIndex = NOTE_MODES.indexOf(m.mode);
  if (m.type === 'NOTE') {
    if (m.kind === 'discrete') {
      o.discreteMode = 0;
      o['discreteMode/name'] = 'INCREMENT';
      o.fixedValue = m.discreteMin ?? 0;
    } else {
      o.mode = modeIndex;
      o['mode/name'] = m.mode;
      if (m.kind === 'knob') {
        o.offValue = m.rangeMin;
        o.onValue = m.rangeMax;
      }
    }
  } else if (m.kind === 'discrete') {
    o.minDiscrete = m.discreteMin ?? 0;
    o.maxDiscrete = m.discreteMax ?? 0;
  } else if (m.kind === 'boolean') {
    o.minValue = 0.5;
    o.maxValue = 1;
  } else {
    o.minValue = m.rangeMin;
    o.maxValue = m.rangeMax;
    if (m.relative !== undefined) o[RELATIVE_KEY] = m.relative;
  }
  return o;
}
