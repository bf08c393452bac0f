import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'grid_list_host_modulators',
  title: "List the selected device's host modulation sources",
  toolset: 'grid',
  description:
    "The selected device's host-level modulation sources (any device, not only Grids): for an instrument its note expressions — pitch, velocity, timbre, " +
    'pressure, gate — with their outputs; effects have none. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('graph-host-modulators')),
});
