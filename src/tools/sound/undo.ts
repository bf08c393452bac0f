import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_undo',
  title: "Undo the sound host's latest step",
  toolset: 'sound',
  description:
    "Sends protocol-3 `undo`: takes back the host's latest global step — whoever made it (another agent, the console, the light engine in Footlight's " +
    "shared history). It is not a session rollback. The write is bound to the history as previewed (the step's label, surface and session): if another " +
    'step lands first, the confirmation is stale. Re-read selection, graph and song state afterwards. ' +
    WRITE +
    ' Undoable: sound_redo performs the step again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ confirmation_token: ConfirmationToken }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.undoRedo('undo', args, authorityOf(ctx, args.confirmation_token))),
});
