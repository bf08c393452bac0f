import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import { fixture } from '../../light/operations/targets.js';
import { defineTool } from '../define-tool.js';
import { PathOrId } from '../light/inputs.js';
import { LIVE_NOTE, POSE_INPUT, toViewPayload, ViewPayload } from './payloads.js';

export default defineTool({
  name: 'set_camera',
  title: 'Move the preview camera',
  toolset: 'cameras',
  description:
    'Moves the preview\'s view: any of position, target, up, fov (the rest stay), or `fit` to frame the whole model ("model") ' +
    'or one fixture (its path or id) from the current direction. Stops a recall on its way. Live, like orbiting the preview ' +
    'with a mouse, so not an undo step; save_camera keeps a view as a named camera, which is. Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...POSE_INPUT,
    fit: z
      .union([z.literal('model'), PathOrId])
      .optional()
      .describe('Frame "model" or a fixture (path or id, list_fixtures); not with position or target'),
  }),
  output: z.strictObject({ view: ViewPayload, undoable: z.literal(false), note: z.string() }),
  handle: ({ fit, ...edit }, { light }) => {
    if (fit !== undefined && (edit.position !== undefined || edit.target !== undefined || edit.up !== undefined || edit.fov !== undefined))
      throw invalidArgument('give fit, or position/target/up/fov, not both');
    if (fit === undefined && Object.keys(edit).length === 0) throw invalidArgument('give position, target, up, fov or fit');
    let view: ReturnType<typeof light.cameras.current>;
    if (fit === undefined) view = light.cameras.set(edit);
    else if (fit === 'model') view = light.cameras.fit();
    else {
      const f = fixture(light.lx, typeof fit === 'number' ? { id: fit } : { path: fit });
      const range = light.structure.pointRanges.get(f);
      if (range === undefined || range.count === 0) throw invalidArgument(`${f.path} has no points to frame`);
      view = light.cameras.fit(range);
    }
    return { view: toViewPayload(view), undoable: false as const, note: LIVE_NOTE };
  },
});
