import * as z from 'zod';
import { saveSwatch } from '../../light/operations/palette.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from './inputs.js';
import { SwatchPayload, toSwatchPayload } from './payloads.js';

export default defineTool({
  name: 'save_swatch',
  title: 'Save the live swatch',
  toolset: 'palette',
  description:
    "Saves the live swatch's colors (modes, primary and secondary colors, periods) as a new saved swatch, labelled " +
    '"Swatch-N" unless `label` is given, at `index` (0-based; default the end). Returns it with its path and recall ' +
    'trigger; set_swatch recalls it later. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    label: labelInput('Name of the saved swatch (default Swatch-N)').optional(),
    index: z.number().int().optional().describe('0-based position among the saved swatches (default: the end)'),
  }),
  output: z.strictObject({ swatch: SwatchPayload }),
  handle: (args, { light, origin }) => ({ swatch: toSwatchPayload(saveSwatch(light, args, origin)) }),
});
