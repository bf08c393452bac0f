import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, SELECTION_WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_toggle_device_editor',
  title: 'Open or close the device editor window',
  toolset: 'sound',
  description:
    "Opens the selected device's editor window on the host's screen, or closes it if open; the reply reports window_open. It changes what the human sees, " +
    'nothing in the project. ' +
    SELECTION_WRITE +
    ' Not an undo step: Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: WritePayload,
  handle: async (args, ctx) => asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.toggleEditor(args, authorityOf(ctx, undefined))),
});
