import * as z from 'zod';
import { removeSwatch } from '../../light/operations/palette.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, RemovedPayload } from './payloads.js';

export default defineTool({
  name: 'remove_swatch',
  title: 'Remove a saved swatch',
  toolset: 'palette',
  description:
    'Removes a saved swatch (the live colors do not change). Later saved swatches move up one path slot (`pathChanges`). ' +
    'Undo puts it back with its id. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('saved swatch', '/lx/palette/swatches/1')),
  output: z.strictObject({ ...RemovedPayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeSwatch(light, { path, id }, origin);
    return { removed: r.path, kind: 'swatch', id: r.id, pathChanges: r.pathChanges };
  },
});
