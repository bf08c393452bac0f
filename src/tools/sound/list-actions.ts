import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_list_actions',
  title: "List the host's application actions",
  toolset: 'sound',
  description:
    "Searches the host's application actions (every word of `query` must match the name or category; none lists all): each has its wire `id` — a " +
    'percent-escaped token to pass unchanged to sound_invoke_action (e.g. "Create%20Instrument%20Track") —, raw_id, name, category and whether it makes ' +
    'an undo step. Actions act on the current selection. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ query: z.string().max(200).optional().describe('Words to match, e.g. "track" or "transport"') }),
  output: ReadPayload,
  handle: async ({ query }, { soundAdapter }) => asRead(await soundAdapter.core.search('actions', query)),
});
