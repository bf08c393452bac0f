import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_get_history',
  title: "Read the sound host's undo history",
  toolset: 'sound',
  description:
    "The host's project name, whether it is modified since the last save or open, and its undo/redo availability: depths and the next step each way with " +
    'its label and who made it (surface and session). The history is global and shared with every writer (in Footlight: the light engine, the console, ' +
    'OSC and every MCP session), so check next_undo before sound_undo if you mean to undo only your own step. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('history')),
});
