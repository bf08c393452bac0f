import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_search_devices',
  title: 'Search the installed devices',
  toolset: 'sound',
  description:
    "Searches the host's installed devices (instruments, audio and note effects, containers, Poly Grid and FX Grid): every word of `query` must match the " +
    'name, category or kind, case-insensitively; no query lists them all. Each entry has the device `uuid` that sound_insert_device takes, its kind, ' +
    'category, whether it is a Grid or a container, slot names and exposed-control count. ' +
    'Device UUIDs, Grid module UUIDs (grid_search_modules) and modulator UUIDs (grid_search_modulators) are three separate namespaces. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ query: z.string().max(200).optional().describe('Words to match, e.g. "grid" or "reverb"') }),
  output: ReadPayload,
  handle: async ({ query }, { soundAdapter }) => asRead(await soundAdapter.core.search('device-catalog', query)),
});
