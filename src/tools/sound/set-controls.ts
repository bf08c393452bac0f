import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, SelectionToken, WRITE, WritePayload } from './payloads.js';

const Output = WritePayload.extend({
  controls: z
    .array(z.strictObject({ index: z.number().int(), name: z.string().optional(), mcp_value: z.number(), value: z.number(), display: z.string().optional() }))
    .optional()
    .describe('What the host holds now, read back (MCP scale and normalized)'),
  shaping_session: z.strictObject({ shaping_session_id: z.string(), steps: z.number().int(), state: z.string() }).optional(),
});

export default defineTool({
  name: 'sound_set_controls',
  title: 'Set exposed controls of the selected device',
  toolset: 'sound',
  description:
    "Writes one or more of the selected device's 8 exposed controls, on the MCP scale 0–128 (the adapter sends value / 128 on the native 0–1 scale; out of " +
    'range is refused, never clamped). One control is sent as `set`, several as one `batch` (serialized, one undo step, not all-or-nothing). Booleans ' +
    'and enums quantize: the reply reports what the host holds (`controls`, read back). ' +
    "Bound to the selection token: the preview names the device and each control's current display; a changed selection is refused. With shaping_session_id " +
    'the write is recorded as a step of that shaping session (it must shape the selected device). ' +
    WRITE +
    ' Undoable: sound_undo.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    controls: z
      .array(
        z.strictObject({
          index: z.number().int().min(1).max(8).describe('Exposed control 1–8'),
          value: z.number().min(0).max(128).describe('MCP scale 0–128'),
        }),
      )
      .min(1)
      .max(8),
    selection_token: SelectionToken,
    shaping_session_id: z.string().min(1).max(64).optional().describe('Record this write in a shaping session (sound_begin_shaping_session)'),
    confirmation_token: ConfirmationToken,
  }),
  output: Output,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof Output>>(await ctx.soundAdapter.devices.setControls(args, args, authorityOf(ctx, args.confirmation_token))),
});
