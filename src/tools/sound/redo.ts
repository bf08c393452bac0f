import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_redo',
  title: "Redo the sound host's latest undone step",
  toolset: 'sound',
  description:
    "Sends protocol-3 `redo`: performs again the host's latest undone global step, whoever undid it. Bound to the history as previewed: if the history " +
    'moves first, the confirmation is stale. ' +
    WRITE +
    ' Undoable: sound_undo takes it back again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ confirmation_token: ConfirmationToken }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.undoRedo('redo', args, authorityOf(ctx, args.confirmation_token))),
});
