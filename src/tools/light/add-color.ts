import * as z from 'zod';
import { addColor } from '../../light/operations/palette.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from './inputs.js';
import { SwatchPayload, toSwatchPayload } from './payloads.js';

export default defineTool({
  name: 'add_color',
  title: 'Add a color to a swatch',
  toolset: 'palette',
  description:
    'Adds a color to a swatch (default the live one, /lx/palette/swatch; or a saved swatch by path or id), starting as a ' +
    'copy of its last color. A swatch holds at most 5 colors. Set the new color through its primaryPath sub-parameters. ' +
    'Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ swatch: PathOrId.optional().describe('The swatch (default: the live swatch)') }),
  output: z.strictObject({ swatch: SwatchPayload }),
  handle: ({ swatch }, { light, origin }) => ({ swatch: toSwatchPayload(addColor(light, swatch === undefined ? undefined : asTarget(swatch), origin)) }),
});
