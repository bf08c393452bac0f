import * as z from 'zod';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';
import { CueListStep, LightCuePayload } from './light-cue-payload.js';

export default defineTool({
  name: 'place_light_cue',
  title: 'Place, move or remove a light cue on the song timeline',
  toolset: 'clips',
  description:
    'Puts a light cue on the song\'s timeline: when the playing song reaches `beat` (or the cue marker `marker`, e.g. "Drop", or ' +
    'the playhead, snapped to `snap` beats: default 1, the nearest beat; 4 a bar in 4/4; 0 exact), light clip scene `scene` ' +
    'launches at once, ignoring launch quantization; the same every time, offline (render-show) too. Playback starting at or ' +
    'seeking to a position applies the state the cues imply there. `cueList` ({list} for Go, {list, cue} for Goto) runs a ' +
    'cue list step there instead of or with the scene (seeking lands each list on the cue its steps so far reach). ' +
    "`fade` ({beats} or {ms}) fades the scene in: its clips' " +
    "knob (Normalized) lanes cross from the values they have to the lane's, and a pattern lane's switch becomes an LX " +
    'transition of that length; switches, discrete values and triggers change at once. A cue at the same beat is replaced ' +
    '(so placing again changes its scene or fade); `remove: true` removes the cue at that beat or marker; `moveTo` moves it ' +
    '(keeping scene and fade; placed = the moved cue, removed = where it was). A marker name two markers share is refused ' +
    'with their beats: give beat. Saved with the light project. List them with list_light_cues. Undoable (one step). Trap: ' +
    'a marker is read when you place the cue; moving the marker later does not move it.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    beat: z.number().min(0).optional().describe('Quarter-note beat (or give marker or playhead)'),
    marker: z.string().optional().describe('A song cue marker name, e.g. "Intro" or "Drop" (or give beat or playhead)'),
    playhead: z.literal(true).optional().describe("Place at the song's playhead (placing only), snapped to `snap`"),
    snap: z.number().min(0).optional().describe('With playhead: the grid in beats it snaps to (default 1; 0 keeps the exact position)'),
    scene: z.number().int().min(0).optional().describe('Light clip scene to launch (give scene, cueList or both, unless remove or moveTo)'),
    cueList: CueListStep.optional().describe('Run this cue list step there (with or instead of scene)'),
    fade: z
      .strictObject({ beats: z.number().optional(), ms: z.number().optional() })
      .optional()
      .describe('Fade the scene in over this many beats (song tempo) or milliseconds; give one. Omit to cut in'),
    remove: z.boolean().optional().describe('Remove the cue at beat/marker instead'),
    moveTo: z.number().min(0).optional().describe('Move the cue at beat/marker to this beat instead (refused if a cue is there)'),
  }),
  output: z.strictObject({ placed: LightCuePayload.nullable(), removed: LightCuePayload.nullable(), cues: z.array(LightCuePayload) }),
  handle: (args, { lightCues, origin }) => {
    if (lightCues === undefined) throw notFound('this server has no song wired to the light, so there is no timeline');
    const at = { beat: args.beat, marker: args.marker, playhead: args.playhead, snap: args.snap };
    const cues = () => lightCues.list();
    if (args.moveTo !== undefined) {
      if (args.scene !== undefined || args.remove === true || args.fade !== undefined || args.cueList !== undefined)
        throw invalidArgument('moveTo takes beat or marker (the cue to move), not scene, fade or remove (nor cueList)');
      const moved = lightCues.move(origin, at, args.moveTo);
      return { placed: moved.to, removed: moved.from, cues: cues() };
    }
    if (args.remove === true) {
      if (args.scene !== undefined || args.fade !== undefined || args.cueList !== undefined)
        throw invalidArgument('remove takes beat or marker, not scene or fade (nor cueList)');
      return { placed: null, removed: lightCues.remove(origin, at), cues: cues() };
    }
    if (args.scene === undefined && args.cueList === undefined)
      throw invalidArgument('give scene (the light clip scene to launch), cueList (a cue list step), or remove: true');
    return { placed: lightCues.place(origin, at, args.scene, args.fade, args.cueList), removed: null, cues: cues() };
  },
});
