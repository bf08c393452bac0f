import * as z from 'zod';
import { stopClips } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from '../light/inputs.js';

export default defineTool({
  name: 'stop_clip',
  title: 'Stop clips',
  toolset: 'clips',
  description: 'Stops one clip (bus + slot), every clip on a bus (bus), or every clip (no arguments), at once. Parameters keep their values. Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    bus: PathOrId.optional().describe('Bus path or id'),
    slot: z.number().int().optional().describe('Clip slot, 0-based (with bus)'),
  }),
  output: z.strictObject({ stopped: z.array(z.strictObject({ bus: z.string(), slot: z.number().int(), label: z.string() })) }),
  handle: (args, { light }) => {
    const stopped = stopClips(light, { bus: args.bus === undefined ? undefined : asTarget(args.bus), slot: args.slot });
    return { stopped: stopped.map((c) => ({ bus: c.bus.path, slot: c.slot, label: c.label.getString() })) };
  },
});
