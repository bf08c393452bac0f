// Open Fixture Library fixture files (their JSON format: `availableChannels`, `wheels`, `modes`)
// into the attribute model. An OFL fixture file does not name its manufacturer: the library keeps
// it in the folder name (`fixtures/<maker>/<fixture>.json`) and `manufacturers.json` beside the
// folders, so the caller hands the maker in. What is mapped and dropped: docs/fixtures.md.
import {
  type Attribute,
  type Capability,
  type CapabilityKind,
  checkProfile,
  type FixtureProfile,
  type FixtureType,
  hexColor,
  linkFineChannels,
  type Mutable,
  type ProfileChannel,
  ProfileError,
  type ProfileMode,
  type ProfilePhysical,
} from './profile.js';

type Json = { readonly [key: string]: unknown };

const CATEGORIES: Readonly<Record<string, FixtureType>> = {
  'Barrel Scanner': 'scanner',
  Blinder: 'blinder',
  'Color Changer': 'par',
  Dimmer: 'dimmer',
  Effect: 'effect',
  Fan: 'fan',
  Flower: 'flower',
  Hazer: 'hazer',
  Laser: 'laser',
  Matrix: 'matrix',
  'Moving Head': 'moving-head',
  'Pixel Bar': 'pixel-bar',
  Scanner: 'scanner',
  Smoke: 'smoke',
  Stand: 'other',
  Strobe: 'strobe',
  Other: 'other',
};

const COLOURS: Readonly<Record<string, Attribute>> = {
  Red: 'red',
  Green: 'green',
  Blue: 'blue',
  White: 'white',
  'Warm White': 'white',
  'Cold White': 'white',
  Amber: 'amber',
  UV: 'uv',
  Lime: 'lime',
  Indigo: 'indigo',
  Cyan: 'cyan',
  Magenta: 'magenta',
  Yellow: 'yellow',
};

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A number with the unit `unit` (`"540deg"`, `"25Hz"`, `"3200K"`), or a plain number when `unit` allows it. */
function withUnit(v: unknown, unit: string): number | undefined {
  if (typeof v !== 'string') return undefined;
  const m = new RegExp(`^(-?\\d+(?:\\.\\d+)?)${unit}$`).exec(v.trim());
  return m ? Number(m[1]) : undefined;
}

/** `prop` as a start/end pair in `unit`: from `prop` alone or `propStart`/`propEnd`. */
function pair(cap: Json, prop: string, unit: string): [number, number] | undefined {
  const one = withUnit(cap[prop], unit);
  if (one !== undefined) return [one, one];
  const a = withUnit(cap[`${prop}Start`], unit);
  const b = withUnit(cap[`${prop}End`], unit);
  return a !== undefined && b !== undefined ? [a, b] : undefined;
}

interface Wheel {
  readonly slots: readonly Json[];
}

/** The kind of wheel a channel drives: from the type of the first slot that is not open or closed. */
function wheelAttribute(wheel: Wheel | undefined): Attribute {
  for (const slot of wheel?.slots ?? []) {
    const t = str(slot.type);
    if (t === 'Color') return 'color-wheel';
    if (t === 'Gobo' || t === 'AnimationGoboStart') return 'gobo-wheel';
    if (t === 'Prism') return 'prism';
    if (t === 'Frost') return 'frost';
    if (t === 'Iris') return 'iris';
  }
  return 'other';
}

