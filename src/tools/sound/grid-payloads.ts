import * as z from 'zod';
import type { ToolContext } from '../context.js';
import type { GridOp } from '../../sound-client/grid.js';
import { asWrite, authorityOf, ConfirmationToken, ExpectedRevision, PatchSessionId, WRITE, WritePayload } from './payloads.js';

/** What a Grid graph write returns: the write result, the read-back check, and the patch session. */
export const GridWritePayload = WritePayload.extend({
  verification: z
    .strictObject({ ok: z.boolean(), checked: z.array(z.string()), problems: z.array(z.string()) })
    .optional()
    .describe("The adapter's read-back of the graph after the host said ok"),
  patch_session: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Where the patch session stands after this step: state, last verified revision, the latest step (grid_get_patch_session has all), frozen reason'),
  before_snapshot: z.record(z.string(), z.unknown()).optional().describe('grid_clear_graph: the whole graph as read right before the clear'),
  tool: z.string().optional(),
});
export type GridWritePayload = z.infer<typeof GridWritePayload>;

const GRAPH_GUARD =
  'Sent as `guard REVISION …`: bound to expected_revision when you pass it (the host refuses the write if the graph changed since you reviewed it), to the ' +
  "session's last verified revision inside a patch session, else to a fresh revision the adapter reads — which guards dispatch but binds the write to " +
  'no reviewed snapshot (the reply notes it). ' +
  "With patch_session_id it is the session's next step: checked against the session's revision first (a graph changed by another writer freezes the " +
  'session, and nothing is sent), then verified by reading the graph back; a failed verification or a lost reply freezes the session too. Nothing is ' +
  'ever replayed or rolled back. ';
/** What every guarded Grid graph write says about its guard and its authorization. */
export const GRAPH_WRITE = GRAPH_GUARD + WRITE;

/** The guard fields every Grid graph write takes after its own (grid_clear_graph requires its revision instead). */
const GRAPH_GUARD_FIELDS = { expected_revision: ExpectedRevision, patch_session_id: PatchSessionId, confirmation_token: ConfirmationToken };

/** A Grid graph write's input: the write's own fields, then the guard fields. */
export function graphWriteInput<T extends z.ZodRawShape>(fields: T): z.ZodObject<T & typeof GRAPH_GUARD_FIELDS, z.core.$strict> {
  return z.strictObject({ ...fields, ...GRAPH_GUARD_FIELDS });
}

/** The guard a Grid graph write's call carries: the reviewed revision, the patch session, the confirmation. */
type GraphWriteArgs = Record<string, unknown> & {
  readonly expected_revision?: string;
  readonly patch_session_id?: string;
  readonly confirmation_token?: string;
};

/** Sends one Grid graph write through the adapter, guarded and authorized by the call's own arguments. */
export async function applyGraphWrite(ctx: ToolContext, args: GraphWriteArgs, op: GridOp): Promise<GridWritePayload> {
  return asWrite<GridWritePayload>(await ctx.soundAdapter.grid.apply(op, args, args, authorityOf(ctx, args.confirmation_token)));
}
