import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { applyGraphWrite, GRAPH_WRITE, GridWritePayload, graphWriteInput } from './grid-payloads.js';

export default defineTool({
  name: 'grid_connect',
  title: 'Connect two Grid ports',
  toolset: 'grid',
  description:
    'Adds a cord from output port `source_port` (0-based) of a module or modulator (`source_kind`) to input port `target_port` of a module in the selected ' +
    "Grid. An input may take several cords (they sum); any signal type may feed any input (the reply's types_match says whether they agree). Ports come " +
    'from grid_get_state. The host refuses the same cord twice, bad ports and modulator targets. ' +
    GRAPH_WRITE +
    ' Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: graphWriteInput({
    source_kind: z.enum(['module', 'modulator']).default('module'),
    source_id: z.number().int().min(0),
    source_port: z.number().int().min(0).max(64),
    target_id: z.number().int().min(0).describe('A module id'),
    target_port: z.number().int().min(0).max(64),
  }),
  output: GridWritePayload,
  handle: async (args, ctx) =>
    applyGraphWrite(ctx, args, {
      op: 'connect',
      source_kind: args.source_kind,
      source_id: args.source_id,
      source_port: args.source_port,
      target_id: args.target_id,
      target_port: args.target_port,
    }),
});
