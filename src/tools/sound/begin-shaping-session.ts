import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';
import { ShapingPayload } from './shaping-payloads.js';

export default defineTool({
  name: 'sound_begin_shaping_session',
  title: 'Begin a shaping session on the selected device',
  toolset: 'sound',
  description:
    'Starts a shaping session: takes a parameter snapshot of the selected device (exposed controls, plus Grid parameters for a Grid) and binds the session ' +
    'to that exact device selection. Pass its shaping_session_id to sound_set_controls: each write is recorded as a step with the values before and ' +
    'after (read back), and a write while another device is selected is refused. sound_get_shaping_session compares the device with the snapshot at any ' +
    'time. ' +
    'The session never restores or rolls back anything by itself; it is process-local (a restart loses it). ' +
    WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ShapingPayload,
  handle: async (_args, { soundAdapter }) => asPayload<z.infer<typeof ShapingPayload>>(await soundAdapter.shaping.begin()),
});
