import * as z from 'zod';
import { removeClip } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { SlotInput, slotTarget } from './payloads.js';

export default defineTool({
  name: 'remove_clip',
  title: 'Remove a clip',
  toolset: 'clips',
  description: 'Removes the clip in a slot (stopping it; parameters keep their values). Undoable: undo puts it back, stopped.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ ...SlotInput }),
  output: z.strictObject({ removed: z.strictObject({ bus: z.string(), slot: z.number().int(), label: z.string() }) }),
  handle: (args, { light, origin }) => {
    const r = removeClip(light, slotTarget(args), origin);
    return { removed: { bus: r.bus.path, slot: r.slot, label: r.label } };
  },
});
