import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { CameraPayload, toCameraPayload } from './payloads.js';

export default defineTool({
  name: 'remove_camera',
  title: 'Remove a named camera',
  toolset: 'cameras',
  description: 'Removes a named camera from the show; the current view stays where it is. Undoable: one undo step.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ name: z.string().describe('A camera from list_cameras') }),
  output: z.strictObject({ removed: CameraPayload }),
  handle: ({ name }, { light, origin }) => ({ removed: toCameraPayload(light.cameras.remove(origin, name)) }),
});
