import * as z from 'zod';
import { fireTrigger } from '../../light/operations/triggers.js';
import { defineTool } from '../define-tool.js';
import { ParameterPayload, toParameterPayload } from './payloads.js';

export default defineTool({
  name: 'fire_trigger',
  title: 'Fire a trigger',
  toolset: 'parameters',
  description:
    "Fires a trigger parameter (a pattern's recall or launch, a channel's triggerPatternCycle, a modulator's trigger or " +
    "reset, a swatch's recall...) or pulses a momentary button (pressed, then released), e.g. /lx/tempo/tap: tap it " +
    "repeatedly, and from the fourth tap the bpm follows. A launch under the tempo's launch quantization waits for the next " +
    'boundary and reports `pending: true`: do not fire it again, it will happen. Toggles are refused (use set_parameter). ' +
    'A firing is an action, not an edit: it is not recorded in the history and cannot run inside apply_operations. ' +
    'Not undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    path: z.string().optional().describe('Canonical parameter path, e.g. /lx/mixer/channel/1/pattern/2/launch'),
    id: z.number().int().optional().describe("Instead of (or as a check on) path: the owning component's id"),
    key: z.string().optional().describe('With id: the parameter\'s key, e.g. "launch"'),
  }),
  output: z.strictObject({ parameter: ParameterPayload, pending: z.boolean().describe('True while a quantized launch waits for its boundary') }),
  handle: ({ path, id, key }, { light, engine }) => {
    const r = fireTrigger(light, engine, { path, id, key });
    return { parameter: toParameterPayload(r.parameter), pending: r.pending };
  },
});
