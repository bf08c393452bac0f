import * as z from 'zod';
import { addPattern } from '../../light/operations/patterns.js';
import { defineTool } from '../define-tool.js';
import { asContainer, containerTarget } from './inputs.js';
import { ParameterValuesPayload, PathChangesPayload, PatternPayload, toParameterValues, toPatternPayload } from './payloads.js';

export default defineTool({
  name: 'add_pattern',
  title: 'Add a pattern to a channel',
  toolset: 'structure',
  description:
    'Adds a pattern of a library class (`class`: full, simple or display name from list_available_patterns, e.g. "Noise") ' +
    'to a channel, or into a pattern rack (a pattern of class "Pattern Rack", whose nested patterns are at .../pattern/N/pattern/M), at `index` (0-based; ' +
    'default the end). The first pattern of an empty channel becomes active; otherwise ' +
    'the active pattern stays (activate_pattern switches in playlist mode; in blend mode every enabled pattern mixes in). ' +
    'Patterns after `index` move down one path slot (`pathChanges`). `parameters` gives its knobs by key with their values. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...containerTarget('channel or pattern rack', '/lx/mixer/channel/1'),
    class: z.string().min(1).max(200).describe('Pattern class, e.g. "Gradient" or heronarts.lx.pattern.texture.NoisePattern'),
    index: z.number().int().optional().describe('0-based position in the channel (default: the end)'),
  }),
  output: z.strictObject({ pattern: PatternPayload, parameters: ParameterValuesPayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = addPattern(light, asContainer(args) ?? {}, args.class, args.index, origin);
    return { pattern: toPatternPayload(r.pattern), parameters: toParameterValues(r.pattern), pathChanges: [...r.pathChanges] };
  },
});
