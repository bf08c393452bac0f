import * as z from 'zod';
import { addClip } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from '../light/inputs.js';
import { ClipPayload, SlotInput, TimeInput, slotTarget, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'add_clip',
  title: 'Add a clip',
  toolset: 'clips',
  description:
    'Adds an empty clip in a free slot of a bus. Length defaults to 4 beats; loop on unless false; time base from ' +
    '/lx/clips/timeBaseDefault unless given. Channel clips get a pattern lane. Add lanes with set_clip_lane. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...SlotInput,
    label: labelInput('Clip name (default Clip-N)').optional(),
    length: TimeInput.optional(),
    loop: z.boolean().optional(),
    timeBase: z.enum(['ABSOLUTE', 'TEMPO']).optional(),
  }),
  output: z.strictObject({ clip: ClipPayload }),
  handle: (args, { light, origin }) => ({ clip: toClipPayload(addClip(light, slotTarget(args), args, origin), false) }),
});
