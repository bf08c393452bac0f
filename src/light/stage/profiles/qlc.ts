// QLC+ fixture definitions (`.qxf`, QLC+ 4's format) into the attribute model. What is mapped and
// what is dropped: docs/fixtures.md.
import {
  type Attribute,
  type Capability,
  type CapabilityKind,
  checkProfile,
  controlKind,
  type FixtureProfile,
  type FixtureType,
  hexColor,
  linkFineChannels,
  type Mutable,
  type ProfileChannel,
  ProfileError,
  type ProfileMode,
  type ProfilePhysical,
  sameNameKind,
} from './profile.js';
import { attr, child, children, num, parseXml, text, type XmlNode } from './xml.js';

const TYPES: Readonly<Record<string, FixtureType>> = {
  'Color Changer': 'par',
  Dimmer: 'dimmer',
  Effect: 'effect',
  Fan: 'fan',
  Flower: 'flower',
  Hazer: 'hazer',
  Laser: 'laser',
  'LED Bar (Beams)': 'bar',
  'LED Bar (Pixels)': 'pixel-bar',
  'Moving Head': 'moving-head',
  Scanner: 'scanner',
  Smoke: 'smoke',
  Strobe: 'strobe',
  Other: 'other',
};

const COLOURS: Readonly<Record<string, Attribute>> = {
  Red: 'red',
  Green: 'green',
  Blue: 'blue',
  White: 'white',
  Amber: 'amber',
  UV: 'uv',
  Lime: 'lime',
  Indigo: 'indigo',
  Cyan: 'cyan',
  Magenta: 'magenta',
  Yellow: 'yellow',
};

/** The fixture type of a QLC+ `<Type>` name, or undefined for a name QLC+ does not use. */
export function qlcType(name: string): FixtureType | undefined {
  return Object.hasOwn(TYPES, name) ? TYPES[name] : undefined;
}

/** A channel's attribute and byte from its QLC+ channel preset (`Preset="PositionPanFine"`). */
function fromChannelPreset(preset: string): { attribute: Attribute; byte: 0 | 1 } | undefined {
  const fine = preset.endsWith('Fine') ? 1 : 0;
  const p = fine ? preset.slice(0, -4) : preset;
  if (p === 'PositionPan' || p === 'PositionXAxis') return { attribute: 'pan', byte: fine };
  if (p === 'PositionTilt' || p === 'PositionYAxis') return { attribute: 'tilt', byte: fine };
  if (p === 'IntensityDimmer' || p === 'IntensityMasterDimmer') return { attribute: 'intensity', byte: fine };
  if (p.startsWith('Intensity')) return { attribute: COLOURS[p.slice('Intensity'.length)] ?? 'other', byte: fine };
  if (p === 'ColorWheel' || p === 'ColorMacro' || p === 'ColorWheelIndex') return { attribute: 'color-wheel', byte: fine };
  if (p === 'ColorCTOMixer' || p === 'ColorCTCMixer' || p === 'ColorCTBMixer') return { attribute: 'cto', byte: fine };
  if (p.startsWith('Gobo')) return { attribute: 'gobo-wheel', byte: fine };
  if (p.startsWith('Shutter') || p.startsWith('Strobe')) return { attribute: p.startsWith('ShutterIris') ? 'iris' : 'shutter', byte: fine };
  if (p.startsWith('BeamZoom')) return { attribute: 'zoom', byte: fine };
  if (p.startsWith('BeamFocus')) return { attribute: 'focus', byte: fine };
  if (p.startsWith('Prism')) return { attribute: 'prism', byte: fine };
  if (p.startsWith('Speed')) return { attribute: 'speed', byte: fine };
  if (p.startsWith('Reset') || p.startsWith('Lamp')) return { attribute: 'control', byte: fine };
  if (p === 'NoFunction') return { attribute: 'other', byte: fine };
  return undefined;
}

