import * as z from 'zod';
import { addStagePoint } from '../../light/operations/stage-points.js';
import { defineTool } from '../define-tool.js';
import { StagePointPayload, toStagePointPayload } from './payloads.js';

export default defineTool({
  name: 'add_stage_point',
  title: 'Name a point of the stage',
  toolset: 'stage',
  description:
    'Names a point of the stage (model units, ±1000) that heads can aim at by name: aim_stage_fixtures with aim "fixture" and ' +
    "fixture = the point's path (/lx/stage/point/N). Its x, y, z are parameters: set_parameter moves it (and every head aimed at " +
    'it), a modulator on them makes it a moving target. Labels are unique. Saved with the show. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    label: z.string().describe('Its name, e.g. "Lectern"'),
    x: z.number(),
    y: z.number(),
    z: z.number(),
  }),
  output: z.strictObject({ point: StagePointPayload }),
  handle: ({ label, x, y, z: zz }, { light, origin }) => ({ point: toStagePointPayload(addStagePoint(light, label, { x, y, z: zz }, origin)) }),
});
