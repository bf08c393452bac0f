import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PatchReportPayload } from './patch-payloads.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';

export default defineTool({
  name: 'grid_begin_patch_session',
  title: 'Begin a Grid patch session',
  toolset: 'grid',
  description:
    'Starts a patch session on the selected Grid: reads the whole graph and keeps it as the before-graph (evidence of where you started — never replayed as ' +
    'a restore program). Then pass patch_session_id to grid_insert_node, grid_set_parameter, grid_connect, grid_disconnect or grid_clear_graph: each is ' +
    "one reviewed step against the session's last verified revision, verified by reading the graph back. " +
    'The session freezes for good on stale state (another writer changed the graph, or the selection moved), a failed verification or an ambiguous outcome; ' +
    'it never replays or rolls back. Sessions are process-local: a Footlight restart loses them and their review authority. ' +
    WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: PatchReportPayload,
  handle: async (_args, { soundAdapter }) => asPayload<z.infer<typeof PatchReportPayload>>(await soundAdapter.grid.beginSession()),
});
