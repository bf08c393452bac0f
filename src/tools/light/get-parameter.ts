import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ParameterPayload, toParameterPayload } from './payloads.js';

export default defineTool({
  name: 'get_parameter',
  title: 'Read a parameter',
  toolset: 'parameters',
  description:
    'Reads one parameter by its canonical path: value, range or options, units and OSC address. Under modulation `value` is ' +
    'the effective (modulated) value and `baseValue` the value set by hand. Colors read as 0xAARRGGBB and are set through ' +
    'their `subParameters` (hue, saturation, brightness).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    path: z.string().describe('Canonical parameter path, e.g. /lx/mixer/channel/1/fader'),
  }),
  output: z.strictObject({ parameter: ParameterPayload }),
  handle: ({ path }, { light }) => ({ parameter: toParameterPayload(light.parameter(path)) }),
});
