import * as z from 'zod';
import { removeEffect } from '../../light/operations/effects.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { RemovalPayload, toRemovalPayload } from './payloads.js';

export default defineTool({
  name: 'remove_effect',
  title: 'Remove an effect',
  toolset: 'structure',
  description:
    'Removes an effect from its chain, with its modulators; modulations elsewhere that read from or drive it are removed too ' +
    '(`removedWiring`). A locked effect is refused: unlock it first with set_parameter on .../locked. Later effects move up ' +
    'one path slot (`pathChanges`). Undo restores it all with the same ids. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('effect', '/lx/mixer/channel/1/effect/1')),
  output: RemovalPayload,
  handle: ({ path, id }, { light, origin }) => toRemovalPayload('effect', removeEffect(light, { path, id }, origin)),
});
