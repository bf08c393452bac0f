import * as z from 'zod';
import { moveSwatch } from '../../light/operations/palette.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, SwatchPayload, toSwatchPayload } from './payloads.js';

export default defineTool({
  name: 'move_swatch',
  title: 'Move a saved swatch',
  toolset: 'palette',
  description:
    'Moves a saved swatch to a 0-based position (the order auto-cycle follows). Paths of the swatches between the two ' +
    'positions change (`pathChanges`). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({ ...target('saved swatch', '/lx/palette/swatches/2'), index: z.number().int().describe('0-based new position') }),
  output: z.strictObject({ swatch: SwatchPayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = moveSwatch(light, { path, id }, index, origin);
    return { swatch: toSwatchPayload(r.swatch), pathChanges: r.pathChanges };
  },
});
