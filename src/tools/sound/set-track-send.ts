import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, trackWriteInput, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'song_set_track_send',
  title: 'Send a track to an effect track',
  toolset: 'song',
  description:
    'Creates, changes or removes ("off") the send from a track to an effect track (both bank indexes; fx_index must be an effect track), level −96…+6 dB, ' +
    'post-fader unless pre_fader. Tracks list their sends. ' +
    WRITE +
    ' Undoable: one undo step (none when nothing changes).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: trackWriteInput({
    fx_index: z.number().int().min(0).max(63).describe('Bank index of the effect track'),
    level_db: z
      .union([z.number().min(-96).max(6), z.literal('off')])
      .optional()
      .describe('Send level in dB, or "off" to remove the send; left out: kept (the send must exist)'),
    pre_fader: z.boolean().optional().describe('Tap before the track fader; left out: kept (new sends are post-fader)'),
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.song.setTrackSend(args, args, authorityOf(ctx, args.confirmation_token))),
});
