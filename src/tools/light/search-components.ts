import * as z from 'zod';
import { COMPONENT_KINDS, searchComponents } from '../../light/search.js';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';

export default defineTool({
  name: 'search_components',
  title: 'Find components by name',
  toolset: 'discover',
  description:
    'Finds channels, groups, patterns, effects, modulators, fixtures and views whose label, class or path contains `query` ' +
    '(case-insensitive; exact label matches first), optionally only of one `kind` and only inside `underPath`. Returns ' +
    'paths, ids, labels and classes — a cheap way to locate something without listing the whole show. An empty query ' +
    'lists everything of the kind. Paged: pass `nextCursor` back as `cursor`; a cursor goes stale if the structure changes.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    query: z.string().max(200).describe('Text to look for, e.g. "noise" or "wash"'),
    kind: z.enum(COMPONENT_KINDS).optional().describe('Only this kind of component'),
    underPath: z.string().optional().describe('Only inside this component, e.g. /lx/mixer/channel/2'),
    ...PageInput,
  }),
  output: z.strictObject({
    results: z.array(z.strictObject({ path: z.string(), id: z.number().int(), label: z.string(), kind: z.enum(COMPONENT_KINDS), class: z.string().optional() })),
    total: z.number().int().describe('Matches in all pages'),
    nextCursor: z.string().optional(),
  }),
  handle: ({ query, kind, underPath, cursor, limit }, { light, engine }) => {
    const under = underPath === undefined ? light.lx : light.component(underPath);
    const hits = searchComponents(light.lx, query, kind, under);
    const p = page(hits, { list: `search:${query}:${kind ?? ''}:${underPath ?? ''}`, cursor, limit: limit ?? 25, revision: engine.graph.structureRevision });
    const out: { results: { path: string; id: number; label: string; kind: (typeof COMPONENT_KINDS)[number]; class?: string }[]; total: number; nextCursor?: string } = {
      results: p.items.map((h) => {
        const r = { path: h.component.path, id: h.component.id, label: h.component.label.getString(), kind: h.kind };
        return h.lxClass === undefined ? r : { ...r, class: h.lxClass };
      }),
      total: p.total,
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
