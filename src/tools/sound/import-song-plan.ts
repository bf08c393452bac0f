import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, projectWriteInput, WRITE, WritePayload } from './payloads.js';
import { SongWorkflowPayload } from './song-payloads.js';

const Output = WritePayload.extend({
  receipt_id: z.string().optional(),
  transport_steps: z
    .array(z.record(z.string(), z.unknown()))
    .optional()
    .describe('Tempo then meter, each sent with a fresh project token after a submitted import'),
  song_session: SongWorkflowPayload.optional(),
});

export default defineTool({
  name: 'song_import_plan',
  title: 'Import a compiled song plan',
  toolset: 'song',
  description:
    'Imports the export of one reviewed song-session revision (song_compile_plan) into new arranger tracks: a new group named after the title right after ' +
    'the selected target track (a group, instrument, audio or hybrid track), one instrument track per part, each with one clip at beat 0; markers join ' +
    "the cue markers. Only the workflow's own export is imported, re-hashed first; the host imports a derivative without tempo and meter events. " +
    'Exactly one attempt per revision: once sent — whatever happens, an ambiguous lost reply included — that revision cannot be imported again (compile a ' +
    'new revision only when you know the first did not land). After a submitted import, tempo and then meter are set through the transport, each with a ' +
    'fresh project token (set_tempo_and_meter: false skips that). Playback never starts. ' +
    'Returns the receipt (native; verified stays false — inspect song_get_arranger and listen), its receipt_id, the transport steps and the session. Bound ' +
    'to the project token and the session revision. ' +
    WRITE +
    ' Undoable: the import is one undo step, tempo and meter one each.',
  longRunning: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: projectWriteInput({
    song_session_id: z.string().min(1).max(64),
    revision: z.number().int().min(1).describe('The revision you reviewed; refused as stale if the plan was recompiled since'),
    set_tempo_and_meter: z.boolean().default(true).describe("After a submitted import, set the plan's tempo and meter through the transport"),
  }),
  output: Output,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof Output>>(
      await ctx.soundAdapter.song.importPlan(
        { song_session_id: args.song_session_id, revision: args.revision, project_token: args.project_token, set_tempo_and_meter: args.set_tempo_and_meter },
        args,
        authorityOf(ctx, args.confirmation_token),
      ),
    ),
});
