import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { GRAPH_GUARD, GridWritePayload } from './grid-payloads.js';
import { asWrite, authorityOf, ConfirmationToken, ExpectedRevision, PatchSessionId, WRITE } from './payloads.js';

export default defineTool({
  name: 'grid_disconnect',
  title: 'Disconnect a Grid input',
  toolset: 'grid',
  description:
    'Removes every cord into one module input (target_id, target_port) of the selected Grid; the preview lists the cords that go. The host refuses an input ' +
    'with nothing connected, a bad port and modulator targets. ' +
    GRAPH_GUARD +
    WRITE +
    ' Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    target_id: z.number().int().min(0),
    target_port: z.number().int().min(0).max(64),
    expected_revision: ExpectedRevision,
    patch_session_id: PatchSessionId,
    confirmation_token: ConfirmationToken,
  }),
  output: GridWritePayload,
  handle: async (args, ctx) =>
    asWrite<GridWritePayload>(
      await ctx.soundAdapter.grid.apply(
        { op: 'disconnect', target_id: args.target_id, target_port: args.target_port },
        args,
        args,
        authorityOf(ctx, args.confirmation_token),
      ),
    ),
});
