import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'grid_resolve_value',
  title: 'Resolve a musical value to a native one',
  toolset: 'grid',
  description:
    'Non-mutating: turns a musical display string — "440 Hz", "2.5 kHz", "A3", "-6 dB", "35 %", "120 ms", "0.5 s", "7 st", "-20 cents" — into the native ' +
    "value of one continuous parameter of a module or modulator through the host's own scale. A unit is required; compatible units convert " +
    '(frequencies take note names; notes take Hz). C3 is key 60, A3 = 440 Hz. ' +
    'Returns value, current_value, current_display, requested_display, display_unit, the graph revision and mutates_project: false. Then write `value` with ' +
    'grid_set_parameter and expected_revision = that revision, and read the actual display back: resolution promises no round-trip display. Enums and ' +
    "booleans are not resolved: take them from the parameter's options/type. " +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    kind: z.enum(['module', 'modulator']).optional().describe('As grid_set_parameter takes it; when given, the node must be of this kind'),
    node_id: z.number().int().min(0).describe('Module or modulator id from grid_get_state'),
    parameter_id: z.string().min(1).max(256).describe('The exact native parameter id, raw (e.g. "CUTOFF", "C#")'),
    display: z.string().min(1).max(64).describe('The musical value with its unit, e.g. "880 Hz"'),
  }),
  output: ReadPayload,
  handle: async ({ kind, node_id, parameter_id, display }, { soundAdapter }) =>
    asRead(await soundAdapter.grid.resolveValue(node_id, parameter_id, display, kind)),
});
