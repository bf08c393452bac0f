import { withPathChanges } from '../../light/operations/path-changes.js';
import * as z from 'zod';
import { addSnapshot } from '../../light/operations/snapshots.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from './inputs.js';
import { SnapshotPayload, toSnapshotPayload, PathChangesPayload } from './payloads.js';

export default defineTool({
  name: 'add_snapshot',
  title: 'Capture a snapshot',
  toolset: 'snapshots',
  description:
    "Captures the look of the show now as a new snapshot: the crossfader, each channel's on/off and fader and crossfade " +
    "side, each channel's active pattern (playlist) or enabled patterns (blend) with their parameters, enabled effects' " +
    "parameters, the master fader, global modulators' parameters and stage fixtures' attributes (scope STAGE). " +
    'Labelled "Snapshot-N" unless `label` is given; at ' +
    '`index` (0-based; default the end; later snapshots shift, see `pathChanges`). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    label: labelInput('Name (default Snapshot-N)').optional(),
    index: z.number().int().optional().describe('0-based position (default: the end)'),
  }),
  output: z.strictObject({ snapshot: SnapshotPayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = withPathChanges(light.lx, () => addSnapshot(light, args, origin));
    return { snapshot: toSnapshotPayload(r.result), pathChanges: r.pathChanges };
  },
});
