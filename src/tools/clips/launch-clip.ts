import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import { launchClip, launchScene } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from '../light/inputs.js';
import { ClipPayload, toClipPayload } from './payloads.js';

export default defineTool({
  name: 'launch_clip',
  title: 'Launch a clip or a scene',
  toolset: 'clips',
  description:
    "Launches one clip (bus + slot) or a whole scene (scene = slot on every bus). Stops the bus's other clip. With the " +
    "tempo's launchQuantization set it waits for the next boundary (`pending`). Undoable: undo stops what this launch " +
    'started and puts every parameter those clips drove back to its value from before they first drove it.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    bus: PathOrId.optional().describe('Bus path or id (with slot)'),
    slot: z.number().int().optional().describe('Clip slot, 0-based (with bus)'),
    scene: z.number().int().optional().describe('Instead of bus + slot: launch this scene, 0-based'),
  }),
  output: z.strictObject({ launched: z.array(ClipPayload) }),
  handle: (args, { light, origin }) => {
    const rec = (c: Parameters<typeof toClipPayload>[0]) => toClipPayload(c, light.lx.clips.takeOf(c) !== undefined);
    if (args.scene !== undefined) {
      if (args.bus !== undefined || args.slot !== undefined) throw invalidArgument('give either scene, or bus and slot');
      return { launched: launchScene(light, args.scene, origin).map(rec) };
    }
    if (args.bus === undefined || args.slot === undefined) throw invalidArgument('give bus and slot, or scene');
    return { launched: [rec(launchClip(light, { bus: asTarget(args.bus), slot: args.slot }, origin))] };
  },
});
