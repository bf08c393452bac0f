import type * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { StepTargetInput } from '../core/history-payloads.js';
import { asWrite, authorityOf, ConfirmationToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_redo',
  title: "Redo the sound host's latest undone steps",
  toolset: 'sound',
  description:
    "Sends protocol-3 `redo`: performs again the host's latest undone global step, whoever undid it. `steps: N` redoes N steps and `toSeq: S` every " +
    'undone step up to and including S, in one host operation (the same arguments as redo). Bound to the history as previewed: if the history ' +
    'moves first, the confirmation is stale. ' +
    WRITE +
    ' Undoable: sound_undo takes them back again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: StepTargetInput.extend({ confirmation_token: ConfirmationToken }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.undoRedo('redo', args, authorityOf(ctx, args.confirmation_token))),
});
