import * as z from 'zod';
import { copyPattern } from '../../light/operations/patterns.js';
import { defineTool } from '../define-tool.js';
import { asContainer, containerTarget, target } from './inputs.js';
import { PathChangesPayload, PatternPayload, WiringNotePayload, toPatternPayload } from './payloads.js';

export default defineTool({
  name: 'copy_pattern',
  title: 'Copy a pattern',
  toolset: 'structure',
  description:
    'Copies a pattern with its settings, effects, modulators and the modulation inside it, into its own channel (default: ' +
    'right after it) or another channel or pattern rack (`containerPath`/`containerId`; default: the end), at `index` (0-based). The copy ' +
    "has new ids and is not made active. Modulations from outside the pattern (the channel's or the global engine's) stay " +
    'with the source and are listed in `unreplicatedWiring`. Patterns after the copy shift (`pathChanges`). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...target('pattern', '/lx/mixer/channel/1/pattern/1'),
    ...containerTarget('destination channel or pattern rack', '/lx/mixer/channel/2'),
    index: z.number().int().optional().describe('0-based position of the copy'),
  }),
  output: z.strictObject({ pattern: PatternPayload, unreplicatedWiring: z.array(WiringNotePayload), pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = copyPattern(light, { path: args.path, id: args.id }, asContainer(args), args.index, origin);
    return { pattern: toPatternPayload(r.pattern), unreplicatedWiring: [...r.unreplicatedWiring], pathChanges: [...r.pathChanges] };
  },
});
