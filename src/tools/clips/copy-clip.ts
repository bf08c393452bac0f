import * as z from 'zod';
import { copyClip } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from '../light/inputs.js';
import { ClipPayload, SlotInput, slotTarget, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'copy_clip',
  title: 'Copy a clip',
  toolset: 'clips',
  description:
    'Copies a clip into a free slot on the same bus or another bus of the same kind. Lanes keep their bus-relative ' +
    'paths; those missing on the destination are listed in `unresolved` and do not play. Stopped. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...SlotInput,
    toBus: PathOrId.optional().describe('Destination bus (default: the same bus)'),
    toSlot: z.number().int().describe('Destination slot, 0-based'),
  }),
  output: z.strictObject({ clip: ClipPayload, unresolved: z.array(z.string()) }),
  handle: (args, { light, origin }) => {
    const r = copyClip(light, slotTarget(args), { bus: asTarget(args.toBus ?? args.bus), slot: args.toSlot }, origin);
    return { clip: toClipPayload(r.clip, false), unresolved: r.unresolved };
  },
});
