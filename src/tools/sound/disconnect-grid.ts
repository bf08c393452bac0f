import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { applyGraphWrite, GRAPH_WRITE, GridWritePayload, graphWriteInput } from './grid-payloads.js';

export default defineTool({
  name: 'grid_disconnect',
  title: 'Disconnect a Grid input',
  toolset: 'grid',
  description:
    'Removes every cord into one module input (target_id, target_port) of the selected Grid; the preview lists the cords that go. The host refuses an input ' +
    'with nothing connected, a bad port and modulator targets. ' +
    GRAPH_WRITE +
    ' Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: graphWriteInput({
    target_id: z.number().int().min(0),
    target_port: z.number().int().min(0).max(64),
  }),
  output: GridWritePayload,
  handle: async (args, ctx) => applyGraphWrite(ctx, args, { op: 'disconnect', target_id: args.target_id, target_port: args.target_port }),
});
