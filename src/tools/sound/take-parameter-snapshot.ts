import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asPayload, READ_ONLY } from './payloads.js';
import { SnapshotPayload } from './shaping-payloads.js';

export default defineTool({
  name: 'sound_take_parameter_snapshot',
  title: "Snapshot the selected device's parameters",
  toolset: 'sound',
  description:
    'Reads and keeps every parameter protocol 3 can observe on the selected device: its exposed controls (normalized and on the MCP 0–128 scale, with ' +
    "displays) and, for a Grid, the native value and display of every module and modulator parameter, bound to the device's selection token and the " +
    'host instance. Hidden device parameters and audio are not observable and not covered. ' +
    'Compare later with sound_compare_parameter_snapshot; to go back, write the values yourself (sound_set_controls, grid_set_parameter) — a snapshot never ' +
    'restores anything by itself. Snapshots are process-local (the newest 64 are kept; a restart loses them). ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: SnapshotPayload,
  handle: async (_args, { soundAdapter }) => asPayload<z.infer<typeof SnapshotPayload>>(await soundAdapter.shaping.takeSnapshot()),
});
