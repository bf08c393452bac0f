import * as z from 'zod';
import { setClip } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from '../light/inputs.js';
import { ClipPayload, SlotInput, TimeInput, slotTarget, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'set_clip',
  title: 'Change a clip',
  toolset: 'clips',
  description:
    "Changes a clip's label, loop switch and markers (length, loopStart, loopLength, playStart, playEnd; ms or beats). " +
    "LX's limits apply: every time in 0–24 hours, markers within the (new) length (a marker past it is refused), loop at least 125 ms. " +
    'A call that changes nothing records no step. Undoable (one step).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...SlotInput,
    label: labelInput('New name').optional(),
    loop: z.boolean().optional(),
    length: TimeInput.optional(),
    loopStart: TimeInput.optional(),
    loopLength: TimeInput.optional(),
    playStart: TimeInput.optional(),
    playEnd: TimeInput.optional(),
  }),
  output: z.strictObject({ clip: ClipPayload }),
  handle: (args, { light, origin }) => {
    const { length, loopStart, loopLength, playStart, playEnd } = args;
    const markers = Object.fromEntries(Object.entries({ length, loopStart, loopLength, playStart, playEnd }).filter(([, v]) => v !== undefined));
    const clip = setClip(
      light,
      slotTarget(args),
      { label: args.label, loop: args.loop, markers: Object.keys(markers).length > 0 ? markers : undefined },
      origin,
    );
    return { clip: toClipPayload(clip, light.lx.clips.takeOf(clip) !== undefined) };
  },
});
