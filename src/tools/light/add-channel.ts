import { withPathChanges } from '../../light/operations/path-changes.js';
import * as z from 'zod';
import { addChannel } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { labelInput } from './inputs.js';
import { ChannelPayload, toChannelPayload, PathChangesPayload } from './payloads.js';

export default defineTool({
  name: 'add_channel',
  title: 'Add a mixer channel',
  toolset: 'structure',
  description:
    'Adds a channel to the mixer, optionally starting with one pattern (`class`: a pattern class by full, simple or display ' +
    'name from list_available_patterns, e.g. "Gradient"). It goes at `index` (0-based; default the end, i.e. the top of the mix) ' +
    "and may not land inside a group's members. As in LX a new channel starts with its fader at 0 (auto-muted, so invisible) " +
    'unless it is the only channel: pass `fader` (0–1) or set .../fader afterwards to see it. Channels after `index` shift ' +
    'down one path slot (/lx/mixer/channel/N+1), each listed in `pathChanges`. Returns the channel as get_channel does. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    class: z.string().min(1).max(200).optional().describe('Pattern class to start with, e.g. "Gradient" or heronarts.lx.pattern.color.SolidPattern'),
    index: z.number().int().optional().describe('0-based position in the mixer (default: the end)'),
    label: labelInput('Channel name (default Channel-N)').optional(),
    fader: z.number().min(0).max(1).optional().describe('Starting fader 0–1 (default 0, or 1 for the only channel)'),
  }),
  output: z.strictObject({ channel: ChannelPayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const r = withPathChanges(light.lx, () => addChannel(light, { patternClass: args.class, index: args.index, label: args.label, fader: args.fader }, origin));
    return { channel: toChannelPayload(r.result, true), pathChanges: r.pathChanges };
  },
});
