import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { listInput, StatusPayload } from './payloads.js';

export default defineTool({
  name: 'get_cue_list_status',
  title: 'Cue list status',
  toolset: 'cues',
  description:
    "Where a cue list is: released, running, paused or releasing; the current and next cue; the running fade's progress (0–1), " +
    'length and elapsed time; and when the next cue follows by itself. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ list: listInput }),
  output: StatusPayload,
  handle: ({ list }, { light }) => light.cues.status(list),
});