function attributeOf(cap: Json, channelName: string, wheels: ReadonlyMap<string, Wheel>): Attribute | undefined {
  const type = str(cap.type) ?? '';
  switch (type) {
    case 'Intensity':
      return 'intensity';
    case 'ColorIntensity':
      return COLOURS[str(cap.color) ?? ''] ?? 'other';
    case 'ColorTemperature':
      return 'cto';
    case 'ColorPreset':
      return 'color-wheel';
    case 'Pan':
    case 'PanContinuous':
      return 'pan';
    case 'Tilt':
    case 'TiltContinuous':
      return 'tilt';
    case 'WheelSlot':
    case 'WheelShake':
    case 'WheelSlotRotation':
    case 'WheelRotation':
      return wheelAttribute(wheels.get(str(cap.wheel) ?? channelName));
    case 'ShutterStrobe':
    case 'StrobeSpeed':
    case 'StrobeDuration':
      return 'shutter';
    case 'Zoom':
    case 'BeamAngle':
      return 'zoom';
    case 'Focus':
      return 'focus';
    case 'Iris':
    case 'IrisEffect':
      return 'iris';
    case 'Frost':
    case 'FrostEffect':
      return 'frost';
    case 'Prism':
    case 'PrismRotation':
      return 'prism';
    case 'Effect':
    case 'EffectSpeed':
    case 'EffectDuration':
    case 'EffectParameter':
    case 'SoundSensitivity':
      return 'effect';
    case 'Fog':
    case 'FogOutput':
    case 'FogType':
      return 'fog';
    case 'PanTiltSpeed':
    case 'Speed':
      return 'speed';
    case 'Maintenance':
      return 'control';
    default:
      return undefined;
  }
}

const SHUTTER: Readonly<Record<string, CapabilityKind>> = {
  Open: 'shutter-open',
  Closed: 'shutter-closed',
  Strobe: 'strobe',
  StrobeRandom: 'strobe',
  Lightning: 'strobe',
  Spikes: 'strobe',
  Burst: 'strobe',
  Pulse: 'pulse',
  PulseRandom: 'pulse',
  RampUp: 'pulse',
  RampUpRandom: 'pulse',
  RampDown: 'pulse',
  RampDownRandom: 'pulse',
  RampUpDown: 'pulse',
};

function kindOf(cap: Json, attribute: Attribute, wheels: ReadonlyMap<string, Wheel>, channelName: string): CapabilityKind {
  const type = str(cap.type) ?? '';
  switch (type) {
    case 'NoFunction':
      return 'no-function';
    case 'Intensity':
      return 'intensity';
    case 'ColorIntensity':
      return 'color-intensity';
    case 'ColorPreset':
      return 'color';
    case 'ColorTemperature':
      return 'color-temperature';
    case 'Pan':
      return 'pan';
    case 'Tilt':
      return 'tilt';
    case 'PanContinuous':
    case 'TiltContinuous':
    case 'WheelSlotRotation':
    case 'WheelRotation':
    case 'PrismRotation':
    case 'BladeRotation':
    case 'BladeSystemRotation':
    case 'Rotation':
      return 'rotation';
    case 'WheelSlot':
    case 'WheelShake': {
      const wheel = wheels.get(str(cap.wheel) ?? channelName);
      const slot = wheel?.slots[Math.floor(Number(cap.slotNumber ?? cap.slotNumberStart ?? 1)) - 1];
      const t = str(slot?.type);
      if (t === 'Open') return attribute === 'color-wheel' ? 'color' : 'gobo';
      if (t === 'Closed') return 'shutter-closed';
      if (t === 'Color') return 'color';
      if (t === 'Prism') return 'prism';
      if (t === 'Iris') return 'iris';
      if (t === 'Frost') return 'frost';
      return attribute === 'color-wheel' ? 'color' : 'gobo';
    }
    case 'ShutterStrobe':
      return SHUTTER[str(cap.shutterEffect) ?? ''] ?? 'strobe';
    case 'StrobeSpeed':
    case 'StrobeDuration':
      return 'strobe';
    case 'Zoom':
    case 'BeamAngle':
      return 'zoom';
    case 'Focus':
      return 'focus';
    case 'Iris':
    case 'IrisEffect':
      return 'iris';
    case 'Frost':
    case 'FrostEffect':
      return 'frost';
    case 'Prism':
      return 'prism';
    case 'Effect':
    case 'EffectSpeed':
    case 'EffectDuration':
    case 'EffectParameter':
    case 'SoundSensitivity':
      return 'effect';
    case 'Fog':
    case 'FogOutput':
    case 'FogType':
      return 'fog';
    case 'PanTiltSpeed':
    case 'Speed':
      return 'speed';
    case 'Maintenance':
      return /reset/i.test(str(cap.comment) ?? '') ? 'reset' : 'maintenance';
    default:
      return 'generic';
  }
}

