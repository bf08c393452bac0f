import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';
import { SongWorkflowPayload } from './song-payloads.js';

export default defineTool({
  name: 'song_get_workflow',
  title: 'Where a song session stands',
  toolset: 'song',
  description:
    'A song session: its current revision and plan, the workflow-owned export (path, sha256, note-track count, summary), and every import attempt with its ' +
    'status, receipt id and the tempo/meter transport steps that followed. Does not contact the host. ' +
    WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ song_session_id: z.string().min(1).max(64) }),
  output: SongWorkflowPayload,
  handle: ({ song_session_id }, { soundAdapter }) => asPayload<z.infer<typeof SongWorkflowPayload>>(soundAdapter.song.workflow(song_session_id)),
});
