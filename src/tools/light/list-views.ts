import * as z from 'zod';
import { tagVocabulary, viewUsers } from '../../light/operations/views.js';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { ViewPayload, toViewPayload } from './payloads.js';

export default defineTool({
  name: 'list_views',
  title: 'List the views',
  toolset: 'views',
  description:
    'Lists the view definitions (named subsets of the model) at /lx/structure/views/view/N: label, selector, normalization, ' +
    'orientation, how many points, fixtures and groups each selects now, which channel and device selectors render it ' +
    "(`usedBy`), and the model's tag vocabulary (`tags`, most used first) to write selectors with. A channel or device " +
    'renders a view when its `view` parameter is set to the view\'s label (set_parameter); "Default" renders its parent\'s. ' +
    'Paged (default 50): pass `nextCursor` back as `cursor`; a structure change between pages makes the cursor stale.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({ ...PageInput }),
  output: z.strictObject({
    views: z.array(ViewPayload),
    total: z.number().int(),
    tags: z
      .array(z.strictObject({ tag: z.string(), count: z.number().int() }))
      .describe('Model tags and how many model nodes carry each (first page only, at most 200)'),
    nextCursor: z.string().optional(),
  }),
  handle: ({ cursor, limit }, { light, engine }) => {
    const users = viewUsers(light);
    const p = page(light.structure.views.views.items, { list: 'views', cursor, limit: limit ?? 50, revision: engine.graph.structureRevision });
    const out: { views: ViewPayload[]; total: number; tags: { tag: string; count: number }[]; nextCursor?: string } = {
      views: p.items.map((v) => toViewPayload(v, users.get(v) ?? [])),
      total: p.total,
      tags: cursor === undefined ? tagVocabulary(light).slice(0, 200) : [],
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
