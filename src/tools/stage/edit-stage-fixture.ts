import * as z from 'zod';
import { editStageFixture } from '../../light/operations/stage-fixtures.js';
import { defineTool } from '../define-tool.js';
import { labelInput, target } from '../light/inputs.js';
import { PlacementInput, StageFixturePayload, StageOutputInput, pixelOccupants, toStageFixturePayload } from './payloads.js';

export default defineTool({
  name: 'edit_stage_fixture',
  title: 'Edit a stage fixture',
  toolset: 'stage',
  description:
    "Changes a stage fixture's label, mode, universe, address, placement, protocol, host or sample (only the fields given; a placement field left " +
    'out keeps its value) as one step. A new universe, address or mode is checked like patch_fixture: an overlap with ' +
    'another stage fixture or a pixel output is refused with the channels and a free address. Another mode gives the ' +
    "fixture that mode's attributes (a new id; attributes both modes have keep their values). Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...target('stage fixture', '/lx/stage/fixture/1'),
    label: labelInput('New name').optional(),
    mode: z.string().min(1).max(200).optional().describe("Another of the profile's modes"),
    universe: z.number().int().optional(),
    address: z
      .union([z.number().int(), z.literal('auto')])
      .optional()
      .describe('First DMX channel, 1–512, or "auto": the first gap that fits'),
    placement: PlacementInput.optional(),
    ...StageOutputInput,
  }),
  output: z.strictObject({ fixture: StageFixturePayload }),
  handle: ({ path, id, ...changes }, { light, outputs, origin }) => ({
    fixture: toStageFixturePayload(editStageFixture(light, { path, id }, changes, pixelOccupants(outputs), origin)),
  }),
});
