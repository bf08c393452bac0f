import { withPathChanges } from '../../light/operations/path-changes.js';
import * as z from 'zod';
import { addFixture } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from './inputs.js';
import { FixturePayload, toFixturePayload, PathChangesPayload } from './payloads.js';

export default defineTool({
  name: 'add_fixture',
  title: 'Add a fixture',
  toolset: 'fixtures',
  description:
    'Adds a fixture to the structure and configures it in the same step: exactly one of `class` (a stock class: Arc, Grid, ' +
    "Point, Spiral, Strip, or its full LX class name) or `type` (an .lxf JSON fixture from the media folder's Fixtures/, " +
    'name without extension), plus `params` {"name": value} by parameter key (x, y, z, yaw, pitch, roll, scale, numRows, ' +
    'numColumns, numPoints, spacing, tags, host, ... — get_fixture lists them; a JSON fixture also takes its .lxf ' +
    'parameters). Every name and value is checked before anything changes, and the model is rebuilt once. The fixture goes ' +
    'at `index` (0-based; default the end); point indices and paths of later fixtures shift (`pathChanges`). Its network output starts disabled. ' +
    'Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    class: z.string().min(1).max(200).optional().describe('Stock fixture class: Arc, Grid, Point, Spiral, Strip'),
    type: z.string().min(1).max(512).optional().describe('Instead of class: an .lxf fixture type, e.g. "panels/Panel"'),
    index: z.number().int().optional().describe('0-based position in the structure (default: the end)'),
    label: labelInput('Fixture name (default: the class name)').optional(),
    params: z
      .record(z.string(), z.union([z.number(), z.string(), z.boolean()]))
      .optional()
      .describe('Parameter values by key, e.g. {"numRows": 8, "x": 100}'),
  }),
  output: z.strictObject({ fixture: FixturePayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = withPathChanges(light.lx, () =>
      addFixture(light, { className: args.class, type: args.type, index: args.index, label: args.label, params: args.params }, origin),
    );
    return { fixture: toFixturePayload(r.result, light.structure, true), pathChanges: r.pathChanges };
  },
});
