import * as z from 'zod';
import { recallSnapshot } from '../../light/operations/snapshots.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { SnapshotPayload, toSnapshotPayload } from './payloads.js';

export default defineTool({
  name: 'recall_snapshot',
  title: 'Recall a snapshot',
  toolset: 'snapshots',
  description:
    "Restores the values a snapshot holds, limited to the parts the engine's recall switches allow (list_snapshots " +
    "settings). With the engine's transitions on, values blend over the transition time (`transitioning: true`) unless " +
    '`immediate` is true. Unlike LX, undo really restores the show: it stops a running transition and puts back every ' +
    'value the recall overwrote, active patterns included. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('snapshot', '/lx/snapshots/snapshot/1'),
    immediate: z.boolean().default(false).describe('Apply at once even when transitions are on'),
  }),
  output: z.strictObject({ snapshot: SnapshotPayload, transitioning: z.boolean() }),
  handle: ({ path, id, immediate }, { light, origin }) => {
    const r = recallSnapshot(light, { path, id }, immediate, origin);
    return { snapshot: toSnapshotPayload(r.snapshot), transitioning: r.transitioning };
  },
});
