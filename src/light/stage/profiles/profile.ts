// One attribute model for DMX fixture profiles, whatever file they come from (QLC+ `.qxf`, the
// Open Fixture Library's JSON, GDTF). Importers build a draft and hand it to `checkProfile`, which
// refuses it whole, naming the file and the reason, or returns it frozen: nothing half-added.
import { FootlightError } from '../../../engine/errors.js';

/** What kind of fixture it is (the importer's best mapping of its source's own categories). */
export const FIXTURE_TYPES = [
  'par',
  'moving-head',
  'scanner',
  'strobe',
  'dimmer',
  'blinder',
  'bar',
  'pixel-bar',
  'matrix',
  'flower',
  'effect',
  'laser',
  'hazer',
  'smoke',
  'fan',
  'other',
] as const;
export type FixtureType = (typeof FIXTURE_TYPES)[number];

/** What a channel drives. */
export type Attribute =
  | 'intensity'
  | 'red'
  | 'green'
  | 'blue'
  | 'white'
  | 'amber'
  | 'uv'
  | 'lime'
  | 'indigo'
  | 'cyan'
  | 'magenta'
  | 'yellow'
  | 'cto'
  | 'color-wheel'
  | 'gobo-wheel'
  | 'shutter'
  | 'pan'
  | 'tilt'
  | 'zoom'
  | 'focus'
  | 'iris'
  | 'frost'
  | 'prism'
  | 'effect'
  | 'fog'
  | 'control'
  | 'speed'
  | 'other';

/** What one DMX range of a channel does. */
export type CapabilityKind =
  | 'no-function'
  | 'intensity'
  | 'color-intensity'
  | 'color'
  | 'color-temperature'
  | 'gobo'
  | 'shutter-open'
  | 'shutter-closed'
  | 'strobe'
  | 'pulse'
  | 'pan'
  | 'tilt'
  | 'rotation'
  | 'zoom'
  | 'focus'
  | 'iris'
  | 'frost'
  | 'prism'
  | 'effect'
  | 'fog'
  | 'speed'
  | 'reset'
  | 'lamp-on'
  | 'lamp-off'
  | 'maintenance'
  | 'generic';

/** Attributes whose ranges are of the kind of the same name, in every importer. */
const SAME_NAME_KINDS: ReadonlySet<Attribute> = new Set(['zoom', 'focus', 'iris', 'frost', 'prism', 'effect', 'fog', 'speed']);

/** The kind of a range of `attribute` when it is the attribute itself (zoom, focus, ... speed), else undefined. */
export function sameNameKind(attribute: Attribute): CapabilityKind | undefined {
  return SAME_NAME_KINDS.has(attribute) ? (attribute as CapabilityKind) : undefined;
}

/** The kind of a control channel's range from its words (`text`: what the source says of it): reset, lamp off/on, else maintenance. */
export function controlKind(text: string, label: string): CapabilityKind {
  if (/reset/i.test(text)) return 'reset';
  if (/lamp.*off/i.test(label)) return 'lamp-off';
  if (/lamp.*on/i.test(label)) return 'lamp-on';
  return 'maintenance';
}

export interface Capability {
  /** First and last DMX value of the range, in the coarse byte's resolution (0–255), inclusive. */
  readonly from: number;
  readonly to: number;
  readonly kind: CapabilityKind;
  /** The source's own words for the range. */
  readonly label: string;
  /** Colours of a wheel slot, colour preset or colour macro, as `#rrggbb` (two for a split slot or a scroll). */
  readonly colors?: readonly string[];
  /** Wheel slot number (1 = first slot; 0 = open when the source says so). */
  readonly slot?: number;
  /** Strobe or pulse rate at the range's start and end, in Hz, when the source says. */
  readonly hz?: readonly [number, number];
  /** Angle at the range's start and end, in degrees (pan, tilt, zoom beam angle), when the source says. */
  readonly degrees?: readonly [number, number];
  /** Colour temperature at the range's start and end, in kelvin, when the source says. */
  readonly kelvin?: readonly [number, number];
  /** The gobo's picture as the source names it (a path inside the source's library). */
  readonly image?: string;
}

