import * as z from 'zod';

export const SnapshotPayload = z.strictObject({
  id: z.string(),
  taken_at: z.string(),
  host_instance: z.string(),
  device: z.strictObject({ instance_id: z.number(), track_id: z.number(), name: z.string(), uuid: z.string() }),
  selection_token: z.string(),
  controls: z.array(
    z.strictObject({ index: z.number().int(), id: z.string(), name: z.string(), value: z.number(), mcp_value: z.number(), display: z.string() }),
  ),
  graph: z.strictObject({ graph_id: z.string(), revision: z.string(), parameters: z.array(z.record(z.string(), z.unknown())) }).optional(),
  scope: z.string().describe('What a snapshot can and cannot observe'),
});

export const ComparisonPayload = z.strictObject({
  comparable: z.boolean().describe("False when the snapshot's device is not selected now, or the host restarted"),
  reason: z.string().optional(),
  selected_device: z.unknown().optional(),
  controls_changed: z.array(z.record(z.string(), z.unknown())),
  controls_unchanged: z.number().int(),
  grid_parameters_changed: z.array(z.record(z.string(), z.unknown())),
  grid_parameters_unchanged: z.number().int(),
  graph_revision_now: z.string().optional(),
});

export const ShapingPayload = z.strictObject({
  shaping_session_id: z.string().describe('Pass it as shaping_session_id to sound_set_controls and the shaping tools'),
  state: z.enum(['open', 'closed']),
  snapshot: SnapshotPayload,
  steps: z.array(z.record(z.string(), z.unknown())),
  created_at: z.string(),
  closed_at: z.string().optional(),
  needs_observation: z.boolean().optional().describe('A write under this session lost its reply: observe before trusting the record'),
});
