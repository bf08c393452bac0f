import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'grid_get_state',
  title: 'Read the selected Grid patch',
  toolset: 'grid',
  description:
    'The selected Poly Grid or FX Grid graph: graph_id, its 64-hex `revision` (it changes with any edit; pass it as expected_revision to bind a write to ' +
    'what you reviewed), the device, and every module and modulator — id, uuid, name, category, integer x/y, typed input and output ports with their ' +
    'connections, and native parameters: exact `id` (any characters, case-sensitive: pass it raw, the adapter encodes it), name, type (number, boolean, ' +
    'enum), native value and display, min/max/default, display_unit, options. And every cord (source, port, target, port, signal type). ' +
    'With no Grid selected, ok is false and native says why (not_a_grid, no_selection). ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('graph-state')),
});
