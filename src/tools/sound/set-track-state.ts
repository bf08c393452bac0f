import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, trackWriteInput, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'song_set_track_state',
  title: 'Mute or arm a track',
  toolset: 'song',
  description:
    "Sets a track's mute and/or arm state (bank index 0–63); a field you leave out is kept. The host refuses while recording, and arming an FX or master " +
    'track. The reply reports what changed and what the host observes (host_observed). Bound to the project token (which covers mute and arm). ' +
    WRITE +
    ' Undoable: one undo step (none when nothing changes).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: trackWriteInput({
    muted: z.boolean().optional(),
    armed: z.boolean().optional(),
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.song.setTrackState(args, args, authorityOf(ctx, args.confirmation_token))),
});
