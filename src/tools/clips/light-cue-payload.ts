import * as z from 'zod';

/** A light cue as every cue tool returns it (src/show/light-cues.ts, cuePayload). */
export const LightCuePayload = z.strictObject({
  beat: z.number().describe('Quarter-note beat on the song timeline'),
  scene: z.number().int().describe('Light clip scene launched there (0-based slot)'),
  marker: z.string().optional().describe('The song cue marker it was placed at'),
  fade: z
    .strictObject({ beats: z.number().optional(), ms: z.number().optional() })
    .optional()
    .describe('The scene fades in over this long (beats of the song tempo, or ms); absent: it cuts in'),
});
