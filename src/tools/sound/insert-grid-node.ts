import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { applyGraphWrite, GRAPH_WRITE, GridWritePayload, graphWriteInput } from './grid-payloads.js';

export default defineTool({
  name: 'grid_insert_node',
  title: 'Insert a Grid module or modulator',
  toolset: 'grid',
  description:
    'Inserts a module (kind "module", uuid from grid_search_modules) or a modulator (kind "modulator", uuid from grid_search_modulators) into the selected ' +
    'Grid at integer coordinates x, y in −4096…4096; one cell holds one node. The reply carries the new node (its id for grid_connect and ' +
    'grid_set_parameter) and the new revision. The host refuses an occupied cell, a UUID of the other kind, and modules the Grid does not offer. ' +
    GRAPH_WRITE +
    ' Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: graphWriteInput({
    kind: z.enum(['module', 'modulator']),
    uuid: z.string().min(1).max(128).regex(/^\S+$/, 'one token'),
    x: z.number().int().min(-4096).max(4096),
    y: z.number().int().min(-4096).max(4096),
  }),
  output: GridWritePayload,
  handle: async (args, ctx) => applyGraphWrite(ctx, args, { op: 'insert', kind: args.kind, uuid: args.uuid, x: args.x, y: args.y }),
});
