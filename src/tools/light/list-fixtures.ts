import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { FixturePayload, toFixturePayload } from './payloads.js';

export default defineTool({
  name: 'list_fixtures',
  title: 'List the fixtures',
  toolset: 'fixtures',
  description:
    "Lists the structure's fixtures in order: path, id, class, position and rotation, tags, point count and the range of " +
    'their points in the frame buffer, output on/off, and a build error if any. `detail: "full"` adds every parameter (and a ' +
    "JSON fixture's .lxf values). Paged (default 50 per page, summary; 10 in full): pass `nextCursor` back as `cursor`; a " +
    'cursor is refused as stale if the structure changed between pages. Fixture paths are positional and shift when ' +
    'fixtures are added, removed or moved.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    detail: z.enum(['summary', 'full']).default('summary').describe('summary (default) or full (adds parameters)'),
    ...PageInput,
  }),
  output: z.strictObject({
    fixtures: z.array(FixturePayload),
    total: z.number().int().describe('Fixtures in all pages'),
    pointCount: z.number().int().describe('Points in the whole model'),
    nextCursor: z.string().optional(),
  }),
  handle: ({ detail, cursor, limit }, { light, engine }) => {
    const structure = light.structure;
    const full = detail === 'full';
    const p = page(structure.fixtures.items, {
      list: `fixtures:${detail}`,
      cursor,
      limit: limit ?? (full ? 10 : 50),
      revision: engine.graph.structureRevision,
    });
    const out: { fixtures: FixturePayload[]; total: number; pointCount: number; nextCursor?: string } = {
      fixtures: p.items.map((f) => toFixturePayload(f, structure, full)),
      total: p.total,
      pointCount: structure.model.size,
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
