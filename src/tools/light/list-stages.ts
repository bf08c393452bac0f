import * as z from 'zod';
import { listStages } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { StagePayload, toStagePayloads } from './payloads.js';

export default defineTool({
  name: 'list_stages',
  title: "List an envelope's stages",
  toolset: 'modulation',
  description:
    'Lists the stages of a multi-stage envelope (class MultiStageEnvelope, label "Env"): breakpoints over its cycle, each a ' +
    'basis (0–1, where in the cycle), a value (0–1) and a shape (the curve exponent from the previous stage; 1 is straight). ' +
    'The first stage sits at basis 0 and the last at 1; stages are addressed by 0-based index (add_stage, remove_stage, ' +
    'set_stage).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject(target('envelope', '/lx/modulation/modulator/1')),
  output: z.strictObject({ path: z.string(), stages: z.array(StagePayload) }),
  handle: ({ path, id }, { light }) => {
    const env = listStages(light, { path, id });
    return { path: env.path, stages: toStagePayloads(env.stages) };
  },
});
