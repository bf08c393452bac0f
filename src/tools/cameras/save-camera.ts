import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { CameraPayload, POSE_INPUT, toCameraPayload } from './payloads.js';

export default defineTool({
  name: 'save_camera',
  title: 'Save the view as a named camera',
  toolset: 'cameras',
  description:
    "Saves the preview's current view (get_camera), with any of position, target, up, fov given replacing its own, as a " +
    'named camera, replacing one of that name (`replaced` says so); the view itself does not move. A show ' +
    'holds up to 64; they are saved with the light project (LX ignores them). Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ name: z.string().describe('1–64 characters, e.g. "Stage left"'), ...POSE_INPUT }),
  output: z.strictObject({ camera: CameraPayload, replaced: z.boolean() }),
  handle: ({ name, ...edit }, { light, origin }) => {
    const { camera, replaced } = light.cameras.save(origin, name, edit);
    return { camera: toCameraPayload(camera), replaced };
  },
});
