import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { applyGraphWrite, GRAPH_WRITE, GridWritePayload, graphWriteInput } from './grid-payloads.js';

export default defineTool({
  name: 'grid_set_parameter',
  title: 'Set a Grid parameter (native value)',
  toolset: 'grid',
  description:
    'Writes one native parameter of a module (kind "module") or modulator (kind "modulator") in the selected Grid, addressed by the node id and the exact ' +
    'native parameter id as grid_get_state shows it (raw: "CUTOFF", "C#", "IN 2" — the adapter base64-encodes it). `value` is in the parameter\'s ' +
    'native domain: a number within min…max, an option index for enums, true/false for booleans; out of range is refused, never clamped. For musical ' +
    'units ("880 Hz", "-6 dB", "A3") call grid_resolve_value first and write the value it returns. ' +
    'The preview shows the current value and display; the reply reads the parameter back with its previous value. ' +
    GRAPH_WRITE +
    ' Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: graphWriteInput({
    kind: z.enum(['module', 'modulator']),
    node_id: z.number().int().min(0),
    parameter_id: z.string().min(1).max(256).describe('The exact native id, raw'),
    value: z.union([z.number(), z.boolean()]).describe('Native value: number, enum option index, or boolean'),
  }),
  output: GridWritePayload,
  handle: async (args, ctx) =>
    applyGraphWrite(ctx, args, { op: 'set', kind: args.kind, node_id: args.node_id, parameter_id: args.parameter_id, value: args.value }),
});
