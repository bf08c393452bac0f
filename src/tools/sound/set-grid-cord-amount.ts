import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { applyGraphWrite, GRAPH_WRITE, GridWritePayload, graphWriteInput } from './grid-payloads.js';

export default defineTool({
  name: 'grid_set_cord_amount',
  title: "Set a modulator cord's depth",
  toolset: 'grid',
  description:
    'Sets the depth (amount, bipolar −1…1; new cords start at 1) of an existing cord from a modulator to a module input in the selected Grid; ' +
    "grid_get_state shows each cord's amount. Module cords have no amount. " +
    GRAPH_WRITE +
    ' Undoable: one undo step (none when unchanged).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: graphWriteInput({
    source_id: z.number().int().min(0).describe('A modulator id'),
    source_port: z.number().int().min(0).max(64),
    target_id: z.number().int().min(0).describe('A module id'),
    target_port: z.number().int().min(0).max(64),
    amount: z.number().min(-1).max(1),
  }),
  output: GridWritePayload,
  handle: async (args, ctx) =>
    applyGraphWrite(ctx, args, {
      op: 'amount',
      source_id: args.source_id,
      source_port: args.source_port,
      target_id: args.target_id,
      target_port: args.target_port,
      amount: args.amount,
    }),
});
