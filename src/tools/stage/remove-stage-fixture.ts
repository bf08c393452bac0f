import * as z from 'zod';
import { removeStageFixture } from '../../light/operations/stage-fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from '../light/inputs.js';
import { RemovedPayload } from '../light/payloads.js';

export default defineTool({
  name: 'remove_stage_fixture',
  title: 'Remove a stage fixture',
  toolset: 'stage',
  description: 'Unpatches a stage fixture. Later ones move up one path slot. Undo puts it back with its id, patch and values. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('stage fixture', '/lx/stage/fixture/1')),
  output: z.strictObject(RemovedPayload),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeStageFixture(light, { path, id }, origin);
    return { removed: r.path, kind: 'stage fixture', id: r.id };
  },
});
