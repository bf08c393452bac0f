import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { CueListPayload, toListPayload } from './payloads.js';

export default defineTool({
  name: 'create_cue_list',
  title: 'Create a cue list',
  toolset: 'cues',
  description:
    'Creates an empty cue list (a show holds up to 64, each up to 1000 cues). `mode` tracking (default): a cue keeps what earlier ' +
    'cues set unless it changes it; cue-only: a cue shows its own values, and every other value the list sets goes back to what ' +
    'the show held when the list started. Then record_cue, and run_cue_list to run it. Saved with the light project. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    name: z.string().describe('A unique name, 1–64 characters, e.g. "Main"'),
    mode: z.enum(['tracking', 'cue-only']).default('tracking'),
  }),
  output: z.strictObject({ list: CueListPayload }),
  handle: ({ name, mode }, { light, origin }) => ({ list: toListPayload(light.cues, light.cues.createList(origin, name, mode)) }),
});
