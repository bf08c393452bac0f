import * as z from 'zod';
import { stageFixtureAt } from '../../light/operations/stage-fixtures.js';
import { capabilityAt } from '../../light/stage/patch.js';
import { defineTool } from '../define-tool.js';
import { target } from '../light/inputs.js';
import { StageFixturePayload, aimPayload } from './payloads.js';

export default defineTool({
  name: 'get_stage_fixture_dmx',
  title: "Read a stage fixture's DMX",
  toolset: 'stage',
  description:
    "A stage fixture's DMX values now: one byte per channel of its mode (absolute channel in its universe, the profile's " +
    "channel name, the value), computed from what the show drives this frame (a head's aim, marked `driven`), else from its " +
    'attribute parameters (modulation included), through the profile: 16-bit values split coarse then fine. Each attribute ' +
    "with its value and the profile's range it falls in; a head's aim and `warnings` (out of reach, faster than the head). These are the bytes " +
    'the fixture will be sent; sending through Art-Net/sACN comes later. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject(target('stage fixture', '/lx/stage/fixture/1')),
  output: z.strictObject({
    path: z.string(),
    universe: z.number().int(),
    address: z.number().int(),
    dmx: z.array(
      z.strictObject({ channel: z.number().int().describe('DMX channel in the universe, 1-based'), name: z.string().nullable(), value: z.number().int() }),
    ),
    attributes: z.array(
      z.strictObject({
        key: z.string(),
        value: z.number().int(),
        range: z.string().optional().describe("The profile's label of the DMX range the value falls in (read on the coarse byte)"),
        driven: z.boolean().optional().describe('True when the show drives it this frame (aim), not its parameter'),
      }),
    ),
    aim: StageFixturePayload.shape.aim,
    warnings: StageFixturePayload.shape.warnings,
  }),
  handle: ({ path, id }, { light }) => {
    const f = stageFixtureAt(light, { path, id });
    const bytes = f.dmx();
    const names = f.layout.mode.channels;
    return {
      path: f.path,
      universe: f.patch.universe,
      address: f.patch.address,
      dmx: [...bytes].map((value, i) => ({ channel: f.patch.address + i, name: names[i], value })),
      attributes: f.layout.slots.map((s, i) => {
        const value = f.values[i].getValue();
        const cap = capabilityAt(s, value);
        return { key: s.key, value, ...(cap === undefined ? {} : { range: cap.label }), ...(Number.isNaN(f.driven[i]) ? {} : { driven: true }) };
      }),
      ...aimPayload(f),
    };
  },
});
