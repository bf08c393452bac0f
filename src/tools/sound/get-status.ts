import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { Native, READ_ONLY } from './payloads.js';

const CHECK_BY_EAR =
  "A write's ok: true (verified: false) proves the host took it, not that it sounds right. Check by ear: song_listen the region before the change, make the " +
  'change, song_listen the same region again, and compare integrated_lufs, the per-track peaks (silent_tracks, clipping_tracks), the band energies and ' +
  "centroid, the onsets and the monophonic notes; while the song plays, song_get_state's meters show the live levels.";

export default defineTool({
  name: 'sound_get_status',
  title: 'Check the sound host and its readiness',
  toolset: 'sound',
  description:
    'Connects to the protocol-3 sound host if needed (the built-in one, or the one `footlight serve --sound-host HOST:PORT` names) and proves readiness ' +
    'with read-only requests: ping, then capabilities — protocol 3, host and extension identity and version, the extension instance (it changes when ' +
    'the host restarts: every id, token and revision you hold is then void), graph availability, song features and limits (live_playback, ' +
    'meters_available, listen bounds). check_by_ear says how to verify a sound change. ' +
    "Also reports the operator's cooperative grant (on: sound writes run without per-call confirmation) and this process's workflow state: pending " +
    'confirmations, patch and shaping sessions, snapshots, song sessions, and the folders saves were written to. The adapter re-checks capabilities ' +
    'itself before the first request after any reconnect, so you never need a write to probe. Call this first, and again after any connection error. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: z.strictObject({
    ready: z.boolean().describe('Connected, and capabilities say protocol 3'),
    cooperative: z.boolean().describe("The operator's cooperative grant for sound writes, as of now (revocable at any time)"),
    connection: z
      .record(z.string(), z.unknown())
      .describe('endpoint, connected, ready, connections opened, open_connections (one per agent session or client), identity, ready_at, last_error'),
    capabilities: Native.optional(),
    ping: Native.optional(),
    error: z.string().optional().describe('Why the host is not ready (nothing was sent)'),
    workflow: z.record(z.string(), z.unknown()).describe('Process-local workflow state'),
    check_by_ear: z.string().describe('How to check a sound change: the loop to follow'),
  }),
  handle: async (_args, { soundAdapter, policy }) => {
    const s = await soundAdapter.status();
    return { ready: s.connection.ready, cooperative: policy.soundCooperative, ...s, connection: { ...s.connection }, check_by_ear: CHECK_BY_EAR };
  },
});
