import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, SELECTION_WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_select_track',
  title: 'Select a track',
  toolset: 'sound',
  description:
    'Selects a track of the flat bank and its first device: either `index` (0–63 from sound_list_tracks) or `move` (first, next, previous). The selection ' +
    'decides which device the device, control and Grid tools act on and where song imports go. The human sees the selection move. ' +
    SELECTION_WRITE +
    ' Changes the selection only, which is not an undo step: Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    index: z.number().int().min(0).max(63).optional().describe('Bank index 0–63'),
    move: z.enum(['first', 'next', 'previous']).optional().describe('Instead of index: bank navigation'),
  }),
  output: WritePayload,
  handle: async (args, ctx) => asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.selectTrack(args, args, authorityOf(ctx, undefined))),
});
