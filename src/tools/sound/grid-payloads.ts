import * as z from 'zod';
import { WritePayload } from './payloads.js';

/** What a Grid graph write returns: the write result, the read-back check, and the patch session. */
export const GridWritePayload = WritePayload.extend({
  verification: z
    .strictObject({ ok: z.boolean(), checked: z.array(z.string()), problems: z.array(z.string()) })
    .optional()
    .describe("The adapter's read-back of the graph after the host said ok"),
  patch_session: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Where the patch session stands after this step: state, last verified revision, steps, frozen reason'),
  before_snapshot: z.record(z.string(), z.unknown()).optional().describe('grid_clear_graph: the whole graph as read right before the clear'),
  tool: z.string().optional(),
});
export type GridWritePayload = z.infer<typeof GridWritePayload>;

export const GRAPH_GUARD =
  'Sent as `guard REVISION …`: bound to expected_revision when you pass it (the host refuses the write if the graph changed since you reviewed it), to the ' +
  "session's last verified revision inside a patch session, else to a fresh revision the adapter reads — which guards dispatch but binds the write to " +
  'no reviewed snapshot (the reply notes it). ' +
  "With patch_session_id it is the session's next step: checked against the session's revision first (a graph changed by another writer freezes the " +
  'session, and nothing is sent), then verified by reading the graph back; a failed verification or a lost reply freezes the session too. Nothing is ' +
  'ever replayed or rolled back. ';
