import * as z from 'zod';
import { addEffect } from '../../light/operations/effects.js';
import { defineTool } from '../define-tool.js';
import { asContainer, containerTarget } from './inputs.js';
import { EffectPayload, ParameterValuesPayload, toParameterValues, PathChangesPayload, toEffectPayload } from './payloads.js';

export default defineTool({
  name: 'add_effect',
  title: 'Add an effect',
  toolset: 'structure',
  description:
    'Adds an effect of a library class (`class`: full, simple or display name from list_available_effects, e.g. "Blur") to ' +
    'the effect chain of a channel, a group, the master bus (/lx/mixer/master: over the whole mix) or a pattern (only that ' +
    "pattern's output), at `index` (0-based; default the end). Effects run in chain order; the new one is on. Effects " +
    'after `index` move down one path slot (`pathChanges`). `parameters` gives its knobs by key with their values. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...containerTarget('channel, group, master bus or pattern', '/lx/mixer/channel/1'),
    class: z.string().min(1).max(200).describe('Effect class, e.g. "Blur" or heronarts.lx.effect.BlurEffect'),
    index: z.number().int().optional().describe('0-based position in the chain (default: the end)'),
  }),
  output: z.strictObject({ effect: EffectPayload, parameters: ParameterValuesPayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = addEffect(light, asContainer(args) ?? {}, args.class, args.index, origin);
    return { effect: toEffectPayload(r.effect), parameters: toParameterValues(r.effect), pathChanges: [...r.pathChanges] };
  },
});
