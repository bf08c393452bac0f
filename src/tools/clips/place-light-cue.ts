import * as z from 'zod';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { defineTool } from '../define-tool.js';

const Cue = z.strictObject({
  beat: z.number().describe('Quarter-note beat on the song timeline'),
  scene: z.number().int().describe('Light clip scene launched there (0-based slot)'),
  marker: z.string().optional().describe('The song cue marker it was placed at'),
});

export default defineTool({
  name: 'place_light_cue',
  title: 'Place or remove a light cue on the song timeline',
  toolset: 'clips',
  description:
    'Puts a light cue on the song\'s timeline: when the playing song reaches `beat` (or the cue marker `marker`, e.g. "Drop"), ' +
    'light clip scene `scene` launches at once, ignoring launch quantization; the same every time, offline (render-show) too. ' +
    'A cue at the same beat is replaced; `remove: true` removes the cue at that beat or marker; `moveTo` moves it to another beat ' +
    '(keeping its scene; placed = the moved cue, removed = where it was). Saved with the light project. ' +
    'Undoable (one step). Trap: a marker is read when you place the cue; moving the marker later does not move it.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    beat: z.number().min(0).optional().describe('Quarter-note beat (or give marker)'),
    marker: z.string().optional().describe('A song cue marker name, e.g. "Intro" or "Drop" (or give beat)'),
    scene: z.number().int().min(0).optional().describe('Light clip scene to launch (required unless remove)'),
    remove: z.boolean().optional().describe('Remove the cue at beat/marker instead'),
    moveTo: z.number().min(0).optional().describe('Move the cue at beat/marker to this beat instead (refused if a cue is there)'),
  }),
  output: z.strictObject({ placed: Cue.nullable(), removed: Cue.nullable(), cues: z.array(Cue) }),
  handle: (args, { lightCues, origin }) => {
    if (lightCues === undefined) throw notFound('this server has no song wired to the light, so there is no timeline');
    const at = { beat: args.beat, marker: args.marker };
    if (args.moveTo !== undefined) {
      if (args.scene !== undefined || args.remove === true) throw invalidArgument('moveTo takes beat or marker (the cue to move), not scene or remove');
      const moved = lightCues.move(origin, at, args.moveTo);
      return { placed: { ...moved.to }, removed: { ...moved.from }, cues: lightCues.list().map((c) => ({ ...c })) };
    }
    if (args.remove === true) {
      if (args.scene !== undefined) throw invalidArgument('remove takes beat or marker, not scene');
      const removed = lightCues.remove(origin, at);
      return { placed: null, removed: { ...removed }, cues: lightCues.list().map((c) => ({ ...c })) };
    }
    if (args.scene === undefined) throw invalidArgument('give scene (the light clip scene to launch), or remove: true');
    const placed = lightCues.place(origin, at, args.scene);
    return { placed: { ...placed }, removed: null, cues: lightCues.list().map((c) => ({ ...c })) };
  },
});
