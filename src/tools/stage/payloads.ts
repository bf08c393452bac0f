import * as z from 'zod';
import { notFound } from '../../engine/errors.js';
import type { FixtureLibrary } from '../../light/stage/profiles/library.js';
import { FIXTURE_TYPES } from '../../light/stage/profiles/profile.js';
import type { OutputEngine } from '../../light/output/output-engine.js';
import type { StagePoint } from '../../light/show/stage-points.js';
import type { StageFixture } from '../../light/show/stage-rig.js';
import { aimReport } from '../../light/show/stage-dmx.js';
import type { Occupant } from '../../light/stage/patch.js';

export const FixtureTypeInput = z.enum(FIXTURE_TYPES);

export const ProfileSourceInput = z
  .enum(['qlc', 'ofl', 'gdtf', 'footlight'])
  .describe("qlc: QLC+ .qxf; ofl: Open Fixture Library JSON; gdtf: GDTF; footlight: one of Footlight's built-in generic profiles");

/** One library entry: what list_fixture_profiles returns and get_fixture_profile takes. */
export const ProfileEntryPayload = z.strictObject({
  id: z.string().describe('The file inside the library (footlight/… for a built-in profile): get_fixture_profile and patch_fixture take it'),
  maker: z.string(),
  model: z.string(),
  type: FixtureTypeInput,
  source: ProfileSourceInput,
});

/** The library the operator configured, or not_found saying how to configure one. */
export function libraryOf(library: FixtureLibrary | undefined): FixtureLibrary {
  if (library === undefined)
    throw notFound(
      'no fixture library: set "fixtureLibrary" (a folder of QLC+ .qxf, OFL .json or GDTF files) in config.json, ' +
        "or install QLC+'s library (Debian: qlcplus-data)",
    );
  return library;
}

/** The channels every pixel fixture's DMX output (Art-Net, sACN) holds now, as the output map lays them out. */
export function pixelOccupants(outputs: OutputEngine): Occupant[] {
  const out: Occupant[] = [];
  for (const f of outputs.map().fixtures) {
    // The stage fixtures are in the map too (they send through the same stage); they are checked as stage fixtures.
    if (f.path.startsWith('/lx/stage/')) continue;
    for (const o of f.outputs) {
      if (o.protocol !== 'artnet' && o.protocol !== 'sacn') continue;
      for (const s of o.segments) {
        for (const a of s.allocation) {
          if (a.end > a.start)
            out.push({
              universe: a.universe,
              first: a.start + 1,
              last: a.end,
              owner: `pixel fixture ${f.path} "${f.label}" (${o.protocol})`,
              protocol: o.protocol,
            });
        }
      }
    }
  }
  return out;
}

const Vec3Payload = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

/** A placement as tools take it: every field optional (absent: as it was, or the default). */
export const PlacementInput = z
  .strictObject({
    position: Vec3Payload.optional().describe('Where the beam leaves from (pan and tilt axes cross), in model units; default 0,0,0'),
    yaw: z.number().optional().describe('Degrees about +y (as fixtures of the model); default 0'),
    pitch: z.number().optional().describe('Degrees about +x; default 0'),
    roll: z.number().optional().describe('Degrees about +z; 180 hangs a head upside down; default 0'),
    home: Vec3Payload.optional().describe("The beam's direction at pan 0 / tilt 0 in the fixture's frame; default +y (0,1,0)"),
  })
  .describe('Placement in the 3D model, as the aim solver takes it (docs/stage-aim.md)');

/** Where a stage fixture's DMX goes and what it samples, as patch_fixture and edit_stage_fixture take them. */
export const StageOutputInput = {
  protocol: z.enum(['artnet', 'sacn']).optional().describe('Where its DMX goes: Art-Net (default) or sACN, to `host`'),
  host: z.string().min(1).max(253).optional().describe('Host name or IP its DMX is sent to (default 127.0.0.1)'),
  sample: z
    .union([z.enum(['nearest', 'off']), z.array(z.number().int())])
    .optional()
    .describe(
      'What of the rendered frame drives its colour and intensity: "nearest" (default) the model point nearest its position, ' +
        '"off" nothing, or [i, ...] one model point per cell (one for most fixtures; a bar\'s mode with heads has several: `cells`)',
    ),
};

