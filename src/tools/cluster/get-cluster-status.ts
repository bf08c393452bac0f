import * as z from 'zod';
import { defineTool } from '../define-tool.js';

const MAX_FRAMES = 64;

export default defineTool({
  name: 'get_cluster_status',
  title: 'Check the cluster node',
  toolset: 'cluster',
  description:
    'This process as a node of a cluster (serve --cluster, docs/cluster.md): its role (leader runs the show and logs every write and frame; ' +
    'render replays the log and sends writes to the leader), its name, the leader, the last frame it rendered, how many frames it is behind the ' +
    'log, and the SHA-256 of recent frames. Give `frames` to compare the same frame numbers across nodes: equal digests mean equal colors. ' +
    '`clustered` is false for a process on its own.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    frames: z
      .array(z.number().int().min(0))
      .max(MAX_FRAMES)
      .default([])
      .describe(`Frame numbers whose digests to return (at most ${MAX_FRAMES}; a node keeps about the last 20 s)`),
  }),
  output: z.strictObject({
    clustered: z.boolean(),
    role: z.enum(['leader', 'render']).optional(),
    node: z.string().optional(),
    leader: z.string().nullable().optional().describe('The leader node (null until a render node has read the start of the log)'),
    stream: z.string().optional().describe("The JetStream stream of the show's log"),
    connected: z.boolean().optional(),
    frame: z.number().int().nullable().optional().describe('The last frame rendered (0-based)'),
    lag: z.number().int().nullable().optional().describe('Frames behind the newest tick in the log (0 on the leader; null while unknown)'),
    digest: z.string().nullable().optional().describe('SHA-256 (hex) of the last frame'),
    calls: z.number().int().optional().describe('Writes appended (leader) or replayed (render node)'),
    failed: z.number().int().optional().describe('Appends refused (leader) or replayed calls that failed here (render node: it diverged)'),
    stopped: z.string().optional().describe('Why a render node stopped following the log'),
    digests: z
      .array(z.strictObject({ frame: z.number().int(), digest: z.string().nullable().describe('null: not rendered here, or no longer kept') }))
      .describe('The digests of the frames asked for'),
  }),
  handle: ({ frames }, { cluster }) => {
    if (cluster === undefined) return { clustered: false, digests: [] };
    return {
      clustered: true,
      ...cluster.status(),
      digests: frames.map((frame) => ({ frame, digest: cluster.digestOf(frame) ?? null })),
    };
  },
});
