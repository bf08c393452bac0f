import * as z from 'zod';
import { updateSnapshot } from '../../light/operations/snapshots.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { SnapshotPayload, toSnapshotPayload } from './payloads.js';

export default defineTool({
  name: 'update_snapshot',
  title: 'Recapture a snapshot',
  toolset: 'snapshots',
  description:
    'Replaces what a snapshot holds with the look of the show now (same capture as add_snapshot), keeping its label, ' +
    'position and id. Undo puts back the values it held. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('snapshot', '/lx/snapshots/snapshot/1')),
  output: z.strictObject({ snapshot: SnapshotPayload }),
  handle: ({ path, id }, { light, origin }) => ({ snapshot: toSnapshotPayload(updateSnapshot(light, { path, id }, origin)) }),
});
