import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { applyGraphWrite, GridWritePayload } from './grid-payloads.js';
import { ConfirmationToken, PatchSessionId, WRITE } from './payloads.js';

export default defineTool({
  name: 'grid_clear_graph',
  title: 'Clear the selected Grid patch (destructive)',
  toolset: 'grid',
  description:
    'DESTRUCTIVE: removes every module, modulator and cord of the selected Grid. Requires `expected_revision`, the revision of the graph you reviewed ' +
    '(grid_get_state): it is sent as `guard REVISION graph-clear`, so the host refuses it if anything changed since. ' +
    'The adapter reads the whole graph right before sending and keeps it: in the reply (`before_snapshot`, whether the clear succeeds, is refused or loses ' +
    'its reply — native.before too when the host sends it) and in a patch session (the one you pass, else one it opens; read it with ' +
    'grid_get_patch_session). A lost reply is requires_observation: never clear again blindly. ' +
    WRITE +
    ' Undoable: sound_undo rebuilds the graph with the same ids and revision.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    expected_revision: z
      .string()
      .regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits')
      .describe('The reviewed graph revision (required)'),
    patch_session_id: PatchSessionId,
    confirmation_token: ConfirmationToken,
  }),
  output: GridWritePayload,
  handle: async (args, ctx) => applyGraphWrite(ctx, args, { op: 'clear' }),
});
