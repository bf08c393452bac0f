import * as z from 'zod';
import { defineTool } from '../define-tool.js';

const MAX_FRAMES = 64;
const Assigned = z
  .strictObject({ by: z.string(), frame: z.number().int(), at: z.string() })
  .describe('An assigned slice: the leader that assigned it, the frame the node switched at, when the leader decided');

export default defineTool({
  name: 'get_cluster_status',
  title: 'Check the cluster node',
  toolset: 'cluster',
  description:
    'This process as a node of a cluster (serve --cluster, docs/cluster.md): its role (leader runs the show and logs every write and frame; render ' +
    'replays the log, sends writes to the leader and takes over when the lease lapses), its name, the leader and its lease, the last frame it rendered, ' +
    'how many frames it is behind the log, and the SHA-256 of recent frames. Give `frames` to compare the same frame numbers across nodes: ' +
    'equal digests mean equal colors. `clustered` is false for a process on its own.',
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
    lease: z
      .strictObject({ holder: z.string(), term: z.number().int(), expiresAt: z.string().optional() })
      .optional()
      .describe('The leader lease: its holder, its term, when it lapses unless renewed'),
    presenting: z
      .enum(['leading', 'following', 'flywheel', 'held', 'black'])
      .optional()
      .describe('flywheel: no ticks, frames on its own clock; then held (its last frame) or black (serve --flywheel-end)'),
    held: z.number().int().optional().describe('Writes the leader holds while the log is unreachable'),
    stopped: z.string().optional().describe('Why a render node stopped following the log'),
    mayLead: z.literal(false).optional().describe('serve --no-lead: this render node never takes the lease'),
    resuming: z.literal(true).optional().describe("A leader started again on the show's log: it replays it, then takes the lapsed lease"),
    deposed: z
      .strictObject({ by: z.string().nullable(), term: z.number().int().nullable(), frame: z.number().int() })
      .optional()
      .describe('This node led until another took the lease (who, its term, the frame this node was at): it follows the new leader now'),
    presentDelayMs: z.number().optional().describe('How long after the leader ran a frame this node presents (sends) it (serve --cluster-delay)'),
    checks: z.number().int().optional().describe("Frames compared with the leader's logged digest (with a slice: its canary region)"),
    diverged: z
      .strictObject({ since: z.number().int(), frame: z.number().int() })
      .optional()
      .describe("Present while this node's frames differ from the leader's: the first and newest differing frame"),
    repaired: z
      .strictObject({ count: z.number().int(), frame: z.number().int(), reason: z.string(), ms: z.number().int() })
      .optional()
      .describe("Render node: repairs from a checkpoint after it diverged; the last one's checkpoint frame, reason and ms"),
    repairFailed: z.string().optional().describe('Render node: why its last repair failed (restart it)'),
    rebuilt: z
      .strictObject({ count: z.number().int(), reason: z.string(), at: z.string() })
      .optional()
      .describe("Node restarted by serve on the leader's project after its show diverged in structure: how often, last reason, when"),
    late: z.number().int().optional().describe('Render node: frames presented after their time, once caught up'),
    catchingUp: z
      .strictObject({ behind: z.number().int() })
      .optional()
      .describe('Render node replaying the log after a late start: frames behind the newest tick; it sends no output until caught up'),
    caughtUp: z
      .strictObject({ ms: z.number().int(), frames: z.number().int(), calls: z.number().int() })
      .optional()
      .describe('Render node: how long its catch-up with the log took, and the frames and calls it replayed'),
    slice: z.array(z.string()).nullable().optional().describe('Fixtures this node renders and sends (serve --slice); null: all'),
    auto: z.literal(true).optional().describe('serve --slice auto: the leader assigns the slice'),
    assigned: Assigned.optional(),
    checkpoint: z
      .strictObject({ frame: z.number().int(), seq: z.number().int() })
      .optional()
      .describe('Leader: its newest stored checkpoint (the state after `frame`, at log sequence `seq`)'),
    joined: z
      .strictObject({ frame: z.number().int(), seq: z.number().int(), calls: z.number().int(), ms: z.number().int() })
      .optional()
      .describe('Render node: the checkpoint it joined from, the calls replayed to reach it, and how long that took (ms)'),
    nodes: z
      .array(
        z.strictObject({
          node: z.string(),
          role: z.enum(['leader', 'render']),
          slice: z.array(z.string()).nullable(),
          auto: z.literal(true).optional(),
          assigned: Assigned.optional(),
          universes: z.array(z.string()).describe('protocol/transport/host:port#universe'),
          lastSeen: z.string(),
          lag: z.number().int().nullable(),
          frame: z.number().int().nullable(),
          digest: z.string().nullable(),
        }),
      )
      .optional()
      .describe('The nodes as their registry entries say (rewritten about once a second)'),
    digests: z
      .array(z.strictObject({ frame: z.number().int(), digest: z.string().nullable().describe('null: not rendered here, or no longer kept') }))
      .describe('The digests of the frames asked for'),
    renderedAt: z.array(z.number().nullable()).describe('When this node rendered each of those frames (epoch ms; null: not kept)'),
  }),
  handle: ({ frames }, { cluster }) => {
    if (cluster === undefined) return { clustered: false, digests: [], renderedAt: [] };
    return {
      clustered: true,
      ...cluster.status(),
      nodes: cluster.members().nodes,
      digests: frames.map((frame) => ({ frame, digest: cluster.digestOf(frame) ?? null })),
      renderedAt: frames.map((frame) => cluster.renderedAt(frame) ?? null),
    };
  },
});
