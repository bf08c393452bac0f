import * as z from 'zod';
import { EASINGS, MAX_DURATION_MS, MAX_LEGS } from '../../light/show/cameras.js';
import { defineTool } from '../define-tool.js';
import { LIVE_NOTE, POSE_INPUT, toViewPayload, ViewPayload } from './payloads.js';

const Leg = z.strictObject({
  camera: z.string().optional().describe('Go to this named camera (list_cameras); pose parts given replace its own'),
  ...POSE_INPUT,
  durationMs: z.number().min(0).max(MAX_DURATION_MS).describe(`This leg's length, 0–${MAX_DURATION_MS} ms (0: a jump)`),
  easing: z.enum(EASINGS).default('ease-in-out'),
});

export default defineTool({
  name: 'animate_camera',
  title: 'Animate the preview camera along a path',
  toolset: 'cameras',
  description:
    "Animates the preview's view from where it is along `legs`, one after another on the frame clock, each to a named " +
    "`camera` and/or pose parts (position, target, up, fov; without a camera they replace the previous leg's end, and a leg " +
    'with neither holds the view) over its `durationMs` with its `easing`. Every leg is checked before anything moves. ' +
    'Returns at once; get_camera shows the leg and its progress. A new animate_camera or recall_camera replaces one on its ' +
    'way, starting where the view is; set_camera stops it there. Live, like orbiting the preview, so not an undo step. Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ legs: z.array(Leg).min(1).max(MAX_LEGS).describe(`1–${MAX_LEGS} legs`) }),
  output: z.strictObject({ view: ViewPayload, totalMs: z.number(), undoable: z.literal(false), note: z.string() }),
  handle: ({ legs }, { light }) => ({
    view: toViewPayload(light.cameras.animate(legs)),
    totalMs: legs.reduce((sum, l) => sum + l.durationMs, 0),
    undoable: false as const,
    note: LIVE_NOTE,
  }),
});
