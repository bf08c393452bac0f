import * as z from 'zod';

/** Patch session payloads, shared by the three session tools. */
export const PatchReportPayload = z.strictObject({
  patch_session_id: z.string().describe('Pass it as patch_session_id to the Grid write tools'),
  origin: z.string().describe('explicit, or grid_clear_graph when a clear opened it to keep its before snapshot'),
  state: z.enum(['open', 'frozen', 'closed']),
  graph_id: z.string(),
  device: z.record(z.string(), z.unknown()),
  before_revision: z.string(),
  current_revision: z.string().describe('The last verified revision: the next step is reviewed against it'),
  applied_steps: z.number().int(),
  steps: z
    .array(z.record(z.string(), z.unknown()))
    .describe(
      'Every step: tool, command, authorization, outcome (applied, refused, stale, verification_failed, requires_observation), revisions, verification',
    ),
  frozen: z.record(z.string(), z.unknown()).optional().describe('Why and at which step it froze'),
  where: z.string().describe('Exactly where the session stands'),
  next: z.string(),
  created_at: z.string(),
  closed_at: z.string().optional(),
  before_graph: z.record(z.string(), z.unknown()).optional().describe('The graph when the session began, whole: evidence, not a restore program'),
});
