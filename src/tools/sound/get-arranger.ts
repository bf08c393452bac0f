import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload, TrackIndex } from './payloads.js';

/** The reply with each clip's note list left out (its source_notes summary stays). */
function withoutNotes(native: Record<string, unknown>): Record<string, unknown> {
  const arranger = native.arranger as { clips?: Record<string, unknown>[] } | undefined;
  if (arranger?.clips === undefined) return native;
  return { ...native, arranger: { ...arranger, clips: arranger.clips.map(({ notes: _n, notes_truncated: _t, ...clip }) => clip) } };
}

export default defineTool({
  name: 'song_get_arranger',
  title: "Read one track's arranger clips",
  toolset: 'song',
  description:
    "One track's primary arranger clips (bank index 0–63 from sound_list_tracks): for each clip its native_id (what song_set_clip_loop takes), name, start, " +
    'length, end, loop flag and geometry, and a source-note summary (count, first start, last end, pitch range); `notes: true` adds the first 512 ' +
    'notes of each clip (pitch, start relative to the clip, duration, velocity, channel). An audio clip (audio tracks) adds `audio {sample, gain_db, ' +
    'offset_seconds}` (song_set_audio_clip). All positions are quarter-note beats. ' +
    'Check arranger.available, truncated, the *_complete flags and reasons before concluding anything; the summaries do not expand loops and prove no ' +
    'audio. Also returns the project_token. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    track_index: TrackIndex.describe('Bank index 0–63'),
    notes: z.boolean().default(false).describe("Add each clip's notes (default: the summary only)"),
  }),
  output: ReadPayload,
  handle: async ({ track_index, notes }, { soundAdapter }) => {
    const r = await soundAdapter.core.readCommand('song-arranger', String(track_index));
    return asRead(notes || !r.ok ? r : { ...r, native: withoutNotes(r.native) });
  },
});
