import { createHash } from 'node:crypto';
import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { page, PageInput } from '../paging.js';
import { FixtureTypeInput, libraryOf, ProfileEntryPayload } from './payloads.js';

export default defineTool({
  name: 'list_fixture_profiles',
  title: 'Search the fixture library',
  toolset: 'stage',
  description:
    'Searches the DMX fixture library (QLC+ .qxf, Open Fixture Library JSON, GDTF files in the folder the operator set; by default ' +
    "QLC+'s installed library; and Footlight's built-in generic par, wash and spot heads, dimmer and strobe, ids footlight/…) " +
    'by maker, model (parts of names, any case), type (par, moving-head, strobe, ...) and free text ' +
    '(every word in maker, model or type), a page at a time, by maker then model. Each entry has the id get_fixture_profile takes. ' +
    '`refused` counts files the library could not read (their reasons with refusedSample). The first call reads the folder; ' +
    '`rescan` reads it again. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    maker: z.string().max(200).optional().describe('Part of the maker name, e.g. "martin"'),
    model: z.string().max(200).optional().describe('Part of the model name, e.g. "mac 250"'),
    type: FixtureTypeInput.optional().describe('Fixture type'),
    text: z.string().max(200).optional().describe('Words that must all appear in maker, model or type'),
    rescan: z.boolean().optional().describe('Read the folder again first (after files were added or changed)'),
    ...PageInput,
  }),
  output: z.strictObject({
    folder: z.string().nullable().describe('The library folder (null: none is set, only the built-in profiles are listed)'),
    profiles: z.array(ProfileEntryPayload),
    total: z.number().int().describe('Matches in all pages'),
    nextCursor: z.string().optional(),
    refused: z.number().int().describe('Files in the folder that could not be read as profiles'),
    refusedSample: z.array(z.strictObject({ id: z.string(), reason: z.string() })).describe('Up to 5 refused files with the reason'),
  }),
  handle: async ({ maker, model, type, text, rescan, cursor, limit }, { fixtureLibrary }) => {
    const library = libraryOf(fixtureLibrary);
    if (rescan === true) library.reload();
    const hits = await library.search({ maker, model, type, text });
    const { refused } = await library.entries();
    // The cursor names the query by a digest: a cursor stays short whatever was searched.
    const query = createHash('sha256')
      .update(JSON.stringify([maker, model, type, text]))
      .digest('base64url')
      .slice(0, 16);
    const p = page(hits, { list: `profiles:${query}`, cursor, limit: limit ?? 50, revision: 0 });
    return {
      folder: library.folder ?? null,
      profiles: p.items.map((e) => ({ id: e.id, maker: e.maker, model: e.model, type: e.type, source: e.source })),
      total: p.total,
      ...(p.nextCursor === undefined ? {} : { nextCursor: p.nextCursor }),
      refused: refused.length,
      refusedSample: refused.slice(0, 5).map((r) => ({ id: r.id, reason: r.reason })),
    };
  },
});
