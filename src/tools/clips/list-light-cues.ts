import * as z from 'zod';
import { notFound } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import { LightCuePayload } from './light-cue-payload.js';

export default defineTool({
  name: 'list_light_cues',
  title: 'List the light cues on the song timeline',
  toolset: 'clips',
  description:
    "The light cues on the song's timeline, by beat: each cue's beat, the light clip scene it launches, the song cue marker it " +
    "was placed at and its fade; with the song's cue markers (what place_light_cue's `marker` may name; a name two markers share " +
    "must be placed by beat) and the song's playhead in beats. Change them with place_light_cue. Read-only.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    cues: z.array(LightCuePayload),
    markers: z.array(z.strictObject({ name: z.string(), beat: z.number() })).describe("The song's cue markers, by beat"),
    playhead: z.number().describe("The song's position in quarter-note beats"),
  }),
  handle: (_args, { lightCues }) => {
    if (lightCues === undefined) throw notFound('this server has no song wired to the light, so there is no timeline');
    return { cues: lightCues.list(), markers: [...lightCues.markers()], playhead: lightCues.playhead };
  },
});
