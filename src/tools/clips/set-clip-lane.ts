import * as z from 'zod';
import { editLane } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { ClipPayload, SlotInput, TimeInput, slotTarget, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'set_clip_lane',
  title: 'Edit a clip lane',
  toolset: 'clips',
  description:
    'Writes a lane\'s events: `lane` is a lane index, "pattern", or a parameter path on the clip\'s bus or a stage ' +
    'attribute /lx/stage/fixture/N/<key> (a new lane is made). Replaces all events, or only those between `from` and ' +
    '`to`. Each event: ms or beats, plus value (parameter units) or normalized (0–1), or pattern (0-based). ' +
    '`remove: true` deletes a parameter lane. Undoable (one step).',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...SlotInput,
    lane: z.union([z.number().int(), z.string()]).describe('Lane index, "pattern", or a parameter path, e.g. /lx/mixer/channel/1/fader'),
    from: TimeInput.optional(),
    to: TimeInput.optional(),
    events: z
      .array(
        z.strictObject({
          ms: z.number().optional(),
          beats: z.number().optional(),
          value: z.union([z.number(), z.boolean(), z.string()]).optional(),
          normalized: z.number().optional(),
          pattern: z.number().int().optional(),
        }),
      )
      .max(10000)
      .optional(),
    remove: z.boolean().optional(),
  }),
  output: z.strictObject({ clip: ClipPayload, lane: z.number().int().nullable() }),
  handle: (args, { light, origin }) => {
    const r = editLane(light, slotTarget(args), { lane: args.lane, from: args.from, to: args.to, events: args.events, remove: args.remove }, origin);
    return { clip: toClipPayload(r.clip, light.lx.clips.takeOf(r.clip) !== undefined), lane: r.lane?.index ?? null };
  },
});