export interface ProfileChannel {
  /** Unique inside the profile. */
  readonly name: string;
  readonly attribute: Attribute;
  /** 0 for a coarse (or only) byte, 1 for the fine byte of a 16-bit pair, 2 for a 24-bit third byte. */
  readonly byte: 0 | 1 | 2;
  /** For a fine byte: the coarse channel it belongs to (absent when the source does not tell). */
  readonly coarse?: string;
  /** For a coarse byte: its fine channels, most significant first. */
  readonly fine?: readonly string[];
  /** Value sent when nothing drives the channel (0–255). */
  readonly defaultValue: number;
  /** Ranges in DMX order, not overlapping; empty for a fine byte. */
  readonly capabilities: readonly Capability[];
}

export interface ProfileMode {
  readonly name: string;
  /** Channel names in DMX order (offset 0 first); null for an unused slot. */
  readonly channels: readonly (string | null)[];
  /**
   * The mode's cells (QLC+ `<Head>`: a bar's or a matrix's separately coloured parts), each the
   * names of its channels, in the order they sit along the fixture's width; absent: one cell.
   */
  readonly heads?: readonly (readonly string[])[];
}

export interface ProfilePhysical {
  /** Pan and tilt travel in degrees (moving heads and scanners). */
  readonly panDegrees?: number;
  readonly tiltDegrees?: number;
  /** Beam angle in degrees, narrowest and widest (equal for a fixed lens). */
  readonly beamDegrees?: readonly [number, number];
  /** Width, height, depth in millimetres. */
  readonly dimensionsMm?: readonly [number, number, number];
  readonly weightKg?: number;
  readonly powerWatts?: number;
  readonly lumens?: number;
  readonly colorTemperatureK?: number;
}

/** Which format a profile was read from; `footlight` is one of Footlight's own generic profiles (built-in.ts). */
export type ProfileSource = 'qlc' | 'ofl' | 'gdtf' | 'footlight';

export interface FixtureProfile {
  readonly source: ProfileSource;
  /** The file it was read from. */
  readonly file: string;
  readonly maker: string;
  readonly model: string;
  readonly type: FixtureType;
  readonly physical: ProfilePhysical;
  readonly channels: readonly ProfileChannel[];
  readonly modes: readonly ProfileMode[];
}

/** A profile file that cannot be imported: which file, and why. Maps to `invalid_argument`. */
export class ProfileError extends FootlightError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super('invalid_argument', `fixture profile ${file}: ${reason}`);
  }
}

/** The same object with its fields writable, as an importer fills it. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A value of a draft as importers build it (mutable, unchecked). */
type ProfileDraft = Omit<FixtureProfile, 'physical' | 'channels' | 'modes'> & {
  physical: ProfilePhysical;
  channels: ProfileChannel[];
  modes: ProfileMode[];
};

function isByte(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 255;
}

const HEX = /^#[0-9a-f]{6}$/;

