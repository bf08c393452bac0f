import * as z from 'zod';
import { ungroupChannel } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { ChannelPayload, PathChangesPayload, toChannelPayload } from './payloads.js';

export default defineTool({
  name: 'ungroup_channel',
  title: 'Take a channel out of its group',
  toolset: 'structure',
  description:
    "Takes one member channel out of its group; it becomes a top-level channel placed right after the group's remaining " +
    'members. The group stays (even when this was its last member: remove it with remove_channel or ungroup_channels). ' +
    'Paths that changed are in `pathChanges`. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('member channel', '/lx/mixer/channel/3')),
  output: z.strictObject({ channel: ChannelPayload, formerGroup: z.string().describe('Path of the group it left'), pathChanges: PathChangesPayload }),
  handle: ({ path, id }, { light, origin }) => {
    const r = ungroupChannel(light, { path, id }, origin);
    return { channel: toChannelPayload(r.channel, false), formerGroup: r.formerGroup.path, pathChanges: r.pathChanges };
  },
});
