import * as z from 'zod';
import { notFound } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import { FixtureTypeInput, libraryOf } from './payloads.js';

/** A frozen profile's part as a plain, writable copy (the payload). */
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
const copy = <T>(value: T): Writable<T> => structuredClone(value) as Writable<T>;

const Capability = z.strictObject({
  from: z.number().int(),
  to: z.number().int(),
  kind: z.string().describe('What the range does: intensity, color, gobo, strobe, shutter-open, pan, reset, ...'),
  label: z.string(),
  colors: z.array(z.string()).optional().describe('#rrggbb; two for a split slot or a scroll'),
  slot: z.number().optional(),
  hz: z.array(z.number()).optional().describe('Strobe rate at the range start and end'),
  degrees: z.array(z.number()).optional(),
  kelvin: z.array(z.number()).optional(),
  image: z.string().optional(),
});

const Channel = z.strictObject({
  name: z.string(),
  attribute: z.string().describe('intensity, red, green, blue, white, amber, uv, cyan, magenta, yellow, cto, color-wheel, gobo-wheel, shutter, pan, tilt, ...'),
  byte: z.number().int().describe('0 coarse, 1 fine (16-bit), 2 third byte'),
  coarse: z.string().optional().describe('For a fine byte: its coarse channel'),
  fine: z.array(z.string()).optional(),
  defaultValue: z.number().int(),
  capabilities: z.array(Capability),
});

export default defineTool({
  name: 'get_fixture_profile',
  title: 'Read a fixture profile',
  toolset: 'stage',
  description:
    'One DMX fixture profile of the library by its id (from list_fixture_profiles): maker, model, type, physical facts (pan and tilt ' +
    'travel in degrees, beam angle, size, weight, power), its modes (channel names in DMX order, null for an unused slot) and its ' +
    'channels: attribute, coarse/fine bytes, default value, capabilities (DMX ranges with their meaning: wheel slot colours as #rrggbb, ' +
    "strobe rates in Hz, gobo pictures, ...). `mode` keeps only that mode's channels. A file that cannot be read as a profile is " +
    'refused (invalid_argument) with the file and the reason. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    id: z.string().min(1).max(1000).describe('The profile id from list_fixture_profiles'),
    mode: z.string().max(200).optional().describe('Only the channels of this mode'),
  }),
  output: z.strictObject({
    id: z.string(),
    maker: z.string(),
    model: z.string(),
    type: FixtureTypeInput,
    source: z.enum(['qlc', 'ofl', 'gdtf']),
    physical: z.strictObject({
      panDegrees: z.number().optional(),
      tiltDegrees: z.number().optional(),
      beamDegrees: z.array(z.number()).optional(),
      dimensionsMm: z.array(z.number()).optional(),
      weightKg: z.number().optional(),
      powerWatts: z.number().optional(),
      lumens: z.number().optional(),
      colorTemperatureK: z.number().optional(),
    }),
    modes: z.array(z.strictObject({ name: z.string(), channels: z.array(z.string().nullable()) })),
    channels: z.array(Channel),
  }),
  handle: async ({ id, mode }, { fixtureLibrary }) => {
    const p = await libraryOf(fixtureLibrary).get(id);
    let modes = p.modes;
    let channels = p.channels;
    if (mode !== undefined) {
      const m = p.modes.find((x) => x.name === mode);
      if (m === undefined) throw notFound(`${p.model} has no mode ${JSON.stringify(mode)}; its modes: ${p.modes.map((x) => x.name).join(', ')}`);
      const names = new Set(m.channels);
      modes = [m];
      channels = p.channels.filter((c) => names.has(c.name));
    }
    return {
      id,
      maker: p.maker,
      model: p.model,
      type: p.type,
      source: p.source,
      physical: copy(p.physical),
      modes: copy(modes),
      channels: copy(channels),
    };
  },
});
