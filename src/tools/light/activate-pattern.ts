import * as z from 'zod';
import { activatePattern } from '../../light/operations/patterns.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PatternPayload, toPatternPayload } from './payloads.js';

export default defineTool({
  name: 'activate_pattern',
  title: 'Make a pattern the active one',
  toolset: 'structure',
  description:
    "Makes a pattern its channel's (or pattern rack's) active pattern, in playlist mode: at once, or through the transition when " +
    'transitions are on (then `active` stays false until the transition ends). A channel in blend mode mixes every enabled ' +
    'pattern, so this is refused there (enable or disable patterns with set_parameter on .../enabled instead). Activating ' +
    'the pattern already active (or on its way) changes nothing. For a launch on the beat, fire .../launch with ' +
    'fire_trigger. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject(target('pattern', '/lx/mixer/channel/1/pattern/2')),
  output: z.strictObject({ pattern: PatternPayload }),
  handle: ({ path, id }, { light, origin }) => ({ pattern: toPatternPayload(activatePattern(light, { path, id }, origin)) }),
});
