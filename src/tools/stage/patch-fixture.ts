import * as z from 'zod';
import { patchStageFixture } from '../../light/operations/stage-fixtures.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from '../light/inputs.js';
import { PlacementInput, StageFixturePayload, StageOutputInput, libraryOf, pixelOccupants, toStageFixturePayload } from './payloads.js';

export default defineTool({
  name: 'patch_fixture',
  title: 'Patch a DMX fixture',
  toolset: 'stage',
  description:
    'Adds a DMX fixture of the library to the show as a stage fixture (/lx/stage/fixture/N): a profile (id from ' +
    'list_fixture_profiles) in one of its modes, patched to a universe and start address, placed in the 3D model. Each ' +
    'attribute of the mode (intensity, red, pan, tilt, ...) becomes a parameter at the DMX value in its resolution (16-bit ' +
    'pan 0–65535), starting at the profile\'s default: set_parameter, snapshots and undo work on it. `address` "auto" ' +
    '(default) takes the first gap of the universe that fits the mode. An address whose channels overlap another stage ' +
    "fixture or a pixel fixture's Art-Net/sACN output is refused (invalid_argument) with the other fixture, the channels and " +
    'a free address (universes of Art-Net and sACN are separate). Every frame the fixture samples the rendered frame (colour and ' +
    'dimmer like a pixel, docs/fixtures.md) and its DMX goes out through the output stage. The show keeps a copy of the profile, ' +
    'so it opens without the library. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    profile: z.string().min(1).max(1000).describe('Profile id from list_fixture_profiles, e.g. qlc/Martin/Martin-MAC-250-Wash.qxf'),
    mode: z.string().min(1).max(200).describe("One of the profile's modes (get_fixture_profile lists them)"),
    universe: z.number().int().optional().describe('DMX universe, numbered as get_output_map numbers them (default 1)'),
    address: z
      .union([z.number().int(), z.literal('auto')])
      .optional()
      .describe('First DMX channel, 1–512, or "auto" (default): the first gap that fits'),
    label: labelInput('Name (default: the model)').optional(),
    placement: PlacementInput.optional(),
    index: z.number().int().optional().describe('0-based position in the list (default: the end)'),
    ...StageOutputInput,
    sampleColor: z.boolean().optional().describe('The frame drives its colour attributes (default true)'),
    sampleIntensity: z.boolean().optional().describe('The frame drives its dimmer (default true)'),
  }),
  output: z.strictObject({ fixture: StageFixturePayload }),
  handle: async (args, { fixtureLibrary, engine, light, outputs, origin }) => {
    const used = light.lx.stage.fixtures.items.find((f) => f.patch.profileId === args.profile)?.profile;
    const profile = used ?? (await libraryOf(fixtureLibrary).get(args.profile));
    return engine.queue.submit(
      () => {
        const f = patchStageFixture(light, { ...args, profileId: args.profile, profile }, pixelOccupants(outputs), origin);
        return { fixture: toStageFixturePayload(f) };
      },
      { label: 'patch_fixture', session: origin.session, read: false },
    );
  },
});
