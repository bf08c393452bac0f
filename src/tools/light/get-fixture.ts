import * as z from 'zod';
import { fixture } from '../../light/operations/targets.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { FixturePayload, toFixturePayload } from './payloads.js';

export default defineTool({
  name: 'get_fixture',
  title: 'Read one fixture',
  toolset: 'fixtures',
  description:
    'Reads one fixture in the list_fixtures detail:"full" shape: geometry, tags, point index range, output on/off, every ' +
    'parameter with its key, range and value (the keys set_fixture_params takes) and, for a JSON fixture, its .lxf ' +
    'parameter values.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject(target('fixture', '/lx/structure/fixture/1')),
  output: z.strictObject({ fixture: FixturePayload }),
  handle: ({ path, id }, { light }) => ({ fixture: toFixturePayload(fixture(light.lx, { path, id }), light.structure, true) }),
});
