import * as z from 'zod';
import { setStage } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { StagePayload, toStagePayloads } from './payloads.js';

export default defineTool({
  name: 'set_stage',
  title: 'Change an envelope stage',
  toolset: 'modulation',
  description:
    'Changes one stage of a multi-stage envelope by 0-based `index`: any of `basis` (inner stages only, strictly between its ' +
    "neighbours' bases: stages do not reorder), `value` (0–1) and `shape` (> 0; not on the first stage, which has no curve " +
    'into it). Out-of-range values are refused, never clamped. Returns all stages as read back. Unlike LX, this is one ' +
    'undo step. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('envelope', '/lx/modulation/modulator/1'),
    index: z.number().int().describe('0-based stage index'),
    basis: z.number().optional(),
    value: z.number().optional(),
    shape: z.number().optional(),
  }),
  output: z.strictObject({ stages: z.array(StagePayload) }),
  handle: ({ path, id, index, basis, value, shape }, { light, origin }) => ({
    stages: toStagePayloads(setStage(light, { path, id }, index, { basis, value, shape }, origin).stages),
  }),
});
