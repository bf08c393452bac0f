import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, SelectionToken, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'sound_set_device_parameter',
  title: 'Set any parameter of the selected device',
  toolset: 'sound',
  description:
    'Writes one native parameter of the selected device by its exact id (sound_get_device_state lists them under native.parameters) and native value — ' +
    "including those past the 8 exposed controls: VOICES (polyphony), the Sampler's SAMPLE / ROOT_KEY / KIT, the Arpeggiator's SYNC / RATE_SYNC. Not " +
    'the 0–128 control scale: numbers in min…max (whole numbers where integer), enum option indexes, booleans true/false. Guarded by the ' +
    'selection_token. ' +
    WRITE +
    ' Undoable: one undo step (none when unchanged).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    parameter_id: z.string().min(1).max(256).describe('Exact native id, case-sensitive'),
    value: z.union([z.number(), z.boolean()]).describe('Native value'),
    selection_token: SelectionToken,
    confirmation_token: ConfirmationToken,
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.setParameter(args, args, authorityOf(ctx, args.confirmation_token))),
});
