import * as z from 'zod';
import { moveEffect } from '../../light/operations/effects.js';
import { defineTool } from '../define-tool.js';
import { asContainer, containerTarget, target } from './inputs.js';
import { EffectPayload, PathChangesPayload, WiringNotePayload, toEffectPayload } from './payloads.js';

export default defineTool({
  name: 'move_effect',
  title: 'Move an effect',
  toolset: 'structure',
  description:
    'Moves an effect to `index` (0-based) in its chain, or with `containerPath`/`containerId` into another chain (a channel, ' +
    "group, the master bus or a pattern; `index` up to that chain's length). A move to another chain is a true move: the " +
    'effect keeps its id, settings, modulators and the modulation inside it; modulations from outside that cannot reach it ' +
    "at the new place (a channel's own modulation when it leaves that channel) are dropped and listed in `droppedWiring`; " +
    'global modulations follow. `pathChanges` lists every path that changed. Undo moves it back and restores dropped ' +
    'wiring. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('effect', '/lx/mixer/channel/1/effect/2'),
    index: z.number().int().describe('0-based position in the (destination) chain'),
    ...containerTarget('destination container', '/lx/mixer/master'),
  }),
  output: z.strictObject({ effect: EffectPayload, droppedWiring: z.array(WiringNotePayload), pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = moveEffect(light, { path: args.path, id: args.id }, args.index, asContainer(args), origin);
    return { effect: toEffectPayload(r.effect), droppedWiring: [...r.droppedWiring], pathChanges: [...r.pathChanges] };
  },
});