/** A channel's attribute from its `<Group>` (and `<Colour>`, name) when it has no channel preset. */
function fromGroup(group: string, colour: string, name: string): Attribute {
  switch (group) {
    case 'Intensity':
      return COLOURS[colour] ?? 'intensity';
    case 'Pan':
      return 'pan';
    case 'Tilt':
      return 'tilt';
    case 'Colour':
      return /\bcto\b|\bctc\b|\bctb\b|temperature/i.test(name) ? 'cto' : 'color-wheel';
    case 'Gobo':
      return 'gobo-wheel';
    case 'Shutter':
      return /iris/i.test(name) ? 'iris' : 'shutter';
    case 'Speed':
      return 'speed';
    case 'Prism':
      return 'prism';
    case 'Maintenance':
      return 'control';
    case 'Effect':
      if (/frost/i.test(name)) return 'frost';
      return /fog|haze|smoke/i.test(name) ? 'fog' : 'effect';
    case 'Beam':
      if (/zoom/i.test(name)) return 'zoom';
      if (/focus/i.test(name)) return 'focus';
      if (/iris/i.test(name)) return 'iris';
      if (/frost/i.test(name)) return 'frost';
      return 'other';
    default:
      return 'other';
  }
}

/** The kind a range has when its preset says nothing: from the channel's attribute and the label. */
function kindFromAttribute(attribute: Attribute, label: string): CapabilityKind {
  if (/no function|^nothing$|not used|unused/i.test(label)) return 'no-function';
  switch (attribute) {
    case 'intensity':
      return 'intensity';
    case 'red':
    case 'green':
    case 'blue':
    case 'white':
    case 'amber':
    case 'uv':
    case 'lime':
    case 'indigo':
    case 'cyan':
    case 'magenta':
    case 'yellow':
      return 'color-intensity';
    case 'cto':
      return 'color-temperature';
    case 'color-wheel':
      return /rotat|scroll|rainbow/i.test(label) ? 'rotation' : 'color';
    case 'gobo-wheel':
      return /rotat|scroll/i.test(label) ? 'rotation' : 'gobo';
    case 'shutter':
      if (/strobe/i.test(label)) return 'strobe';
      if (/pulse|ramp/i.test(label)) return 'pulse';
      if (/close|blackout|off/i.test(label)) return 'shutter-closed';
      if (/open|on/i.test(label)) return 'shutter-open';
      return 'generic';
    case 'pan':
      return 'pan';
    case 'tilt':
      return 'tilt';
    case 'control':
      return controlKind(label, label);
    default:
      return sameNameKind(attribute) ?? 'generic';
  }
}

/** A range's kind from its QLC+ capability preset. */
function kindFromPreset(preset: string, attribute: Attribute): CapabilityKind | undefined {
  if (preset === 'ShutterOpen') return 'shutter-open';
  if (preset === 'ShutterClose') return 'shutter-closed';
  if (preset.startsWith('Strobe') || preset.startsWith('ShutterStrobe')) return 'strobe';
  if (preset.startsWith('Pulse') || preset.startsWith('Ramp')) return 'pulse';
  if (preset === 'ColorMacro' || preset === 'ColorDoubleMacro') return 'color';
  if (preset === 'ColorCTOMixer' || preset === 'ColorCTCMixer') return 'color-temperature';
  if (preset === 'GoboMacro' || preset === 'GoboShakeMacro') return attribute === 'gobo-wheel' ? 'gobo' : 'effect';
  if (preset.startsWith('Reset')) return 'reset';
  if (preset === 'LampOn') return 'lamp-on';
  if (preset === 'LampOff') return 'lamp-off';
  if (preset.startsWith('Rotation')) return 'rotation';
  if (preset.startsWith('Prism')) return 'prism';
  if (preset.startsWith('BeamZoom')) return 'zoom';
  if (preset.startsWith('BeamFocus')) return 'focus';
  if (preset.startsWith('ShutterIris')) return 'iris';
  if (preset === 'NoFunction') return 'no-function';
  if (preset.startsWith('Speed') || preset === 'FastToSlow' || preset === 'SlowToFast') return 'speed';
  if (preset.startsWith('Intensity')) return attribute === 'intensity' ? 'intensity' : 'color-intensity';
  return undefined;
}

