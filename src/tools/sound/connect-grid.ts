import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { GRAPH_GUARD, GridWritePayload } from './grid-payloads.js';
import { asWrite, authorityOf, ConfirmationToken, ExpectedRevision, PatchSessionId, WRITE } from './payloads.js';

export default defineTool({
  name: 'grid_connect',
  title: 'Connect two Grid ports',
  toolset: 'grid',
  description:
    'Adds a cord from output port `source_port` (0-based) of a module or modulator (`source_kind`) to input port `target_port` of a module in the selected ' +
    "Grid. An input may take several cords (they sum); any signal type may feed any input (the reply's types_match says whether they agree). Ports come " +
    'from grid_get_state. The host refuses the same cord twice, bad ports and modulator targets. ' +
    GRAPH_GUARD +
    WRITE +
    ' Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    source_kind: z.enum(['module', 'modulator']).default('module'),
    source_id: z.number().int().min(0),
    source_port: z.number().int().min(0).max(64),
    target_id: z.number().int().min(0).describe('A module id'),
    target_port: z.number().int().min(0).max(64),
    expected_revision: ExpectedRevision,
    patch_session_id: PatchSessionId,
    confirmation_token: ConfirmationToken,
  }),
  output: GridWritePayload,
  handle: async (args, ctx) =>
    asWrite<GridWritePayload>(
      await ctx.soundAdapter.grid.apply(
        {
          op: 'connect',
          source_kind: args.source_kind,
          source_id: args.source_id,
          source_port: args.source_port,
          target_id: args.target_id,
          target_port: args.target_port,
        },
        args,
        args,
        authorityOf(ctx, args.confirmation_token),
      ),
    ),
});
