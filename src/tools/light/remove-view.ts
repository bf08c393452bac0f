import * as z from 'zod';
import { removeView } from '../../light/operations/views.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, RemovedPayload } from './payloads.js';

export default defineTool({
  name: 'remove_view',
  title: 'Remove a view',
  toolset: 'views',
  description:
    "Removes a view definition. Every channel and device that rendered it goes back to Default (its parent's model) and " +
    'is listed in `resetSelectors` — unlike LX, nothing silently switches to another view. Later views move up a path slot ' +
    '(`pathChanges`). Undo puts the view back with its id and points those channels and devices at it again. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('view', '/lx/structure/views/view/1')),
  output: z.strictObject({
    ...RemovedPayload,
    resetSelectors: z.array(z.string()).describe('View selector parameters that rendered it and now render Default'),
    pathChanges: PathChangesPayload,
  }),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeView(light, { path, id }, origin);
    return { removed: r.path, kind: 'view', id: r.id, resetSelectors: [...r.resetSelectors], pathChanges: [...r.pathChanges] };
  },
});
