import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { toViewPayload, ViewPayload } from './payloads.js';

export default defineTool({
  name: 'get_camera',
  title: 'Read the preview camera',
  toolset: 'cameras',
  description:
    "The preview's current view: position, target, up and field of view in the model's coordinates, where it came from (the " +
    'default front view of the whole model, set_camera, or a recalled camera) and a recall on its way. get_frame with ' +
    'camera:"current" draws it. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({ view: ViewPayload }),
  handle: (_args, { light }) => ({ view: toViewPayload(light.cameras.current()) }),
});
