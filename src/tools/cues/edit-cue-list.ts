import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import { CueListPayload, listInput, toListPayload } from './payloads.js';

export default defineTool({
  name: 'edit_cue_list',
  title: 'Rename, change the mode of, or remove a cue list',
  toolset: 'cues',
  description:
    'Renames a cue list (`name`; a running list keeps running under the new name), switches its `mode` (tracking or cue-only; ' +
    'the next Go uses it), or removes it (`remove: true`; a running list stops where it is, its values stay). Undoable (one ' +
    'step; undoing a removal brings the list back released).',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    name: z.string().optional().describe('New name'),
    mode: z.enum(['tracking', 'cue-only']).optional(),
    remove: z.boolean().optional().describe('Remove the list'),
  }),
  output: z.strictObject({ list: CueListPayload.nullable().describe('The list after the edit; null when removed'), removed: z.string().nullable() }),
  handle: ({ list, name, mode, remove }, { light, origin }) => {
    if (remove === true) {
      if (name !== undefined || mode !== undefined) throw invalidArgument('remove takes the list alone, not name or mode');
      return { list: null, removed: light.cues.removeList(origin, list).name };
    }
    if (name === undefined && mode === undefined) throw invalidArgument('give name, mode or remove: true');
    return { list: toListPayload(light.cues, light.cues.editList(origin, list, { name, mode })), removed: null };
  },
});
