import * as z from 'zod';
import type { CallAuthority } from '../../sound-client/authorization.js';
import type { ReadResult } from '../../sound-client/core.js';
import type { WriteResult } from '../../sound-client/results.js';
import type { ToolContext } from '../context.js';

/**
 * The sound tools' shared schemas and wording. Every reply keeps the host's native payload
 * whole (`native`), `ok: false` included; adapter-level fields sit beside it.
 */

export const Native = z.record(z.string(), z.unknown()).describe('The protocol-3 reply, whole and unchanged');
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');

export const ConfirmationToken = Hex64.optional().describe(
  'confirmation.token from an earlier confirmation_required reply of this tool, with exactly the same other arguments',
);
export const ExpectedRevision = Hex64.optional().describe(
  'The graph revision you reviewed (grid_get_state); the host refuses the write if the graph changed since. Omitted: the adapter reads a fresh one (and ' +
    'says so)',
);
export const PatchSessionId = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe('Apply this as the next reviewed step of a patch session (grid_begin_patch_session)');
const ProjectToken = Hex64.optional().describe(
  'The project_token you reviewed (song_get_state); refused as stale if the project changed. Omitted: a fresh read',
);
/** The guard fields every song write bound to the project token takes after its own. */
const PROJECT_GUARD_FIELDS = { project_token: ProjectToken, confirmation_token: ConfirmationToken };

/** A project-bound song write's input: the write's own fields, then the guard fields. */
export function projectWriteInput<T extends z.ZodRawShape>(fields: T): z.ZodObject<T & typeof PROJECT_GUARD_FIELDS, z.core.$strict> {
  return z.strictObject({ ...fields, ...PROJECT_GUARD_FIELDS });
}

/** A track's bank index in the song (main, effect and master tracks alike). */
export const TrackIndex = z.number().int().min(0).max(63);

/** A project-bound write to one track: track_index first, then the write's own fields, then the guard fields. */
export function trackWriteInput<T extends z.ZodRawShape>(
  fields: T,
): z.ZodObject<{ track_index: typeof TrackIndex } & T & typeof PROJECT_GUARD_FIELDS, z.core.$strict> {
  return projectWriteInput({ track_index: TrackIndex, ...fields });
}

export const SelectionToken = Hex64.optional().describe(
  'The selection_token you reviewed (sound_list_device_window / sound_inspect_device); refused as stale if the selection changed. Omitted: a fresh read',
);

export const READ_ONLY = 'Read-only: needs no authorization.';
export const WORKFLOW_ONLY =
  "Changes nothing in the host: it only touches this process's workflow state (lost when Footlight restarts), so it needs no authorization.";
/** The sound write contract, said once in the server instructions and the guide; each write tool points to it. */
export const SOUND_WRITE_CONTRACT =
  'Sound writes (tools that say "Sound write"): with the operator\'s cooperative grant on they run at once; otherwise the first call changes nothing and ' +
  'returns status "confirmation_required" with a preview and confirmation.token (a client with elicitation is asked instead), and the same call again ' +
  'plus confirmation_token runs it only if the bound state is unchanged (else stale). ' +
  'A lost reply after sending is status "requires_observation": read state first, never resend blindly. Host refusals are ok: false with the native reply. ' +
  'Many writes: sound_apply_plan previews them all and applies them on one confirmation.';

export const SELECTION_WRITE =
  'Runs at once, with no preview or confirmation: it changes no project content, and every write after it re-checks the selection it binds to.';
export const WRITE = 'Sound write (preview, then confirmation_token, unless the operator granted cooperative mode; see the instructions).';

export const ReadPayload = z.strictObject({
  ok: z.boolean().describe("The host's ok"),
  command: z.string().describe('The protocol-3 line sent'),
  native: Native,
  error: z.string().optional(),
  code: z.string().optional(),
  reason: z.string().optional(),
});

const GuardPayload = z.strictObject({
  kind: z.enum(['selection_token', 'selection', 'graph_revision', 'project_token', 'history', 'plan']),
  value: z.string(),
  source: z
    .enum(['caller', 'fresh_read', 'patch_session'])
    .describe("caller: the value you reviewed; fresh_read: read by the adapter for this call; patch_session: the session's last verified revision"),
});

export const WritePayload = z.strictObject({
  ok: z.boolean(),
  status: z.enum(['completed', 'refused', 'requires_observation', 'confirmation_required', 'declined', 'native_save_completed']),
  authorization: z
    .enum(['cooperative', 'confirmed', 'elicited', 'not_required'])
    .optional()
    .describe('How it was authorized (not_required: a selection or view change); absent when nothing was sent'),
  command: z.string().describe('The protocol-3 line sent, or the one a confirmation would send'),
  guard: GuardPayload.optional(),
  summary: z.string().optional().describe('What the write does, in one sentence for a human'),
  preview: z.record(z.string(), z.unknown()).optional().describe('What the adapter read before deciding: current state and what would change'),
  native: Native.optional(),
  error: z.string().optional(),
  code: z.string().optional(),
  reason: z.string().optional(),
  retry_performed: z.literal(false).optional().describe('Always false once something was sent: nothing is retried or replayed'),
  confirmation: z.strictObject({ token: z.string(), expires_at: z.string(), how: z.string() }).optional(),
  next: z.string().optional(),
  notes: z.array(z.string()).optional(),
});

/** The authority of one call: the operator's grant (read now), the session, the token, elicitation. */
export function authorityOf(ctx: ToolContext, confirmationToken: string | undefined): CallAuthority {
  if (ctx.planAuthority !== undefined) return ctx.planAuthority;
  const out: { -readonly [K in keyof CallAuthority]: CallAuthority[K] } = {
    cooperative: ctx.policy.soundCooperative,
    session: ctx.origin.session ?? 'unknown',
  };
  if (confirmationToken !== undefined) out.confirmationToken = confirmationToken;
  if (ctx.elicit !== undefined) out.elicit = ctx.elicit;
  return out;
}

/** The adapter's results are plain JSON objects already; these only tell the type checker so. */
export const asRead = (r: ReadResult): z.infer<typeof ReadPayload> => r as z.infer<typeof ReadPayload>;
export const asWrite = <T>(r: WriteResult): T => r as unknown as T;
export const asPayload = <T>(v: unknown): T => v as T;
