import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload, TrackIndex } from './payloads.js';

export default defineTool({
  name: 'song_get_arranger',
  title: "Read one track's arranger clips",
  toolset: 'song',
  description:
    "One track's primary arranger clips (bank index 0–63 from sound_list_tracks): for each clip its native_id (what song_set_clip_loop takes), name, start, " +
    'length, end, loop flag and geometry, and a source-note summary (count, first start, last end, pitch range) with the first 512 notes (pitch, start ' +
    'relative to the clip, duration, velocity, channel). All positions are quarter-note beats. ' +
    'Check arranger.available, truncated, the *_complete flags and reasons before concluding anything; the summaries do not expand loops and prove no ' +
    'audio. Also returns the project_token. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({ track_index: TrackIndex.describe('Bank index 0–63') }),
  output: ReadPayload,
  handle: async ({ track_index }, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('song-arranger', String(track_index))),
});
