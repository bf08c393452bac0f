import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asPayload, READ_ONLY } from './payloads.js';
import { ComparisonPayload, SnapshotPayload } from './shaping-payloads.js';

export default defineTool({
  name: 'sound_compare_parameter_snapshot',
  title: 'Compare the device with a snapshot',
  toolset: 'sound',
  description:
    'Re-reads the selected device and lists what differs from a parameter snapshot: each exposed control (MCP scale and display, then and now) and each ' +
    'Grid parameter (native value and display; missing nodes), with counts of what is unchanged. Protocol 3 reads only the selected device, so the ' +
    "snapshot's device must be selected (else comparable: false with the reason); a host restart makes every snapshot incomparable. " +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ snapshot_id: z.string().min(1).max(64) }),
  output: z.strictObject({ snapshot: SnapshotPayload, comparison: ComparisonPayload }),
  handle: async ({ snapshot_id }, { soundAdapter }) =>
    asPayload<{ snapshot: z.infer<typeof SnapshotPayload>; comparison: z.infer<typeof ComparisonPayload> }>(await soundAdapter.shaping.compare(snapshot_id)),
});
