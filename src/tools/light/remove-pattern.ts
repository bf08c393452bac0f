import * as z from 'zod';
import { removePattern } from '../../light/operations/patterns.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { RemovalPayload, toRemovalPayload } from './payloads.js';

export default defineTool({
  name: 'remove_pattern',
  title: 'Remove a pattern',
  toolset: 'structure',
  description:
    'Removes a pattern from its channel, with its effects and modulators. Modulations elsewhere that read from or drive it ' +
    'are removed too (`removedWiring`). Later patterns move up one path slot (`pathChanges`); if it was active, the channel ' +
    'switches to the pattern that takes its place. Undo restores it all with the same ids and the same active pattern. ' +
    'Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('pattern', '/lx/mixer/channel/1/pattern/2')),
  output: RemovalPayload,
  handle: ({ path, id }, { light, origin }) => toRemovalPayload('pattern', removePattern(light, { path, id }, origin)),
});
