import * as z from 'zod';
import { moveChannel } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { ChannelPayload, PathChangesPayload, toChannelPayload } from './payloads.js';

export default defineTool({
  name: 'move_channel',
  title: 'Move a channel in the mix',
  toolset: 'structure',
  description:
    "Moves a channel or a group in the mixer's order (later channels blend on top of earlier ones). A group moves with its " +
    'members as one block. `index` is the 0-based position of the moved channel (or group) in the list as it is without it. ' +
    "A top-level channel or group cannot land inside a group's members; a group member can only move within its group " +
    '(ungroup_channel takes it out, group_channels puts channels in). `pathChanges` lists every path that changed, nested ' +
    'patterns, effects and modulators included. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('channel or group', '/lx/mixer/channel/3'),
    index: z.number().int().describe('0-based new position, counted without the moved block'),
  }),
  output: z.strictObject({ channel: ChannelPayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = moveChannel(light, { path, id }, index, origin);
    return { channel: toChannelPayload(r.channel, false), pathChanges: r.pathChanges };
  },
});
