import { withPathChanges } from '../../light/operations/path-changes.js';
import * as z from 'zod';
import { addView } from '../../light/operations/views.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from './inputs.js';
import { ViewPayload, toViewPayload, PathChangesPayload } from './payloads.js';

export default defineTool({
  name: 'add_view',
  title: 'Add a view',
  toolset: 'views',
  description:
    'Adds a view definition: a named subset of the model selected by tags. Selector grammar: a TAG (letters, digits, _ . - /) ' +
    'selects every model node with that tag; `a b` (space) selects b inside a; `a > b` only b directly under a; `a & b` keeps ' +
    'a that also carry b; `a, b` is the union; `a; b` makes separate groups (each normalized on its own); `a*` or `a* b` ' +
    'makes one group per a (searching b inside each). A tag may take a 0-based index range: `strip[0]`, `strip[2-5]` ' +
    '(inclusive), `[even]`, `[odd]`, `[:2]` (every 2nd), `[1:3]` (from 1, every 3rd), `[2-8:2]`. Examples: "grid", ' +
    '"strip[0-3], arc", "panel* row[even]". A selector that does not parse is refused with the position of the problem. ' +
    "`normalization` relative (coordinates renormalized to the view, default) or absolute (the whole model's); " +
    "`orientation` group normalizes each group in its own fixture's frame (relative only). Returns how many points it " +
    'selects (0 means its users would render the whole model: check your tags with list_views). To render a channel or ' +
    "device into it, set its .../view to the view's label. Views after `index` shift (`pathChanges`). Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    label: labelInput('Name of the view, e.g. "Left wall"'),
    selector: z.string().max(1024).describe('Tag selector, e.g. "strip[0-3], arc"'),
    normalization: z.enum(['relative', 'absolute']).optional().describe('relative (default) or absolute'),
    orientation: z.enum(['global', 'group']).optional().describe('global (default) or group'),
    priority: z.boolean().optional().describe("List it on devices' priority view selector (default true)"),
    index: z.number().int().optional().describe('0-based position in the view list (default: the end)'),
  }),
  output: z.strictObject({ view: ViewPayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = withPathChanges(light.lx, () => addView(light, args, origin));
    return { view: toViewPayload(r.result, []), pathChanges: r.pathChanges };
  },
});
