import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { CueListPayload, toListPayload } from './payloads.js';

export default defineTool({
  name: 'list_cue_lists',
  title: 'List the cue lists',
  toolset: 'cues',
  description:
    "The show's cue lists with their cues (number, label, times, follow, how many values each sets and in which parts of the " +
    "show) and each list's status (running cue, next cue, fade progress). `list` narrows it to one list. Read-only.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ list: z.string().optional().describe('Only this list') }),
  output: z.strictObject({ lists: z.array(CueListPayload) }),
  handle: ({ list }, { light }) => {
    const lists = list === undefined ? light.cues.lists() : [light.cues.list(list)];
    return { lists: lists.map((l) => toListPayload(light.cues, l)) };
  },
});
