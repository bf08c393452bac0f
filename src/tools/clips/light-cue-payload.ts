import * as z from 'zod';

/** A cue list step a light cue runs: Go on `list`, or Goto its cue `cue`. */
export const CueListStep = z.strictObject({
  list: z.string().describe('Cue list name (list_cue_lists)'),
  cue: z.number().optional().describe('Goto this cue number (with its times); omit for Go (the next cue)'),
});

/** A light cue as every cue tool returns it (src/show/light-cues.ts, cuePayload). */
export const LightCuePayload = z.strictObject({
  beat: z.number().describe('Quarter-note beat on the song timeline'),
  scene: z.number().int().optional().describe('Light clip scene launched there (0-based slot)'),
  cueList: CueListStep.optional().describe('The cue list step run there: Go, or Goto `cue`'),
  marker: z.string().optional().describe('The song cue marker it was placed at'),
  fade: z
    .strictObject({ beats: z.number().optional(), ms: z.number().optional() })
    .optional()
    .describe('The scene fades in over this long (beats of the song tempo, or ms); absent: it cuts in'),
});
