import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PatchReportPayload } from './patch-payloads.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';

export default defineTool({
  name: 'grid_get_patch_session',
  title: 'Where a patch session stands',
  toolset: 'grid',
  description:
    'Reports exactly where a patch session stands: open, frozen (why, at which step) or closed; the last verified revision; every step with its command, ' +
    'authorization, outcome, revisions and verification; and what to do next. `include_before_graph` adds the before-graph kept as evidence (for a ' +
    'session grid_clear_graph opened, that is the graph before the clear). Does not contact the host. ' +
    WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    patch_session_id: z.string().min(1).max(64),
    include_before_graph: z.boolean().default(false),
  }),
  output: PatchReportPayload,
  handle: ({ patch_session_id, include_before_graph }, { soundAdapter }) =>
    asPayload<z.infer<typeof PatchReportPayload>>(soundAdapter.grid.session(patch_session_id, include_before_graph)),
});
