import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_invoke_action',
  title: 'Invoke an application action',
  toolset: 'sound',
  description:
    'Invokes one host application action: `action_id` is the exact wire `id` sound_list_actions returned (percent-escaped, passed unchanged: ' +
    '"Create%20Instrument%20Track", "toggle_metronome", "Delete%20Track"…). Actions act on the current selection, so the write is bound to it; the ' +
    'preview names the action, whether it makes an undo step, and the selection it will act on. ' +
    'Prefer the dedicated tools where one exists (song_control_transport for transport, sound_undo/sound_redo for history). ' +
    WRITE +
    " Undoable when the action's `undoable` is true (track creation and deletion, metronome, arranger loop); transport and folding actions are not undo steps.",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    action_id: z.string().min(1).max(256).regex(/^\S+$/, 'the wire id, one token').describe("The action's wire `id` from sound_list_actions"),
    confirmation_token: ConfirmationToken,
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.invokeAction(args, args, authorityOf(ctx, args.confirmation_token))),
});