function capability(node: XmlNode, attribute: Attribute): Capability {
  const label = text(node);
  const preset = attr(node, 'Preset') ?? '';
  const from = num(attr(node, 'Min')) ?? Number.NaN;
  const to = num(attr(node, 'Max')) ?? Number.NaN;
  const kind = kindFromPreset(preset, attribute) ?? kindFromAttribute(attribute, label);
  const res1 = attr(node, 'Res1') ?? attr(node, 'Res');
  const res2 = attr(node, 'Res2');
  const colors = [hexColor(attr(node, 'Color')), hexColor(attr(node, 'Color2'))].filter((c) => c !== undefined);
  if (res1?.startsWith('#')) colors.push(...[hexColor(res1), hexColor(res2)].filter((c) => c !== undefined));
  const cap: Mutable<Capability> = { from, to, kind, label };
  if (colors.length > 0 && (kind === 'color' || kind === 'generic' || kind === 'color-temperature')) cap.colors = colors;
  if (kind === 'gobo' && res1 !== undefined && !res1.startsWith('#')) cap.image = res1;
  if (preset === 'StrobeFrequency' || preset === 'PulseFrequency' || preset === 'RampUpFrequency' || preset === 'RampDownFrequency') {
    const hz = num(res1);
    if (hz !== undefined) cap.hz = [hz, hz];
  }
  if (preset === 'StrobeFreqRange' || preset === 'PulseFreqRange') {
    const a = num(res1);
    const b = num(res2);
    if (a !== undefined && b !== undefined) cap.hz = [a, b];
  }
  if (preset === 'ColorCTOMixer' || preset === 'ColorCTCMixer') {
    const a = num(res1);
    const b = num(res2) ?? a;
    if (a !== undefined && b !== undefined) cap.kelvin = [a, b];
  }
  return cap;
}

/** Degrees a QLC+ head covers: `<Focus PanMax TiltMax>`, `<Lens DegreesMin DegreesMax>` and the rest of `<Physical>`. */
function physical(node: XmlNode | undefined): ProfilePhysical {
  const out: Mutable<ProfilePhysical> = {};
  const focus = child(node, 'Focus');
  const pan = num(attr(focus, 'PanMax'));
  const tilt = num(attr(focus, 'TiltMax'));
  if (pan) out.panDegrees = pan;
  if (tilt) out.tiltDegrees = tilt;
  const lens = child(node, 'Lens');
  const lo = num(attr(lens, 'DegreesMin'));
  const hi = num(attr(lens, 'DegreesMax'));
  if (lo || hi) out.beamDegrees = [lo || (hi as number), hi || (lo as number)];
  const dim = child(node, 'Dimensions');
  const w = num(attr(dim, 'Width'));
  const h = num(attr(dim, 'Height'));
  const d = num(attr(dim, 'Depth'));
  if (w && h && d) out.dimensionsMm = [w, h, d];
  const kg = num(attr(dim, 'Weight'));
  if (kg) out.weightKg = kg;
  const watts = num(attr(child(node, 'Technical'), 'PowerConsumption'));
  if (watts) out.powerWatts = watts;
  const bulb = child(node, 'Bulb');
  const lumens = num(attr(bulb, 'Lumens'));
  if (lumens) out.lumens = lumens;
  const k = num(attr(bulb, 'ColourTemperature'));
  if (k) out.colorTemperatureK = k;
  return out;
}

