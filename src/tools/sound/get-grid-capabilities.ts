import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'grid_get_capabilities',
  title: 'Check Grid graph support',
  toolset: 'grid',
  description:
    "The host's Grid capability gate: whether graph access is available at all (graph_available: false means exposed controls may still work, but no graph " +
    'identity, topology or native parameter may be inferred), coordinate range (−4096…4096), node and cord limits, whether revision guards are ' +
    "supported and for which commands, value-resolution units, catalog sizes, and the selected device's graph_id and revision (or why there is none). " +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('graph-capabilities')),
});
