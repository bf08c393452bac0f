import * as z from 'zod';
import { removeColor } from '../../light/operations/palette.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from './inputs.js';
import { RemovedPayload, SwatchPayload, toSwatchPayload } from './payloads.js';

export default defineTool({
  name: 'remove_color',
  title: "Remove a swatch's last color",
  toolset: 'palette',
  description:
    'Removes the last color of a swatch (default the live one; or a saved swatch by path or id). A swatch keeps at least ' +
    'one color. Palette-linked devices that used a removed slot fall back to the last color. Undo puts it back. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ swatch: PathOrId.optional().describe('The swatch (default: the live swatch)') }),
  output: z.strictObject({ ...RemovedPayload, swatch: SwatchPayload }),
  handle: ({ swatch }, { light, origin }) => {
    const r = removeColor(light, swatch === undefined ? undefined : asTarget(swatch), origin);
    return { removed: r.removed, kind: 'color', id: r.id, swatch: toSwatchPayload(r.swatch) };
  },
});
