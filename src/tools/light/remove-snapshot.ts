import * as z from 'zod';
import { removeSnapshot } from '../../light/operations/snapshots.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, RemovedPayload } from './payloads.js';

export default defineTool({
  name: 'remove_snapshot',
  title: 'Remove a snapshot',
  toolset: 'snapshots',
  description: 'Removes a snapshot. Later snapshots move up one path slot (`pathChanges`). Undo puts it back with its id and values. ' + 'Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('snapshot', '/lx/snapshots/snapshot/1')),
  output: z.strictObject({ ...RemovedPayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeSnapshot(light, { path, id }, origin);
    return { removed: r.path, kind: 'snapshot', id: r.id, pathChanges: r.pathChanges };
  },
});