const AttributePayload = z.strictObject({
  key: z.string(),
  path: z.string().describe('The parameter: set_parameter, snapshots, modulation and undo work on it'),
  channel: z.string().describe("The profile's channel"),
  attribute: z.string().describe('intensity, red, pan, tilt, color-wheel, ...'),
  bits: z.number().int().describe('8, 16 or 24: the bytes the mode gives it'),
  value: z.number().int().describe('DMX value now, in its resolution (0–255, 0–65535, ...)'),
  defaultValue: z.number().int(),
});

const AimPayload = z.strictObject({
  mode: z.enum(['off', 'point', 'fixture', 'brightest']),
  target: Vec3Payload.optional().describe('The point aimed at in the last frame (fan and delay applied)'),
  pan: z.number().optional().describe('Degrees sent, from the DMX centre'),
  tilt: z.number().optional(),
  reachable: z.boolean().optional(),
});

export const StageFixturePayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  profile: z.strictObject({ id: z.string(), maker: z.string(), model: z.string(), type: FixtureTypeInput }),
  mode: z.string(),
  universe: z.number().int(),
  address: z.number().int().describe('First DMX channel, 1–512'),
  channels: z.tuple([z.number().int(), z.number().int()]).describe('First and last DMX channel it takes, 1-based'),
  footprint: z.number().int().describe('Channels the mode takes'),
  placement: z.strictObject({ position: Vec3Payload, yaw: z.number(), pitch: z.number(), roll: z.number(), home: Vec3Payload }),
  protocol: z.enum(['artnet', 'sacn']),
  host: z.string(),
  sample: z.union([z.enum(['nearest', 'off']), z.array(z.number().int())]).describe('What of the frame it samples'),
  cells: z.number().int().describe("Cells its mode has (the profile's heads, 1 without): each samples its own point"),
  sampleColor: z.boolean().describe('Its parameter sampleColor: the frame drives RGB, white, CMY and the colour wheel'),
  sampleIntensity: z.boolean().describe('Its parameter sampleIntensity: the frame drives the dimmer'),
  attributes: z.array(AttributePayload).optional(),
  aim: AimPayload.optional().describe('A head that can aim: its aim now (aim_stage_fixtures)'),
  warnings: z.array(z.string()).optional().describe('What an operator should know now: an aim out of reach, a move faster than the head'),
});

export function toStageFixturePayload(f: StageFixture, detail = true): z.infer<typeof StageFixturePayload> {
  const { profile, patch } = f;
  const o = f.occupant;
  return {
    path: f.path,
    id: f.id,
    label: f.label.getString(),
    profile: { id: patch.profileId, maker: profile.maker, model: profile.model, type: profile.type },
    mode: patch.mode,
    universe: patch.universe,
    address: patch.address,
    channels: [o.first, o.last],
    footprint: f.footprint,
    placement: structuredClone(patch.placement),
    protocol: f.protocol,
    host: f.host,
    sample: structuredClone(patch.sample ?? 'nearest') as 'nearest' | 'off' | number[],
    cells: f.cells,
    sampleColor: f.sampleColor.isOn(),
    sampleIntensity: f.sampleIntensity.isOn(),
    ...aimReport(f),
    ...(detail
      ? {
          attributes: f.layout.slots.map((s, i) => ({
            key: s.key,
            path: f.values[i].path,
            channel: s.channel,
            attribute: s.attribute,
            bits: s.offsets.length * 8,
            value: f.values[i].getBaseValue(),
            defaultValue: s.defaultValue,
          })),
        }
      : {}),
  };
}

/** A named point of the stage. */
export const StagePointPayload = z.strictObject({
  path: z.string(),
  id: z.number().int(),
  label: z.string(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
});

export function toStagePointPayload(p: StagePoint): z.infer<typeof StagePointPayload> {
  return { path: p.path, id: p.id, label: p.label.getString(), x: p.x.getBaseValue(), y: p.y.getBaseValue(), z: p.z.getBaseValue() };
}
