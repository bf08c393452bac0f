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
    "A stage fixture's DMX values at the last rendered frame: one byte per channel of its mode (absolute channel in its " +
    "universe, the profile's channel name, the value), the bytes the output stage sends (Art-Net/sACN). Each attribute with " +
    'the value sent, its parameter (base) value (modulation included), whether the frame drove it and what drove it (the ' +
    "sampled model point, a head's aim), and the profile's range the value falls in; a head's aim and `warnings` (out of reach, " +
    'faster than the head). 16-bit values split coarse then fine. Read-only.',
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
        value: z.number().int().describe('The value sent: the driven value when driven, else the parameter value'),
        base: z.number().int().describe("The attribute parameter's value (modulation included)"),
        drivenBy: z.string().optional().describe('What drove it this frame (e.g. the frame at model point 3); absent: the parameter value goes out'),
        range: z.string().optional().describe("The profile's label of the DMX range the value falls in (read on the coarse byte)"),
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
        const value = f.valueAt(i);
        const cap = capabilityAt(s, value);
        const by = f.drivenBy[i];
        return {
          key: s.key,
          value,
          base: f.values[i].getValue(),
          ...(by === undefined ? {} : { drivenBy: by }),
          ...(cap === undefined ? {} : { range: cap.label }),
        };
      }),
      ...aimPayload(f),
    };
  },
});
