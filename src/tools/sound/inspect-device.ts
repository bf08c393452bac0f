import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_inspect_device',
  title: 'Inspect the selected track and device',
  toolset: 'sound',
  description:
    'The selected track (bank index, track_id, name, type, group/parent, mute/arm/solo) and the selected device with its container flags: nesting depth and ' +
    'parent, slots and their device counts, layers, drum pads, whether it has a Grid graph, editor window state, exposed-control count and host ' +
    'modulation sources — plus the selection_token and selection_guard_available. ' +
    'With no track selected the token is null and the reason says why: reads still work, but no device edit can be authorized without a guard. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('inspect')),
});
