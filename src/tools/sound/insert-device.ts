import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, SelectionToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_insert_device',
  title: 'Insert a device',
  toolset: 'sound',
  description:
    'Inserts an installed device (uuid from sound_search_devices) relative to the selection: before / after / replace the selected device (in its chain), ' +
    "or at the start / end of the selected track's own chain. All need a selected track; before, after and replace also a selected device. The new " +
    'device becomes selected. The chain must accept its kind (no instrument on an audio, FX or master track or in an FX slot); the host refuses ' +
    'module/modulator UUIDs. ' +
    'Guarded by the selection_token (the one you pass, or a fresh read — the reply says which): the host refuses it if the selection changed. ' +
    WRITE +
    ' Undoable: one undo step (a replace too).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    position: z.enum(['before', 'after', 'start', 'end', 'replace']),
    uuid: z.string().min(1).max(128).regex(/^\S+$/, 'one token').describe('Device UUID from sound_search_devices'),
    selection_token: SelectionToken,
    confirmation_token: ConfirmationToken,
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.insertDevice(args, args, authorityOf(ctx, args.confirmation_token))),
});
