import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, SelectionToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_remove_device',
  title: 'Remove the selected device',
  toolset: 'sound',
  description:
    'Removes exactly the selected device — with everything in its slots and, for a Grid, its patch. The selection moves to the device now at its position, ' +
    'else the previous one, else the container. The preview names what goes. ' +
    'Guarded by the selection_token (yours, or a fresh read — the reply says which): the host refuses it if the selection changed. ' +
    WRITE +
    ' Undoable: sound_undo restores the device with its ids, slots and Grid graph.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ selection_token: SelectionToken, confirmation_token: ConfirmationToken }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.removeDevice(args, args, authorityOf(ctx, args.confirmation_token))),
});
