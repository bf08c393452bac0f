import * as z from 'zod';
import { groupChannels } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget, labelInput } from './inputs.js';
import { ChannelPayload, PathChangesPayload, toChannelPayload } from './payloads.js';

export default defineTool({
  name: 'group_channels',
  title: 'Group channels',
  toolset: 'structure',
  description:
    'Puts top-level channels into a new group bus (label "Group-N" unless given). The group takes the place of the first ' +
    'of them in the mix and the channels follow it in their mixer order; members render into the group, which blends into ' +
    'the mix with its own fader, blend mode and effects. Channels are given by path or id, in any order; groups and ' +
    "channels already in a group are refused. Paths of the moved channels change (`pathChanges`). Unlike LX's grouping, " +
    "this does not touch the console's selection and is one undo step. Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    channels: z.array(PathOrId).min(1).max(256).describe('Channels to group: paths (/lx/mixer/channel/2) or ids'),
    label: labelInput('Name of the group (default Group-N)').optional(),
  }),
  output: z.strictObject({ group: ChannelPayload, members: z.array(ChannelPayload), pathChanges: PathChangesPayload }),
  handle: ({ channels, label }, { light, origin }) => {
    const r = groupChannels(light, channels.map(asTarget), label, origin);
    return { group: toChannelPayload(r.group, false), members: r.group.members.map((m) => toChannelPayload(m, false)), pathChanges: r.pathChanges };
  },
});
