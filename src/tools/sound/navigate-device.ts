import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, SELECTION_WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_navigate_device',
  title: 'Move the device selection',
  toolset: 'sound',
  description:
    "Moves the device selection: next / previous among the selected device's siblings, parent (the container whose slot holds it, e.g. a Poly Grid holding " +
    "its FX), first (the first device of the selected track's own chain; works with no device selected), primary (the track's first instrument, else " +
    'its first device). The reply says whether it moved (false at either end) and what is selected now. ' +
    SELECTION_WRITE +
    ' Changes the selection only, which is not an undo step: Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    move: z.enum(['next', 'previous', 'parent', 'first', 'primary']),
  }),
  output: WritePayload,
  handle: async (args, ctx) => asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.navigateDevice(args, args, authorityOf(ctx, undefined))),
});
