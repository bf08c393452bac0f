import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asPayload, READ_ONLY } from './payloads.js';
import { ComparisonPayload, ShapingPayload } from './shaping-payloads.js';

export default defineTool({
  name: 'sound_get_shaping_session',
  title: 'Where a shaping session stands',
  toolset: 'sound',
  description:
    "A shaping session's steps (each control write with before/after values and its outcome) and a fresh comparison of the device with the session's " +
    'starting snapshot — which also reveals changes made by other writers. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ shaping_session_id: z.string().min(1).max(64) }),
  output: z.strictObject({ session: ShapingPayload, comparison: ComparisonPayload }),
  handle: async ({ shaping_session_id }, { soundAdapter }) =>
    asPayload<{ session: z.infer<typeof ShapingPayload>; comparison: z.infer<typeof ComparisonPayload> }>(
      await soundAdapter.shaping.describe(shaping_session_id),
    ),
});
