import * as z from 'zod';
import { clipsDriving } from '../../light/operations/clips.js';
import { defineTool } from '../define-tool.js';
import { CueNotePayload, DrivenByPayload, ParameterPayload, toParameterPayload, withDrivers } from './payloads.js';

export default defineTool({
  name: 'set_parameter',
  title: 'Set a parameter',
  toolset: 'parameters',
  description:
    'Sets the base value of one parameter, addressed by a canonical path from list_parameters or list_channels (or by its component id and key; give both ' +
    'path and id to have a stale path refused). Numbers must ' +
    "lie inside the parameter's range (out of range is refused, never clamped); enum and discrete parameters take an option " +
    'name or a 0-based index; booleans take true/false (or 1/0); labels and other text take a string. Colors are set through their ' +
    'sub-parameters (.../hue 0–359, .../saturation 0–100, .../brightness 0–100); triggers are fired with fire_trigger. On a ' +
    'modulated parameter this moves the base and the modulation keeps riding on top. The reply is read back from the engine. ' +
    'Undoable; setting the value it already has changes nothing and makes no undo step (changed: false), so do not undo after it.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    path: z.string().optional().describe('Canonical parameter path, e.g. /lx/mixer/channel/1/fader'),
    id: z.number().int().optional().describe("Instead of (or as a check on) path: the owning component's id from any payload"),
    key: z.string().optional().describe('With id: the parameter\'s key, e.g. "fader"'),
    value: z.union([z.number(), z.string(), z.boolean()]).describe('New base value'),
  }),
  output: z.strictObject({
    parameter: ParameterPayload,
    changed: z.boolean().describe('False when the parameter already had this value: nothing changed and no undo step was made'),
    drivenBy: DrivenByPayload,
    cueNote: CueNotePayload,
  }),
  handle: ({ path, id, key, value }, { light, origin, merge, lightCues }) => {
    const { parameter, changed } = light.setParameter({ path, id, key }, value, origin, merge);
    return withDrivers({ parameter: toParameterPayload(parameter), changed }, clipsDriving(light, parameter), lightCues?.driving(parameter));
  },
});
