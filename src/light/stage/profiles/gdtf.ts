// GDTF fixture types (`.gdtf`: a ZIP holding `description.xml`) into the attribute model. The ZIP
// is read with fflate, only `description.xml` is inflated (bounded), the rest (models, gobo pictures,
// thumbnails) is left packed. What is mapped and dropped: docs/fixtures.md.
import { unzipSync } from 'fflate';
import {
  type Attribute,
  type Capability,
  type CapabilityKind,
  checkProfile,
  controlKind,
  type FixtureProfile,
  type FixtureType,
  linkFineChannels,
  type Mutable,
  type ProfileChannel,
  ProfileError,
  type ProfileMode,
  type ProfilePhysical,
  sameNameKind,
} from './profile.js';
import { attr, child, children, num, parseXml, type XmlNode } from './xml.js';

/** The largest description.xml inflated. */
const MAX_DESCRIPTION_BYTES = 32 * 1024 * 1024;

const COLOUR_ADD: Readonly<Record<string, Attribute>> = {
  R: 'red',
  G: 'green',
  B: 'blue',
  W: 'white',
  WW: 'white',
  CW: 'white',
  A: 'amber',
  RY: 'amber',
  UV: 'uv',
  GY: 'lime',
  C: 'cyan',
  M: 'magenta',
  Y: 'yellow',
};

/** A GDTF attribute name (`Pan`, `ColorAdd_R`, `Gobo1Pos`, `Shutter1Strobe`…) as a channel attribute. */
function attributeOf(name: string): Attribute {
  if (name === 'Dimmer') return 'intensity';
  if (/^Pan(Rotate)?$/.test(name)) return 'pan';
  if (/^Tilt(Rotate)?$/.test(name)) return 'tilt';
  const add = /^Color(?:Add|Sub|RGB)_(\w+)$/.exec(name);
  if (add) return COLOUR_ADD[add[1]] ?? 'other';
  if (/^CT[OCB]$/.test(name)) return 'cto';
  if (/^Color\d/.test(name) || name === 'ColorMacro1') return 'color-wheel';
  if (/^Gobo\d/.test(name)) return 'gobo-wheel';
  if (/^Shutter\d|^Strobe/.test(name)) return 'shutter';
  if (/^Zoom/.test(name)) return 'zoom';
  if (/^Focus\d/.test(name)) return 'focus';
  if (/^Iris/.test(name)) return 'iris';
  if (/^Frost\d/.test(name)) return 'frost';
  if (/^Prism\d/.test(name)) return 'prism';
  if (/^(Fog|Haze)/.test(name)) return 'fog';
  if (/^Effects\d/.test(name)) return 'effect';
  if (/Speed$|MSpeed$|Time$/.test(name)) return 'speed';
  if (/^Control\d|Mode$|Reset$|^LampControl|^Function$/.test(name)) return 'control';
  return 'other';
}

function kindOf(fnAttribute: string, attribute: Attribute, label: string): CapabilityKind {
  if (fnAttribute === 'NoFeature') return 'no-function';
  if (/Rotate$|Spin$|WheelSpin|WheelAudio/.test(fnAttribute)) return 'rotation';
  switch (attribute) {
    case 'intensity':
      return 'intensity';
    case 'pan':
      return 'pan';
    case 'tilt':
      return 'tilt';
    case 'cto':
      return 'color-temperature';
    case 'color-wheel':
      return 'color';
    case 'gobo-wheel':
      return 'gobo';
    case 'shutter':
      if (/Pulse|Ramp/.test(fnAttribute)) return 'pulse';
      if (/Strobe/.test(fnAttribute)) return 'strobe';
      if (/clos/i.test(label)) return 'shutter-closed';
      if (/open/i.test(label)) return 'shutter-open';
      return 'strobe';
    case 'control':
      return controlKind(`${fnAttribute} ${label}`, label);
    case 'other':
      return 'generic';
    default:
      return sameNameKind(attribute) ?? 'color-intensity';
  }
}