/** `#rrggbb` colours of a wheel slot or preset (OFL also allows colour names; those are dropped). */
function colorsOf(list: unknown): string[] {
  return Array.isArray(list) ? list.map((c) => hexColor(str(c))).filter((c) => c !== undefined) : [];
}

function describe(cap: Json): string {
  const comment = str(cap.comment);
  const type = str(cap.type) ?? '';
  const effect = str(cap.shutterEffect) ?? str(cap.effectName) ?? str(cap.color) ?? '';
  return comment ?? [type, effect].filter(Boolean).join(' ');
}

/** Reads one OFL fixture file's text; `maker` is the manufacturer's name (from the library's folder). */
export function importOfl(file: string, jsonText: string, maker: string): FixtureProfile {
  const fail = (reason: string): never => {
    throw new ProfileError(file, reason);
  };
  let doc: unknown;
  try {
    doc = JSON.parse(jsonText);
  } catch (err) {
    fail(`not JSON (${(err as Error).message})`);
  }
  if (!isObject(doc)) return fail('not a JSON object');
  const fixture = doc as Json;
  const model = str(fixture.name) ?? fail('no "name"');
  const categories = Array.isArray(fixture.categories) ? fixture.categories : fail('no "categories" list');
  const type = CATEGORIES[str(categories[0]) ?? ''] ?? fail(`unknown category ${JSON.stringify(categories[0])}`);
  const wheels = new Map<string, Wheel>();
  if (isObject(fixture.wheels))
    for (const [name, w] of Object.entries(fixture.wheels)) {
      if (!isObject(w) || !Array.isArray(w.slots)) fail(`wheel ${JSON.stringify(name)} has no "slots" list`);
      wheels.set(name, { slots: ((w as Json).slots as unknown[]).filter(isObject) });
    }
  if (!isObject(fixture.availableChannels)) fail('no "availableChannels" object');
  const channels: ProfileChannel[] = [];
  const physicalOut: Mutable<ProfilePhysical> = {};
  for (const [key, raw] of Object.entries(fixture.availableChannels as Json)) {
    const where = `channel ${JSON.stringify(key)}`;
    if (!isObject(raw)) return fail(`${where} is not an object`);
    const fineNames = Array.isArray(raw.fineChannelAliases) ? raw.fineChannelAliases.map(String) : [];
    if (fineNames.length > 2) fail(`${where} has ${fineNames.length} fine channels; at most 2 (24-bit) are read`);
    const bytes = fineNames.length + 1;
    const resolution = withUnit(raw.dmxValueResolution, 'bit');
    // Ranges and defaults are written in the channel's resolution (or dmxValueResolution); the model keeps the coarse byte's.
    const shift = (resolution !== undefined ? resolution / 8 : bytes) - 1;
    const scale = 256 ** shift;
    const rawCaps: Json[] = isObject(raw.capability)
      ? [{ ...raw.capability, dmxRange: [0, 256 ** (shift + 1) - 1] }]
      : Array.isArray(raw.capabilities)
        ? raw.capabilities.filter(isObject)
        : fail(`${where} has neither "capability" nor "capabilities"`);
    const attribute = rawCaps.map((c) => attributeOf(c, key, wheels)).find((a) => a !== undefined) ?? 'other';
    const capabilities: Capability[] = rawCaps.map((c) => {
      const range = Array.isArray(c.dmxRange) && c.dmxRange.length === 2 ? (c.dmxRange as unknown[]) : fail(`${where}: a capability has no "dmxRange"`);
      const [a, b] = range.map((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fail(`${where}: dmxRange ${JSON.stringify(range)}`)));
      const cap: Mutable<Capability> = {
        from: Math.floor(a / scale),
        to: Math.floor(b / scale),
        kind: kindOf(c, attribute, wheels, key),
        label: describe(c),
      };
      const wheel = wheels.get(str(c.wheel) ?? key);
      if ((str(c.type) === 'WheelSlot' || str(c.type) === 'WheelShake') && typeof c.slotNumber === 'number') {
        cap.slot = c.slotNumber;
        const slots = [wheel?.slots[Math.floor(c.slotNumber) - 1], Number.isInteger(c.slotNumber) ? undefined : wheel?.slots[Math.floor(c.slotNumber)]];
        const colors = slots.flatMap((s) => (str(s?.type) === 'Open' && attribute === 'color-wheel' ? ['#ffffff'] : colorsOf(s?.colors)));
        if (colors.length > 0) cap.colors = colors;
        const img = str(slots[0]?.resource);
        if (cap.kind === 'gobo' && img) cap.image = img;
        if (!str(c.comment) && str(c.type) === 'WheelSlot')
          cap.label =
            slots
              .map((s) => str(s?.name) ?? str(s?.type))
              .filter(Boolean)
              .join(' / ') || cap.label;
      }
      if (str(c.type) === 'ColorPreset') {
        const colors = colorsOf(c.colors);
        if (colors.length > 0) cap.colors = colors;
      }
      const hz = pair(c, 'speed', 'Hz') ?? pair(c, 'frequency', 'Hz');
      if (hz && (cap.kind === 'strobe' || cap.kind === 'pulse')) cap.hz = hz;
      const degrees = pair(c, 'angle', 'deg');
      if (degrees) cap.degrees = degrees;
      const kelvin = pair(c, 'colorTemperature', 'K');
      if (kelvin) cap.kelvin = kelvin;
      return cap;
    });
    for (const cap of capabilities) {
      if (!cap.degrees) continue;
      const travel = Math.abs(cap.degrees[1] - cap.degrees[0]);
      if (cap.kind === 'pan') physicalOut.panDegrees = Math.max(physicalOut.panDegrees ?? 0, travel);
      if (cap.kind === 'tilt') physicalOut.tiltDegrees = Math.max(physicalOut.tiltDegrees ?? 0, travel);
    }
    const dv = typeof raw.defaultValue === 'number' ? raw.defaultValue : 0;
    const defaultValue = Math.floor(dv / scale) & 255;
    channels.push({ name: key, attribute, byte: 0, defaultValue, capabilities });
    fineNames.forEach((name, i) =>
      channels.push({ name, attribute, byte: (i + 1) as 1 | 2, coarse: key, defaultValue: Math.floor(dv / 256 ** (shift - i - 1)) & 255, capabilities: [] }),
    );
  }
  const modes: ProfileMode[] = (Array.isArray(fixture.modes) ? fixture.modes : fail('no "modes" list')).map((m: unknown) => {
    if (!isObject(m)) return fail('a mode is not an object');
    const name = str(m.name) ?? fail('a mode has no "name"');
    const list = Array.isArray(m.channels) ? m.channels : fail(`mode ${JSON.stringify(name)} has no "channels" list`);
    return {
      name,
      channels: list.map((c: unknown) => {
        if (c === null || typeof c === 'string') return c;
        return fail(`mode ${JSON.stringify(name)}: matrix channel inserts are not imported`);
      }),
    };
  });
  const phys = isObject(fixture.physical) ? fixture.physical : {};
  const dims = phys.dimensions;
  if (Array.isArray(dims) && dims.length === 3 && dims.every((d) => typeof d === 'number')) physicalOut.dimensionsMm = dims as [number, number, number];
  if (typeof phys.weight === 'number') physicalOut.weightKg = phys.weight;
  if (typeof phys.power === 'number') physicalOut.powerWatts = phys.power;
  const lens = isObject(phys.lens) ? phys.lens : {};
  const mm = lens.degreesMinMax;
  if (Array.isArray(mm) && mm.length === 2 && mm.every((d) => typeof d === 'number')) physicalOut.beamDegrees = [mm[0], mm[1]];
  const bulb = isObject(phys.bulb) ? phys.bulb : {};
  if (typeof bulb.lumens === 'number') physicalOut.lumens = bulb.lumens;
  if (typeof bulb.colorTemperature === 'number') physicalOut.colorTemperatureK = bulb.colorTemperature;
  return checkProfile({ source: 'ofl', file, maker, model, type, physical: physicalOut, channels: linkFineChannels(channels), modes });
}