/** `#RGB`, `#RRGGBB` or `RRGGBB` as `#rrggbb`; undefined when it is not a colour. */
export function hexColor(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let t = text.trim().toLowerCase();
  if (!t.startsWith('#')) t = `#${t}`;
  if (/^#[0-9a-f]{3}$/.test(t)) t = `#${t[1]}${t[1]}${t[2]}${t[2]}${t[3]}${t[3]}`;
  return HEX.test(t) ? t : undefined;
}

/**
 * Checks a draft whole and returns it frozen, or throws a ProfileError naming the first fault:
 * maker and model named, channel names unique, every mode non-empty and naming only defined
 * channels (each at most once), heads naming channels of their mode (each in one head), fine bytes pointing at coarse channels, capabilities inside
 * 0–255, in order and not overlapping, colours as `#rrggbb`.
 */
export function checkProfile(draft: ProfileDraft): FixtureProfile {
  const fail = (reason: string): never => {
    throw new ProfileError(draft.file, reason);
  };
  if (!draft.maker.trim()) fail('no manufacturer');
  if (!draft.model.trim()) fail('no model name');
  if (!FIXTURE_TYPES.includes(draft.type)) fail(`unknown fixture type ${draft.type}`);
  const byName = new Map<string, ProfileChannel>();
  for (const ch of draft.channels) {
    if (!ch.name) fail('a channel has no name');
    if (byName.has(ch.name)) fail(`two channels are named ${JSON.stringify(ch.name)}`);
    byName.set(ch.name, ch);
  }
  for (const ch of draft.channels) {
    const where = `channel ${JSON.stringify(ch.name)}`;
    if (!isByte(ch.defaultValue)) fail(`${where}: default value ${ch.defaultValue} is not 0–255`);
    if (ch.coarse !== undefined && byName.get(ch.coarse)?.byte !== 0) fail(`${where}: its coarse channel ${JSON.stringify(ch.coarse)} is not defined`);
    let last = -1;
    for (const cap of ch.capabilities) {
      const range = `${where}: range ${cap.from}–${cap.to} (${JSON.stringify(cap.label)})`;
      if (!isByte(cap.from) || !isByte(cap.to) || cap.from > cap.to) fail(`${range} is not inside 0–255 in order`);
      if (cap.from <= last) fail(`${range} overlaps the range before it`);
      last = cap.to;
      for (const c of cap.colors ?? []) if (!HEX.test(c)) fail(`${range}: colour ${JSON.stringify(c)} is not #rrggbb`);
    }
  }
  if (draft.modes.length === 0) fail('no modes');
  const modeNames = new Set<string>();
  for (const mode of draft.modes) {
    const where = `mode ${JSON.stringify(mode.name)}`;
    if (modeNames.has(mode.name)) fail(`two modes are named ${JSON.stringify(mode.name)}`);
    modeNames.add(mode.name);
    if (!mode.channels.some((c) => c !== null)) fail(`${where} has no channels`);
    if (mode.channels.length > 512) fail(`${where} has ${mode.channels.length} channels; a universe holds 512`);
    const seen = new Set<string>();
    for (const c of mode.channels) {
      if (c === null) continue;
      if (!byName.has(c)) fail(`${where} names channel ${JSON.stringify(c)}, which is not defined`);
      if (seen.has(c)) fail(`${where} names channel ${JSON.stringify(c)} twice`);
      seen.add(c);
    }
    const inHead = new Set<string>();
    (mode.heads ?? []).forEach((head, h) => {
      if (!Array.isArray(head) || head.length === 0) fail(`${where}: head ${h + 1} names no channel`);
      for (const c of head) {
        if (!seen.has(c)) fail(`${where}: head ${h + 1} names channel ${JSON.stringify(c)}, which is not in the mode`);
        if (inHead.has(c)) fail(`${where}: channel ${JSON.stringify(c)} is in two heads`);
        inHead.add(c);
      }
    });
  }
  return deepFreeze(draft) as FixtureProfile;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Pairs each fine channel with its coarse one: sets the coarse channel's `fine` list from the fine channels' `coarse`. */
export function linkFineChannels(channels: ProfileChannel[]): ProfileChannel[] {
  const fineOf = new Map<string, ProfileChannel[]>();
  for (const ch of channels) if (ch.byte > 0 && ch.coarse !== undefined) fineOf.set(ch.coarse, [...(fineOf.get(ch.coarse) ?? []), ch]);
  return channels.map((ch) => {
    const fine = fineOf.get(ch.name);
    return fine && ch.byte === 0 ? { ...ch, fine: fine.sort((a, b) => a.byte - b.byte).map((f) => f.name) } : ch;
  });
}
