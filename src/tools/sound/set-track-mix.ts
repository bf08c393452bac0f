import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, trackWriteInput, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'song_set_track_mix',
  title: "Set a track's volume and pan",
  toolset: 'song',
  description:
    "Sets a track's fader (volume_db, or volume as the 0–1 fader position; the law is gain = 2·v³, so 0 dB ≈ 0.794 and the top is +6.02 dB) and/or pan (−1 " +
    'left … 1 right); a field you leave out is kept. Tracks show volume_db and volume_display. ' +
    WRITE +
    ' Undoable: one undo step (none when nothing changes).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: trackWriteInput({
    volume_db: z.number().max(6.02).optional().describe('Fader level in dB; leave out volume when you give this'),
    volume: z.number().min(0).max(1).optional().describe('Normalized fader position 0–1 (protocol scale)'),
    pan: z.number().min(-1).max(1).optional(),
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.song.setTrackMix(args, args, authorityOf(ctx, args.confirmation_token))),
});
