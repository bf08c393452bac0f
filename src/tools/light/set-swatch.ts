import * as z from 'zod';
import { setSwatch } from '../../light/operations/palette.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { SwatchPayload, toSwatchPayload } from './payloads.js';

export default defineTool({
  name: 'set_swatch',
  title: 'Recall a saved swatch',
  toolset: 'palette',
  description:
    "Makes a saved swatch the live one: every palette-linked pattern and effect takes its colors. With the palette's " +
    'transitions on (/lx/palette/transitionEnabled), the colors blend over the transition time (`transitioning: true`). ' +
    "Unlike firing the swatch's recall trigger, this is one undo step that puts the previous live colors back exactly. " +
    'Returns the live swatch after the recall. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject(target('saved swatch', '/lx/palette/swatches/1')),
  output: z.strictObject({
    recalled: z.string().describe('Path of the saved swatch'),
    swatch: SwatchPayload.describe('The live swatch now'),
    transitioning: z.boolean(),
  }),
  handle: ({ path, id }, { light, origin }) => {
    const r = setSwatch(light, { path, id }, origin);
    return { recalled: r.swatch.path, swatch: toSwatchPayload(light.lx.palette.swatch), transitioning: r.transitioning };
  },
});