/** A GDTF DMX value (`"32768/2"`: value and byte count; a bare number is one byte) in the coarse byte's resolution. */
function coarseValue(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d+)(?:\/(\d))?$/.exec(text.trim());
  if (!m) return undefined;
  const bytes = Number(m[2] ?? 1);
  return Math.min(255, Math.floor(Number(m[1]) / 256 ** (bytes - 1)));
}

/** The whole DMX value and its byte count, for a default split over coarse and fine bytes. */
function fullValue(text: string | undefined, bytes: number): number {
  const m = /^(\d+)(?:\/(\d))?$/.exec(text?.trim() ?? '');
  if (!m) return 0;
  const given = Number(m[2] ?? 1);
  const v = Number(m[1]);
  return given >= bytes ? Math.floor(v / 256 ** (given - bytes)) : v * 256 ** (bytes - given);
}

/** A CIE 1931 `x,y,Y` colour (GDTF's wheel slot colours) as sRGB `#rrggbb`, brightest component at full. */
function xyYToHex(text: string | undefined): string | undefined {
  const parts = text?.split(',').map(Number);
  if (parts?.length !== 3 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [x, y] = parts;
  if (y <= 0) return undefined;
  const X = x / y;
  const Z = (1 - x - y) / y;
  const lin = [3.2406 * X - 1.5372 - 0.4986 * Z, -0.9689 * X + 1.8758 + 0.0415 * Z, 0.0557 * X - 0.204 + 1.057 * Z].map((c) => Math.max(0, c));
  const max = Math.max(...lin);
  if (max <= 0) return '#000000';
  const enc = lin.map((c) => {
    const v = c / max;
    const s = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    return Math.round(Math.min(1, Math.max(0, s)) * 255)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${enc.join('')}`;
}

interface Slot {
  readonly name: string;
  readonly color?: string;
  readonly image?: string;
}

/** A DMX channel of a mode before it is named into the profile: its coarse definition, its offsets (coarse first), its whole default. */
interface Draft {
  readonly channel: ProfileChannel;
  readonly offsets: readonly number[];
  readonly wholeDefault: number;
}

function readChannel(node: XmlNode, wheels: ReadonlyMap<string, readonly Slot[]>, physical: Mutable<ProfilePhysical>): Draft | undefined {
  const offsetText = attr(node, 'Offset') ?? 'None';
  if (offsetText === 'None' || offsetText === '') return undefined;
  const offsets = offsetText.split(',').map((o) => Number(o.trim()));
  const logical = children(node, 'LogicalChannel');
  const firstAttribute = attr(logical[0], 'Attribute') ?? '';
  const geometry = attr(node, 'Geometry') ?? '';
  const name = geometry ? `${geometry}_${firstAttribute}` : firstAttribute;
  const attribute = attributeOf(firstAttribute);
  const functions = logical.flatMap((l) => children(l, 'ChannelFunction'));
  const caps: Mutable<Capability>[] = [];
  let defaultText = attr(node, 'Default');
  functions.forEach((fn, i) => {
    defaultText ??= i === 0 ? attr(fn, 'Default') : undefined;
    const fnAttribute = attr(fn, 'Attribute') ?? firstAttribute;
    const from = coarseValue(attr(fn, 'DMXFrom')) ?? 0;
    const next = i + 1 < functions.length ? coarseValue(attr(functions[i + 1], 'DMXFrom')) : undefined;
    const to = next === undefined ? 255 : next - 1;
    if (to < from) return;
    const pf = num(attr(fn, 'PhysicalFrom'));
    const pt = num(attr(fn, 'PhysicalTo'));
    const fnLabel = attr(fn, 'Name') ?? fnAttribute;
    const slots = wheels.get(attr(fn, 'Wheel') ?? '');
    const sets = children(fn, 'ChannelSet');
    const ranges =
      sets.length > 0
        ? sets.map((s, j) => {
            const sFrom = Math.max(from, coarseValue(attr(s, 'DMXFrom')) ?? from);
            const sNext = j + 1 < sets.length ? coarseValue(attr(sets[j + 1], 'DMXFrom')) : undefined;
            return {
              from: sFrom,
              to: sNext === undefined ? to : Math.min(to, sNext - 1),
              label: attr(s, 'Name') || fnLabel,
              named: !!attr(s, 'Name'),
              slot: num(attr(s, 'WheelSlotIndex')),
            };
          })
        : [{ from, to, label: fnLabel, named: true, slot: undefined }];
    for (const r of ranges) {
      if (r.to < r.from || (caps.length > 0 && r.from <= caps[caps.length - 1].to)) continue;
      const cap: Mutable<Capability> = { from: r.from, to: r.to, kind: kindOf(fnAttribute, attribute, r.label), label: r.label };
      if (r.slot !== undefined && slots) {
        cap.slot = r.slot;
        const slot = slots[r.slot - 1];
        if (slot?.color && (cap.kind === 'color' || attribute === 'color-wheel')) cap.colors = [slot.color];
        if (slot?.image && cap.kind === 'gobo') cap.image = slot.image;
        if (!r.named && slot) cap.label = slot.name;
      }
      if (pf !== undefined && pt !== undefined && sets.length === 0) {
        if (cap.kind === 'pan' || cap.kind === 'tilt' || cap.kind === 'zoom') cap.degrees = [pf, pt];
        if (cap.kind === 'strobe' || cap.kind === 'pulse') cap.hz = [pf, pt];
        if (cap.kind === 'color-temperature') cap.kelvin = [pf, pt];
      }
      caps.push(cap);
    }
    if (pf !== undefined && pt !== undefined) {
      if (fnAttribute === 'Pan') physical.panDegrees = Math.max(physical.panDegrees ?? 0, Math.abs(pt - pf));
      if (fnAttribute === 'Tilt') physical.tiltDegrees = Math.max(physical.tiltDegrees ?? 0, Math.abs(pt - pf));
      if (fnAttribute === 'Zoom') physical.beamDegrees = [Math.min(pf, pt), Math.max(pf, pt)];
    }
  });
  const bytes = offsets.length;
  const whole = fullValue(defaultText, bytes);
  const channel: ProfileChannel = {
    name,
    attribute,
    byte: 0,
    defaultValue: Math.floor(whole / 256 ** (bytes - 1)) & 255,
    capabilities: caps.length > 0 ? caps : [{ from: 0, to: 255, kind: kindOf(firstAttribute, attribute, name), label: name }],
  };
  return { channel, offsets, wholeDefault: whole };
}

function fixtureType(channels: readonly ProfileChannel[]): FixtureType {
  const has = (a: Attribute) => channels.some((c) => c.attribute === a);
  if (has('pan') && has('tilt')) return 'moving-head';
  if (has('fog')) return 'hazer';
  if (['red', 'green', 'blue', 'cyan', 'magenta', 'yellow', 'color-wheel'].some((a) => has(a as Attribute))) return 'par';
  if (has('shutter') && !has('intensity')) return 'strobe';
  if (has('intensity')) return 'dimmer';
  return 'other';
}

/** Reads one `.gdtf` file's bytes; `file` names it in errors and in the profile. */
export function importGdtf(file: string, zip: Uint8Array): FixtureProfile {
  const fail = (reason: string): never => {
    throw new ProfileError(file, reason);
  };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip, {
      filter: (f) => {
        if (f.name !== 'description.xml') return false;
        if (f.originalSize > MAX_DESCRIPTION_BYTES) fail(`description.xml is ${f.originalSize} bytes; at most ${MAX_DESCRIPTION_BYTES} are read`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ProfileError) throw err;
    return fail(`not a ZIP archive (${(err as Error).message})`);
  }
  const description = entries['description.xml'] ?? fail('no description.xml in the archive: not a GDTF file');
  const arrays = ['Wheel', 'Slot', 'DMXMode', 'DMXChannel', 'LogicalChannel', 'ChannelFunction', 'ChannelSet'];
  const root = child(child(parseXml(file, new TextDecoder().decode(description), arrays), 'GDTF'), 'FixtureType') ?? fail('no <GDTF><FixtureType> element');
  const wheels = new Map<string, Slot[]>();
  for (const w of children(child(root, 'Wheels'), 'Wheel'))
    wheels.set(
      attr(w, 'Name') ?? '',
      children(w, 'Slot').map((s) => ({ name: attr(s, 'Name') ?? '', color: xyYToHex(attr(s, 'Color')), image: attr(s, 'MediaFileName') || undefined })),
    );
  const physical: Mutable<ProfilePhysical> = {};
  const byName = new Map<string, ProfileChannel>();
  const modes: ProfileMode[] = children(child(root, 'DMXModes'), 'DMXMode').map((modeNode) => {
    const modeName = attr(modeNode, 'Name') ?? '';
    const slots: (string | null)[] = [];
    const nodes = children(child(modeNode, 'DMXChannels'), 'DMXChannel');
    const breaks = nodes.map((n) => Number(attr(n, 'DMXBreak') ?? 1)).filter(Number.isFinite);
    const firstBreak = breaks.length > 0 ? Math.min(...breaks) : 1;
    for (const node of nodes) {
      if (Number(attr(node, 'DMXBreak') ?? 1) !== firstBreak) continue;
      const draft = readChannel(node, wheels, physical);
      if (draft === undefined) continue;
      for (const o of draft.offsets) if (!Number.isInteger(o) || o < 1 || o > 512) fail(`mode ${JSON.stringify(modeName)}: offset ${o} is not 1–512`);
      if (draft.offsets.length > 3)
        fail(`mode ${JSON.stringify(modeName)}: channel ${draft.channel.name} has ${draft.offsets.length} bytes; at most 3 are read`);
      const coarse = draft.channel;
      const fineNames = draft.offsets.slice(1).map((_, i) => `${coarse.name} fine${i === 0 ? '' : ' 2'}`);
      let name = coarse.name;
      const same = (a: ProfileChannel | undefined, b: ProfileChannel) =>
        a !== undefined && JSON.stringify({ ...a, fine: [] }) === JSON.stringify({ ...b, fine: [] });
      if (byName.has(name) && !same(byName.get(name), coarse)) name = `${coarse.name} (${modeName})`;
      const fine = fineNames.map((f) => (name === coarse.name ? f : `${f} (${modeName})`));
      byName.set(name, { ...coarse, name });
      fine.forEach((f, i) => {
        const bytes = draft.offsets.length;
        byName.set(f, {
          name: f,
          attribute: coarse.attribute,
          byte: (i + 1) as 1 | 2,
          coarse: name,
          defaultValue: Math.floor(draft.wholeDefault / 256 ** (bytes - 2 - i)) & 255,
          capabilities: [],
        });
      });
      [name, ...fine].forEach((n, i) => {
        const at = draft.offsets[i] - 1;
        while (slots.length <= at) slots.push(null);
        if (slots[at] !== null) fail(`mode ${JSON.stringify(modeName)}: two channels at offset ${at + 1}`);
        slots[at] = n;
      });
    }
    return { name: modeName, channels: slots };
  });
  const beam = findBeam(child(root, 'Geometries'));
  const angle = num(attr(beam, 'BeamAngle'));
  if (physical.beamDegrees === undefined && angle) physical.beamDegrees = [angle, angle];
  const channels = linkFineChannels([...byName.values()]);
  return checkProfile({
    source: 'gdtf',
    file,
    maker: attr(root, 'Manufacturer') ?? '',
    model: attr(root, 'LongName') || attr(root, 'Name') || '',
    type: fixtureType(channels),
    physical,
    channels,
    modes,
  });
}

/** The first `<Beam>` geometry, however deep. */
function findBeam(node: XmlNode | undefined): XmlNode | undefined {
  if (node === undefined) return undefined;
  const beam = child(node, 'Beam');
  if (beam) return beam;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    for (const c of Array.isArray(value) ? value : [value]) {
      if (c !== null && typeof c === 'object') {
        const found = findBeam(c as XmlNode);
        if (found) return found;
      }
    }
  }
  return undefined;
}