/** The coarse channel of a fine one: the byte-0 channel of the same attribute whose name the fine one's starts with the most. */
function coarseFor(fine: ProfileChannel, channels: readonly ProfileChannel[]): string | undefined {
  const candidates = channels.filter((c) => c.byte === 0 && c.attribute === fine.attribute);
  if (candidates.length === 1 && fine.attribute !== 'other') return candidates[0].name;
  let best: string | undefined;
  let bestLength = 0;
  for (const c of candidates) {
    let n = 0;
    while (n < c.name.length && n < fine.name.length && c.name[n].toLowerCase() === fine.name[n].toLowerCase()) n++;
    if (n > bestLength) {
      best = c.name;
      bestLength = n;
    }
  }
  return bestLength >= 3 ? best : undefined;
}

/** Reads one `.qxf` file's text; `file` names it in errors and in the profile. */
export function importQlc(file: string, xml: string): FixtureProfile {
  const root = child(parseXml(file, xml, ['Channel', 'Capability', 'Mode', 'Head', 'Alias']), 'FixtureDefinition');
  if (root === undefined) throw new ProfileError(file, 'no <FixtureDefinition> element: not a QLC+ fixture definition');
  const typeName = text(root.Type);
  const type = qlcType(typeName);
  if (type === undefined) throw new ProfileError(file, `unknown fixture type ${JSON.stringify(typeName)}`);
  let channels: ProfileChannel[] = children(root, 'Channel').map((node) => {
    const name = attr(node, 'Name') ?? '';
    const group = child(node, 'Group');
    const byPreset = fromChannelPreset(attr(node, 'Preset') ?? '');
    const groupByte = attr(group, 'Byte') === '1' ? 1 : 0;
    const attribute = byPreset?.attribute ?? fromGroup(text(group), text(node.Colour), name);
    const byte = byPreset?.byte ?? groupByte;
    const caps = children(node, 'Capability').map((c) => capability(c, attribute));
    const full: Capability[] = caps.length === 0 && byte === 0 ? [{ from: 0, to: 255, kind: kindFromAttribute(attribute, name), label: name }] : caps;
    const defaultValue = num(attr(node, 'Default')) ?? 0;
    return { name, attribute, byte, defaultValue, capabilities: byte === 0 ? full : [] };
  });
  channels = linkFineChannels(channels.map((ch) => (ch.byte === 0 ? ch : { ...ch, coarse: coarseFor(ch, channels) })));
  const modes: ProfileMode[] = children(root, 'Mode').map((node) => {
    const slots: (string | null)[] = [];
    for (const c of children(node, 'Channel')) {
      const at = num(attr(c, 'Number'));
      if (at === undefined || !Number.isInteger(at) || at < 0 || at > 511)
        throw new ProfileError(file, `mode ${JSON.stringify(attr(node, 'Name'))}: channel number ${attr(c, 'Number')} is not 0–511`);
      while (slots.length <= at) slots.push(null);
      if (slots[at] !== null) throw new ProfileError(file, `mode ${JSON.stringify(attr(node, 'Name'))}: two channels at number ${at}`);
      slots[at] = text(c);
    }
    const name = attr(node, 'Name') ?? '';
    // A <Head> lists the channel numbers of one cell, read as the channels' names. A number the
    // mode lacks is skipped; a channel several heads list is the whole fixture's (in no head).
    const listed = children(node, 'Head').map((h) => children(h, 'Channel').flatMap((c) => slots[num(text(c)) ?? -1] ?? []));
    const count = new Map<string, number>();
    for (const h of listed) for (const c of new Set(h)) count.set(c, (count.get(c) ?? 0) + 1);
    const heads = listed.map((h) => [...new Set(h)].filter((c) => count.get(c) === 1)).filter((h) => h.length > 0);
    return heads.length > 0 ? { name, channels: slots, heads } : { name, channels: slots };
  });
  return checkProfile({
    source: 'qlc',
    file,
    maker: text(root.Manufacturer),
    model: text(root.Model),
    type,
    physical: physical(child(root, 'Physical')),
    channels,
    modes,
  });
}
