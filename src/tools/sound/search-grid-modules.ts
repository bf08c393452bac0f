import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'grid_search_modules',
  title: 'Search the Grid module catalog',
  toolset: 'grid',
  description:
    'Searches the installed Grid modules (every word of `query` must match the name or category; none lists all): each has the module `uuid` ' +
    'grid_insert_node takes with kind "module", which Grids offer it (poly, fx), its typed inputs and outputs (0-based port indexes for grid_connect), ' +
    'and its native parameters with ids, types, ranges, defaults, display units and options. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ query: z.string().max(200).optional().describe('Words to match, e.g. "filter" or "oscillator"') }),
  output: ReadPayload,
  handle: async ({ query }, { soundAdapter }) => asRead(await soundAdapter.core.search('graph-catalog', query)),
});
