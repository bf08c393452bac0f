import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PatchReportPayload } from './patch-payloads.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';

export default defineTool({
  name: 'grid_end_patch_session',
  title: 'End a patch session',
  toolset: 'grid',
  description:
    'Closes a patch session (open or frozen): it takes no more steps. Nothing is rolled back — to take steps back, use sound_undo deliberately, one global ' +
    'step at a time. Returns the final report and a read-only difference between the before-graph and the graph now (nodes added, removed, moved; ' +
    "parameters changed; cords added and removed), which also shows other writers' changes. " +
    WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ patch_session_id: z.string().min(1).max(64) }),
  output: z.strictObject({
    session: PatchReportPayload,
    diff: z.record(z.string(), z.unknown()).optional().describe('before-graph → graph now'),
    diff_error: z.string().optional().describe('Why the graph could not be compared (e.g. another device is selected)'),
  }),
  handle: async ({ patch_session_id }, { soundAdapter }) => {
    const { report, diff, diff_error } = await soundAdapter.grid.endSession(patch_session_id);
    return {
      session: asPayload<z.infer<typeof PatchReportPayload>>(report),
      ...(diff === undefined ? {} : { diff }),
      ...(diff_error === undefined ? {} : { diff_error }),
    };
  },
});
