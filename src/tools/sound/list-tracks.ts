import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_list_tracks',
  title: "List the sound project's tracks",
  toolset: 'sound',
  description:
    'The flat ALL_CHANNELS track bank (at most 64): every track in project order — groups before their children (hidden children of folded groups ' +
    'included), then FX tracks, then the master. Each has its bank `index` (0-based; what sound_select_track, song_get_arranger and ' +
    'song_set_track_state take), track_id, name, type, parent, depth, fold state, mute/arm/solo, selection, device and clip counts. ' +
    'A bank index is neither a native track position nor a main-track ordinal, and it shifts when tracks are added or removed: re-list after structural ' +
    'changes. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({}),
  output: ReadPayload,
  handle: async (_args, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('tracks')),
});
