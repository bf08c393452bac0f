import * as z from 'zod';
import { removeModulator } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { RemovalPayload, toRemovalPayload } from './payloads.js';

export default defineTool({
  name: 'remove_modulator',
  title: 'Remove a modulator',
  toolset: 'modulation',
  description:
    'Removes a modulator and every modulation and trigger mapping wired from it or into its controls (`removedWiring`), in ' +
    'one step. Later modulators in its scope move up a path slot (`pathChanges`). Undo brings all of it back with the same ' +
    'ids and state. Built-in modulators of a pattern cannot be removed. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('modulator', '/lx/modulation/modulator/1')),
  output: RemovalPayload,
  handle: ({ path, id }, { light, origin }) => toRemovalPayload('modulator', removeModulator(light, { path, id }, origin)),
});
