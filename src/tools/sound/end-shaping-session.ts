import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asPayload, WORKFLOW_ONLY } from './payloads.js';
import { ShapingPayload } from './shaping-payloads.js';

export default defineTool({
  name: 'sound_end_shaping_session',
  title: 'End a shaping session',
  toolset: 'sound',
  description: 'Closes a shaping session: it takes no more steps and stays readable. Nothing is restored or rolled back. ' + WORKFLOW_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ shaping_session_id: z.string().min(1).max(64) }),
  output: ShapingPayload,
  handle: ({ shaping_session_id }, { soundAdapter }) => asPayload<z.infer<typeof ShapingPayload>>(soundAdapter.shaping.end(shaping_session_id)),
});
