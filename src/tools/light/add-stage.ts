import * as z from 'zod';
import { addStage } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { StagePayload, toStagePayloads } from './payloads.js';

export default defineTool({
  name: 'add_stage',
  title: 'Add an envelope stage',
  toolset: 'modulation',
  description:
    'Adds a breakpoint to a multi-stage envelope at `basis` (strictly between 0 and 1, not on an existing stage) with ' +
    '`value` (0–1) and `shape` (> 0, default 1 = straight line from the previous stage). Stages after it shift up one ' +
    "index. Returns the new stage's index and all stages. Unlike LX, this is one undo step. Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...target('envelope', '/lx/modulation/modulator/1'),
    basis: z.number().describe('Where in the cycle, strictly between 0 and 1'),
    value: z.number().describe('Value there, 0–1'),
    shape: z.number().optional().describe('Curve exponent from the previous stage, > 0 (default 1)'),
  }),
  output: z.strictObject({ index: z.number().int(), stages: z.array(StagePayload) }),
  handle: ({ path, id, basis, value, shape }, { light, origin }) => {
    const r = addStage(light, { path, id }, { basis, value, shape }, origin);
    return { index: r.index, stages: toStagePayloads(r.envelope.stages) };
  },
});
