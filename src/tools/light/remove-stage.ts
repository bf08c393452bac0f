import * as z from 'zod';
import { removeStage } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { StagePayload, toStagePayloads } from './payloads.js';

export default defineTool({
  name: 'remove_stage',
  title: 'Remove an envelope stage',
  toolset: 'modulation',
  description:
    'Removes an inner stage of a multi-stage envelope by 0-based `index` (the first and last stages are fixed and refused). ' +
    'Later stages shift down one index. Returns the removed stage and the remaining stages. Unlike LX, this is one undo ' +
    'step. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ ...target('envelope', '/lx/modulation/modulator/1'), index: z.number().int().describe('0-based index of an inner stage') }),
  output: z.strictObject({ removed: z.strictObject({ basis: z.number(), value: z.number(), shape: z.number() }), stages: z.array(StagePayload) }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = removeStage(light, { path, id }, index, origin);
    return { removed: { ...r.removed }, stages: toStagePayloads(r.envelope.stages) };
  },
});
