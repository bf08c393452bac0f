import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { PointStylePayload, toPointStylePayload } from './point-style-payload.js';

export default defineTool({
  name: 'get_point_style',
  title: 'Read the preview point style',
  toolset: 'cameras',
  description:
    'How the console preview and get_frame images draw the points: `size` (diameter in pixels, or "auto"), `led` (disc, square, ' +
    'glow) and display `gamma`. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({ style: PointStylePayload }),
  handle: (_args, { light }) => ({ style: toPointStylePayload(light.pointStyle.current()) }),
});
