import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { CameraPayload, toCameraPayload, toViewPayload, ViewPayload } from './payloads.js';

export default defineTool({
  name: 'list_cameras',
  title: 'List the named cameras',
  toolset: 'cameras',
  description: "The show's named cameras in saved order (name, position, target, up, fov) and the current view. Read-only.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({ cameras: z.array(CameraPayload), view: ViewPayload }),
  handle: (_args, { light }) => ({ cameras: light.cameras.list().map(toCameraPayload), view: toViewPayload(light.cameras.current()) }),
});
