import type * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { StepTargetInput } from '../core/history-payloads.js';
import { asWrite, authorityOf, ConfirmationToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_undo',
  title: "Undo the sound host's latest steps",
  toolset: 'sound',
  description:
    "Sends protocol-3 `undo`: takes back the host's latest global step — whoever made it (another agent, the console, the light engine in Footlight's " +
    'shared history). It is not a session rollback. `steps: N` takes back N steps and `toSeq: S` every step after step S, in one host operation (the ' +
    'same arguments as undo); the native reply lists every step undone, and `stopped` names a step that could not be. The write is bound to the ' +
    'history as previewed (its depths and next steps): if another step lands first, the confirmation is stale. Re-read selection, graph and song state ' +
    'afterwards. ' +
    WRITE +
    ' Undoable: sound_redo performs the steps again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: StepTargetInput.extend({ confirmation_token: ConfirmationToken }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.undoRedo('undo', args, authorityOf(ctx, args.confirmation_token))),
});
