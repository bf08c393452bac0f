import * as z from 'zod';
import { removeStagePoint } from '../../light/operations/stage-points.js';
import { defineTool } from '../define-tool.js';
import { target } from '../light/inputs.js';

export default defineTool({
  name: 'remove_stage_point',
  title: 'Remove a named point',
  toolset: 'stage',
  description:
    'Removes a named point of the stage. Heads aimed at it keep their last target (with a warning) until aimed again; later points ' +
    'move up a path slot. Undo puts it back. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('named point', '/lx/stage/point/1')),
  output: z.strictObject({ removed: z.string(), label: z.string() }),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeStagePoint(light, { path, id }, origin);
    return { removed: r.path, label: r.label };
  },
});
