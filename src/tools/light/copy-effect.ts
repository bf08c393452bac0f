import * as z from 'zod';
import { copyEffect } from '../../light/operations/effects.js';
import { defineTool } from '../define-tool.js';
import { asContainer, containerTarget, target } from './inputs.js';
import { EffectPayload, PathChangesPayload, WiringNotePayload, toEffectPayload } from './payloads.js';

export default defineTool({
  name: 'copy_effect',
  title: 'Copy an effect',
  toolset: 'structure',
  description:
    'Copies an effect with its settings, modulators and the modulation inside it into its own chain (default: right after ' +
    "it) or another container's chain (`containerPath`/`containerId`: a channel, group, the master bus or a pattern; " +
    'default: the end), at `index` (0-based). The copy has new ids. Modulations from outside the effect stay with the ' +
    'source and are listed in `unreplicatedWiring`. Effects after the copy shift (`pathChanges`). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...target('effect', '/lx/mixer/channel/1/effect/1'),
    ...containerTarget('destination container', '/lx/mixer/channel/2'),
    index: z.number().int().optional().describe('0-based position of the copy'),
  }),
  output: z.strictObject({ effect: EffectPayload, unreplicatedWiring: z.array(WiringNotePayload), pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = copyEffect(light, { path: args.path, id: args.id }, asContainer(args), args.index, origin);
    return { effect: toEffectPayload(r.effect), unreplicatedWiring: [...r.unreplicatedWiring], pathChanges: [...r.pathChanges] };
  },
});
