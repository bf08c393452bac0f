import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import { CuePayload, listInput, timeInputs, toCuePayload } from './payloads.js';

export default defineTool({
  name: 'edit_cue',
  title: 'Edit or remove a cue',
  toolset: 'cues',
  description:
    "Changes a cue's number (renumbering moves it; a number the list has is refused), label, times (ms, 0–600000) or follow " +
    '(`followMs`, null removes it), or removes the cue (`remove: true`). Its look stays; to change the look, remove the cue and ' +
    'record_cue again. Undoable (one step).',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    cue: z.number().describe("The cue's number"),
    number: z.number().optional().describe('New number'),
    label: z.string().optional(),
    ...timeInputs,
    followMs: z.number().nullable().optional().describe('Follow time, ms; null removes the follow'),
    remove: z.boolean().optional().describe('Remove the cue'),
  }),
  output: z.strictObject({ list: z.string(), cue: CuePayload, removed: z.boolean() }),
  handle: ({ list, cue, remove, ...edit }, { light, origin }) => {
    if (remove === true) {
      if (Object.values(edit).some((v) => v !== undefined)) throw invalidArgument('remove takes the list and cue alone');
      return { list, cue: toCuePayload(light.cues.removeCue(origin, list, cue)), removed: true };
    }
    if (Object.values(edit).every((v) => v === undefined)) throw invalidArgument('give what to change (number, label, times, followMs) or remove: true');
    return { list, cue: toCuePayload(light.cues.editCue(origin, list, cue, edit)), removed: false };
  },
});
