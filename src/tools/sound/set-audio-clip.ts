import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, trackWriteInput, WRITE, WritePayload } from './payloads.js';

const AudioClip = z.strictObject({
  sample: z.string().min(1).max(1024).describe('Sample path relative to the sample folder (sound_list_samples)'),
  start: z.number().min(0).max(24576).describe('Start, in quarter-note beats from the song start'),
  length: z.number().gt(0).max(24576).describe('Length in beats; the sample stops (or loops) there'),
  gain_db: z.number().min(-60).max(24).optional().describe('Clip level in dB (default 0)'),
  offset_seconds: z.number().min(0).max(600).optional().describe('Where in the sample the clip starts playing, in seconds (default 0)'),
  loop: z.boolean().optional().describe('Repeat the sample from the offset to its end until the clip ends (default false)'),
  name: z.string().max(256).optional().describe("The clip's name (default: the sample's file name)"),
});

export default defineTool({
  name: 'song_set_audio_clip',
  title: 'Place, replace or remove an audio clip on an audio track',
  toolset: 'song',
  description:
    'Audio tracks play audio clips: a sample from the granted sample folder (sound_list_samples, sound_audition_sample) placed at a start beat for a ' +
    'length in beats, at a gain, from an offset into the sample, looped or not. It plays through the track’s effect chain and mixer, from the exact ' +
    'sample of its start beat, converted to the engine rate, with 5 ms fades at its edges. No clip_id places a new clip; a clip_id (native_id from ' +
    'song_get_arranger) replaces that audio clip in place (same native_id); clip null with a clip_id removes it. The sample is loaded before ' +
    'anything changes: a path outside the folder is refused with invalid_argument, a missing file with not_found, a track that is not an audio ' +
    'track or an offset past the sample’s end with invalid_argument, nothing changed. Bound to the project token. ' +
    WRITE +
    ' Undoable: one undo step (none when unchanged).',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: trackWriteInput({
    clip_id: z.number().int().min(1).max(2147483647).optional().describe('The audio clip to replace or remove (its native_id); omitted: place a new one'),
    clip: AudioClip.nullable().describe('The clip; null removes the clip clip_id names'),
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.song.setAudioClip(args, args, authorityOf(ctx, args.confirmation_token))),
});
