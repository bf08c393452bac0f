import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_list_device_window',
  title: 'List the devices around the selected one',
  toolset: 'sound',
  description:
    "The selected device's 16-sibling window in its chain (not a recursive chain): the track, the chain (owner, slot, what it accepts), window_start, " +
    "sibling_count, window_complete (false: the chain is longer than the window), the selected position, each device's position, name, uuid and " +
    'instance_id — and the current selection_token that sound_insert_device and sound_remove_device bind to. ' +
    "With no device selected, the window is the start of the selected track's own chain. " +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('devices')),
});
