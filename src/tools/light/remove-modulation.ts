import * as z from 'zod';
import { removeModulation } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { RemovalPayload, toRemovalPayload } from './payloads.js';

export default defineTool({
  name: 'remove_modulation',
  title: 'Remove a modulation',
  toolset: 'modulation',
  description:
    'Removes a modulation (.../modulation/modulation/N) or a trigger mapping (.../modulation/trigger/N); a modulation of ' +
    'its depth goes with it (`removedWiring`). The target keeps its base value. Later wirings in the same engine move up a ' +
    "path slot (`pathChanges`). Undo restores it with its id, depth and place in the target's sum. Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('modulation or trigger mapping', '/lx/modulation/modulation/1')),
  output: RemovalPayload,
  handle: ({ path, id }, { light, origin }) => {
    const r = removeModulation(light, { path, id }, origin);
    return toRemovalPayload(r.kind, r);
  },
});
