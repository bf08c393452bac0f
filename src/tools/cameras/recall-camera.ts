import * as z from 'zod';
import { EASINGS, MAX_DURATION_MS } from '../../light/show/cameras.js';
import { defineTool } from '../define-tool.js';
import { LIVE_NOTE, toViewPayload, ViewPayload } from './payloads.js';

export default defineTool({
  name: 'recall_camera',
  title: 'Recall a named camera',
  toolset: 'cameras',
  description:
    'Moves the preview to a named camera, at once or animated over `durationMs` with an `easing` (on the frame clock; ' +
    'get_camera shows the progress; it replaces an animation on its way). Live, like orbiting the preview, so not an undo step. Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    name: z.string().describe('A camera from list_cameras'),
    durationMs: z.number().min(0).max(MAX_DURATION_MS).default(0).describe(`Animation length, 0–${MAX_DURATION_MS} ms (0: at once)`),
    easing: z.enum(EASINGS).default('ease-in-out'),
  }),
  output: z.strictObject({ view: ViewPayload, undoable: z.literal(false), note: z.string() }),
  handle: ({ name, durationMs, easing }, { light }) => ({
    view: toViewPayload(light.cameras.recall(name, durationMs, easing)),
    undoable: false as const,
    note: LIVE_NOTE,
  }),
});
