import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'grid_search_modulators',
  title: 'Search the Grid modulator catalog',
  toolset: 'grid',
  description:
    'Searches the installed Grid modulators (LFO, ADSR, Random, Macro, Keytrack…; every word of `query` must match; none lists all): each has the modulator ' +
    '`uuid` grid_insert_node takes with kind "modulator", its outputs and native parameters. Modulators live in the same coordinate space as modules ' +
    'and feed module inputs through grid_connect with source_kind "modulator". ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ query: z.string().max(200).optional().describe('Words to match, e.g. "lfo"') }),
  output: ReadPayload,
  handle: async ({ query }, { soundAdapter }) => asRead(await soundAdapter.core.search('graph-modulators', query)),
});
