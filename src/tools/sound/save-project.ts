import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, projectWriteInput, WRITE, WritePayload } from './payloads.js';

const Output = WritePayload.extend({
  output_directory: z.string().optional().describe('The fresh sound-project-* folder allocated for this save (kept whatever happened)'),
  project_file: z.unknown().optional(),
  native_response: z.record(z.string(), z.unknown()).nullable().optional().describe("The host's save reply, whole; null when no reply arrived"),
});

export default defineTool({
  name: 'song_save_project',
  title: 'Save the sound project into a fresh folder',
  toolset: 'song',
  description:
    'Saves the sound project through the host into a fresh, empty `sound-project-*` folder the adapter allocates under the configured output root (serve ' +
    '--sound-output-root; default <footlight home>/sound-projects); nothing existing is ever overwritten. Success is status "native_save_completed" ' +
    'with the project file — proof the file exists, not an audio check. ' +
    'The reply always keeps output_directory and retry_performed: false. Any failure — a refusal, a host error or a lost reply — is ok: false, status ' +
    '"requires_observation" with the error and native_response (null when no reply came): read song_get_state (project_save_pending) and look at the ' +
    'folder; nothing is deleted or saved again automatically. Bound to the project token. ' +
    WRITE +
    ' A save is not an undo step. Not undoable.',
  longRunning: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: projectWriteInput({}),
  output: Output,
  handle: async (args, ctx) => asWrite<z.infer<typeof Output>>(await ctx.soundAdapter.song.save(args, args, authorityOf(ctx, args.confirmation_token))),
});
