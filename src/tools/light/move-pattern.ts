import * as z from 'zod';
import { movePattern } from '../../light/operations/patterns.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, PatternPayload, toPatternPayload } from './payloads.js';

export default defineTool({
  name: 'move_pattern',
  title: 'Move a pattern in its channel',
  toolset: 'structure',
  description:
    'Moves a pattern to a 0-based position within its channel or rack (the playlist order; in blend mode, the mixing order). The ' +
    "active pattern stays active. `pathChanges` lists every path that changed, the patterns' effects and modulators " +
    'included. To move a pattern to another channel, copy_pattern it there, then remove_pattern the original. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({ ...target('pattern', '/lx/mixer/channel/1/pattern/3'), index: z.number().int().describe('0-based new position') }),
  output: z.strictObject({ pattern: PatternPayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = movePattern(light, { path, id }, index, origin);
    return { pattern: toPatternPayload(r.pattern), pathChanges: [...r.pathChanges] };
  },
});
