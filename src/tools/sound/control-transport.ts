import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, projectWriteInput, WRITE, WritePayload } from './payloads.js';

export default defineTool({
  name: 'song_control_transport',
  title: 'Transport: play, stop, seek, tempo, meter, loop',
  toolset: 'song',
  description:
    "One explicit transport operation, bound to the project token: `play` (refused while recording or with armed tracks; at or past the song's end it " +
    'starts the song again from beat 0, or from the loop start while the loop is on), `stop` (always allowed; also ends recording; stopping while ' +
    'stopped returns to beat 0), `seek` to position_beats (0–24576 quarter-note beats; tempo and meter unchanged), `tempo` to bpm (40–220), ' +
    '`meter` to {numerator 2–12, denominator 4 or 8}, `loop` to enabled (the global arranger-loop flag; range and clip flags unchanged). ' +
    'Give only the field the operation needs. Tempo, meter, seek and loop refuse while recording. Playback stops by itself at the ' +
    "song's end (song_get_state transport.song_end_beats) unless the loop is on. " +
    'The host answers status "submitted" with verified: false and what it observes now (host_observed); read song_get_state back (the arranger_loop_* ' +
    'fields for loop). ' +
    WRITE +
    ' Play, stop, seek and loop need no confirmation (the project token guards them); tempo and meter do. ' +
    'Undoable for tempo, meter and loop (one undo step each); play, stop and seek are not undo steps.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mode: 'direct',
  input: projectWriteInput({
    operation: z.enum(['play', 'stop', 'seek', 'tempo', 'meter', 'loop']),
    position_beats: z.number().min(0).max(24576).optional().describe('seek: quarter-note beats'),
    bpm: z.number().min(40).max(220).optional().describe('tempo: beats per minute'),
    meter: z
      .strictObject({ numerator: z.number().int().min(2).max(12), denominator: z.union([z.literal(4), z.literal(8)]) })
      .optional()
      .describe('meter: time signature'),
    enabled: z.boolean().optional().describe('loop: the arranger-loop flag'),
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.song.transport(args, args, authorityOf(ctx, args.confirmation_token))),
});
