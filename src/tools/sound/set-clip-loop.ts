import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, projectWriteInput, TrackIndex, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'song_set_clip_loop',
  title: "Set one arranger clip's loop flag",
  toolset: 'song',
  description:
    "Sets only the loop flag of one exact arranger clip: track_index (bank 0–63) and clip_id (the clip's native_id from song_get_arranger). " +
    "`expected_enabled` is the flag you observed (default: the adapter's fresh read); the host re-checks it, the project token, recording, the track " +
    'and the clip identity right before the change, and reads the flag back. Notes, timing, loop range, length and selection are untouched; re-inspect ' +
    'song_get_arranger afterwards. ' +
    'Bound to the project token. ' +
    WRITE +
    ' Undoable: one undo step (none when the flag already matches).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: projectWriteInput({
    track_index: TrackIndex,
    clip_id: z.number().int().min(-2147483648).max(2147483647).describe("The clip's native_id"),
    enabled: z.boolean(),
    expected_enabled: z.boolean().optional().describe('The loop flag you observed'),
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.song.setClipLoop(args, args, authorityOf(ctx, args.confirmation_token))),
});
