import * as z from 'zod';
import { setFixtureParams } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { FixturePayload, toFixturePayload } from './payloads.js';

export default defineTool({
  name: 'set_fixture_params',
  title: 'Set several fixture parameters',
  toolset: 'fixtures',
  description:
    'Sets several parameters of one fixture at once, `params` {"key": value}: position and rotation (x, y, z, yaw, pitch, ' +
    'roll, scale), size (numRows, numColumns, numPoints, spacing...), tags, deactivate, output settings, and for a JSON ' +
    'fixture its .lxf parameters by name. Every name and value is checked first (out of range is refused, never clamped), ' +
    'and a configuration the fixture cannot be built with is refused; then all are written as ONE undo step with one model ' +
    'rebuild. get_fixture lists the keys, ranges and options. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('fixture', '/lx/structure/fixture/1'),
    params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).describe('Values by parameter key, e.g. {"x": 120, "numRows": 16}'),
  }),
  output: z.strictObject({ fixture: FixturePayload, changed: z.array(z.string()).describe('The keys written') }),
  handle: ({ path, id, params }, { light, origin }) => {
    const r = setFixtureParams(light, { path, id }, params, origin);
    return { fixture: toFixturePayload(r.fixture, light.structure, true), changed: r.changed };
  },
});
