import * as z from 'zod';
import { notFound } from '../../engine/errors.js';
import type { ProfileChannel } from '../../light/stage/profiles/profile.js';
import { defineTool } from '../define-tool.js';
import { FixtureTypeInput, ProfileSourceInput, libraryOf } from './payloads.js';

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
  capabilityCount: z.number().int().describe('DMX ranges the channel has'),
  capabilities: z.array(Capability).optional().describe('With `mode`: the DMX ranges'),
});

export default defineTool({
  name: 'get_fixture_profile',
  title: 'Read a fixture profile',
  toolset: 'stage',
  description:
    'One DMX fixture profile of the library by its id (from list_fixture_profiles): maker, model, type, physical facts (pan and tilt ' +
    'travel in degrees, beam angle, size, weight, power), its modes (channel names in DMX order, null for an unused slot) and its ' +
    'channels: attribute, coarse/fine bytes, default value, capabilities (DMX ranges with their meaning: wheel slot colours as #rrggbb, ' +
    "strobe rates in Hz, gobo pictures, ...). Without `mode` it is a summary (each mode's channel count; channels without their " +
    "ranges); with `mode`, that mode's channels in DMX order and every range. A file that cannot be read as a profile is " +
    'refused (invalid_argument) with the file and the reason. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    id: z.string().min(1).max(1000).describe('The profile id from list_fixture_profiles'),
    mode: z.string().max(200).optional().describe('One mode: its channels in DMX order with their capabilities'),
  }),
  output: z.strictObject({
    id: z.string(),
    maker: z.string(),
    model: z.string(),
    type: FixtureTypeInput,
    source: ProfileSourceInput,
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
    modes: z.array(
      z.strictObject({
        name: z.string(),
        channelCount: z.number().int().describe('DMX channels the mode takes'),
        channels: z.array(z.string().nullable()).optional().describe('With `mode`: channel names by DMX offset from 0, null for an unused slot'),
        heads: z.array(z.array(z.string())).optional().describe("With `mode`, when it has cells: each cell's channel names, in order"),
      }),
    ),
    channels: z.array(Channel),
  }),
  handle: async ({ id, mode }, { fixtureLibrary }) => {
    const p = await libraryOf(fixtureLibrary).get(id);
    const m = mode === undefined ? undefined : p.modes.find((x) => x.name === mode);
    if (mode !== undefined && m === undefined)
      throw notFound(`${p.model} has no mode ${JSON.stringify(mode)}; its modes: ${p.modes.map((x) => x.name).join(', ')}`);
    const byName = new Map(p.channels.map((c) => [c.name, c]));
    const summary = (c: ProfileChannel) => {
      const { capabilities, ...rest } = copy(c);
      return { ...rest, capabilityCount: capabilities.length };
    };
    return {
      id,
      maker: p.maker,
      model: p.model,
      type: p.type,
      source: p.source,
      physical: copy(p.physical),
      modes:
        m === undefined
          ? p.modes.map((x) => ({ name: x.name, channelCount: x.channels.length }))
          : [{ name: m.name, channelCount: m.channels.length, channels: [...m.channels], ...(m.heads ? { heads: m.heads.map((h) => [...h]) } : {}) }],
      channels:
        m === undefined
          ? p.channels.map(summary)
          : m.channels.flatMap((n) => {
              const c = n === null ? undefined : byName.get(n);
              return c === undefined ? [] : [{ ...summary(c), capabilities: copy(c.capabilities) }];
            }),
    };
  },
});
