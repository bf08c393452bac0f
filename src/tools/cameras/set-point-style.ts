import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { POINT_STYLE_INPUT, PointStylePayload, toPointStylePayload } from './point-style-payload.js';

export default defineTool({
  name: 'set_point_style',
  title: 'Change the preview point style',
  toolset: 'cameras',
  description:
    'Changes how the console preview and get_frame images draw the points: any of `size` (diameter in pixels, or "auto": ' +
    'sized by the point count), `led` (disc, square, or glow: soft and adding up where points overlap) and display `gamma` ' +
    "(1 shows the frame's bytes as they are; 2.2 shows LED light as a screen needs it). The rest stay. Saved with the light " +
    "project (LX ignores it); the LEDs' output does not change. Undoable: one undo step (none when nothing changes: `changed`).",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject(POINT_STYLE_INPUT),
  output: z.strictObject({ style: PointStylePayload, changed: z.boolean() }),
  handle: (edit, { light, origin }) => {
    const { style, changed } = light.pointStyle.set(origin, edit);
    return { style: toPointStylePayload(style), changed };
  },
});
