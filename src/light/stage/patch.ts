// The patch arithmetic of a stage (DMX) fixture, pure: which attributes a profile's mode gives
// (one per coarse channel, with the fine bytes the mode carries), the DMX bytes those attribute
// values make, and where a fixture may go in a universe without writing over another output.
import { invalidArgument, notFound } from '../../engine/errors.js';
import type { Capability, FixtureProfile, ProfileChannel, ProfileMode } from './profiles/profile.js';

/** One attribute of a patched fixture: a coarse channel and the fine bytes its mode carries. */
interface AttributeSlot {
  /** Parameter key, unique in the fixture: the attribute (`pan`, `colorWheel`), else from the channel's name. */
  readonly key: string;
  readonly channel: string;
  readonly attribute: ProfileChannel['attribute'];
  /** DMX offsets from the start address, most significant byte first. */
  readonly offsets: readonly number[];
  /** Largest value: 255, 65535 or 16777215. */
  readonly max: number;
  /** The profile's default, its bytes joined. */
  readonly defaultValue: number;
  readonly capabilities: readonly Capability[];
}

export interface ModeLayout {
  readonly mode: ProfileMode;
  /** Channels the mode takes from the start address. */
  readonly footprint: number;
  readonly slots: readonly AttributeSlot[];
}

/** Keys a fixture component holds besides its attributes: its label, the sampling switches and the aim parameters of a head (src/light/show/stage-aim.ts). */
const RESERVED_KEYS = new Set([
  'label',
  'sampleColor',
  'sampleIntensity',
  'aim',
  'aimX',
  'aimY',
  'aimZ',
  'aimFixture',
  'aimTop',
  'aimFan',
  'aimDelay',
  'aimPanSpeed',
  'aimTiltSpeed',
]);

const camel = (words: readonly string[]): string =>
  words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');

function nameKey(name: string, offset: number): string {
  const k = camel(name.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0));
  if (k === '') return `channel${offset + 1}`;
  return /^[0-9]/.test(k) ? `ch${k}` : k;
}

/** A mode's attributes and footprint; not_found names the modes when `modeName` is not one. */
export function modeLayout(profile: FixtureProfile, modeName: string): ModeLayout {
  const mode = profile.modes.find((m) => m.name === modeName);
  if (mode === undefined) {
    throw notFound(`${profile.model} has no mode ${JSON.stringify(modeName)}; its modes: ${profile.modes.map((m) => JSON.stringify(m.name)).join(', ')}`);
  }
  const byName = new Map(profile.channels.map((c) => [c.name, c]));
  const offsetOf = new Map<string, number>();
  mode.channels.forEach((n, i) => {
    if (n !== null) offsetOf.set(n, i);
  });
  const drafts: { channel: ProfileChannel; offsets: number[]; first: number }[] = [];
  mode.channels.forEach((n, i) => {
    if (n === null) return;
    const c = byName.get(n);
    if (c === undefined) return;
    // A fine byte whose coarse channel is in the mode belongs to that attribute.
    if (c.byte !== 0 && c.coarse !== undefined && offsetOf.has(c.coarse)) return;
    const offsets = [i];
    if (c.byte === 0) for (const f of c.fine ?? []) if (offsetOf.has(f)) offsets.push(offsetOf.get(f) as number);
    drafts.push({ channel: c, offsets, first: i });
  });
  const count = new Map<string, number>();
  for (const d of drafts) count.set(d.channel.attribute, (count.get(d.channel.attribute) ?? 0) + 1);
  const used = new Set<string>(RESERVED_KEYS);
  const slots = drafts.map(({ channel, offsets, first }): AttributeSlot => {
    let key = count.get(channel.attribute) === 1 ? camel(channel.attribute.split('-')) : nameKey(channel.name, first);
    for (let k = 2; used.has(key); k++) key = `${key.replace(/\d+$/, '')}${k}`;
    used.add(key);
    const defaults = offsets.map((o) => byName.get(mode.channels[o] as string)?.defaultValue ?? 0);
    return {
      key,
      channel: channel.name,
      attribute: channel.attribute,
      offsets,
      max: 256 ** offsets.length - 1,
      defaultValue: defaults.reduce((v, b) => v * 256 + b, 0),
      capabilities: channel.capabilities,
    };
  });
  return { mode, footprint: mode.channels.length, slots };
}

/**
 * The fixture's DMX bytes from its attribute values (one per slot, in the slot's resolution):
 * each value split over its bytes, most significant first, as the profile pairs them; a slot the
 * mode leaves unused sends 0. A value outside 0…max or not an integer is refused.
 */
export function dmxBytes(layout: ModeLayout, values: readonly number[]): Uint8Array {
  if (values.length !== layout.slots.length) throw invalidArgument(`${layout.slots.length} attribute values expected, got ${values.length}`);
  const out = new Uint8Array(layout.footprint);
  layout.slots.forEach((s, i) => {
    let v = values[i];
    if (!Number.isInteger(v) || v < 0 || v > s.max) throw invalidArgument(`${s.key} takes an integer in 0–${s.max}; got ${v}`);
    for (let b = s.offsets.length - 1; b >= 0; b--) {
      out[s.offsets[b]] = v % 256;
      v = Math.floor(v / 256);
    }
  });
  return out;
}

/** The capability a slot's value falls in (read on its coarse byte), if the profile says. */
export function capabilityAt(slot: AttributeSlot, value: number): Capability | undefined {
  const coarse = Math.floor(value / 256 ** (slot.offsets.length - 1));
  return slot.capabilities.find((c) => coarse >= c.from && coarse <= c.to);
}

/** DMX channels an output holds in one universe: 1-based, inclusive. */
export interface Occupant {
  readonly universe: number;
  readonly first: number;
  readonly last: number;
  /** Who: a stage fixture's path and label, or a pixel fixture's. */
  readonly owner: string;
  /** The protocol the universe is on (`artnet`, `sacn`); universes of different protocols never overlap. Absent: any. */
  readonly protocol?: string;
}

export const MAX_UNIVERSE = 63999;

/** The first occupant whose channels overlap `first…last` of `universe`, with the channels both write. */
export function overlapWith(
  universe: number,
  first: number,
  last: number,
  occupants: readonly Occupant[],
): { occupant: Occupant; channels: [number, number] } | undefined {
  for (const o of occupants) {
    if (o.universe !== universe || o.last < first || o.first > last) continue;
    return { occupant: o, channels: [Math.max(first, o.first), Math.min(last, o.last)] };
  }
  return undefined;
}

/** The first address of `universe` where `footprint` channels fit between the occupants, or undefined when none does. */
export function firstFreeAddress(universe: number, footprint: number, occupants: readonly Occupant[]): number | undefined {
  const taken = occupants.filter((o) => o.universe === universe).sort((a, b) => a.first - b.first);
  let address = 1;
  for (const o of taken) {
    if (o.first - address >= footprint) return address;
    address = Math.max(address, o.last + 1);
  }
  return address + footprint - 1 <= 512 ? address : undefined;
}

/** The first universe from `from` up with room for `footprint` channels, and the address there. */
export function firstFreePatch(from: number, footprint: number, occupants: readonly Occupant[]): { universe: number; address: number } {
  for (let u = from; u <= MAX_UNIVERSE; u++) {
    const address = firstFreeAddress(u, footprint, occupants);
    if (address !== undefined) return { universe: u, address };
  }
  throw invalidArgument(`no universe from ${from} to ${MAX_UNIVERSE} has ${footprint} free channels`);
}
