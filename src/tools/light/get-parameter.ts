import * as z from 'zod';
import { clipsDriving } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { CueNotePayload, DrivenByPayload, ParameterPayload, toParameterPayload, withDrivers } from './payloads.js';

export default defineTool({
  name: 'get_parameter',
  title: 'Read a parameter',
  toolset: 'parameters',
  description:
    'Reads one parameter by its canonical path (or by its component id and key, which survive moves): value, range or options, units and OSC address. Under ' +
    'modulation `value` is ' +
    'the effective (modulated) value and `baseValue` the value set by hand. Colors read as 0xAARRGGBB and are set through ' +
    'their `subParameters` (hue, saturation, brightness).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    path: z.string().optional().describe('Canonical parameter path, e.g. /lx/mixer/channel/1/fader'),
    id: z.number().int().optional().describe("Instead of (or as a check on) path: the owning component's id from any payload"),
    key: z.string().optional().describe('With id: the parameter\'s key, e.g. "fader"'),
  }),
  output: z.strictObject({ parameter: ParameterPayload, drivenBy: DrivenByPayload, cueNote: CueNotePayload }),
  handle: ({ path, id, key }, { light, lightCues }) => {
    const parameter = light.parameter({ path, id, key });
    return withDrivers({ parameter: toParameterPayload(parameter) }, clipsDriving(light, parameter), lightCues?.driving(parameter));
  },
});
