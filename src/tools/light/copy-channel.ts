import * as z from 'zod';
import { copyChannel } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { target, labelInput } from './inputs.js';
import { ChannelPayload, PathChangesPayload, WiringNotePayload, toChannelPayload } from './payloads.js';

export default defineTool({
  name: 'copy_channel',
  title: 'Copy a channel',
  toolset: 'structure',
  description:
    'Duplicates a channel: its patterns (with their effects and modulators), its effects, its mixer settings and the ' +
    'modulation inside it. The copy is a new top-level channel at `index` (0-based; default right after the source, or ' +
    "after the source's group), with new ids. Groups cannot be copied; a copy of a group member is not in the group " +
    '(`groupMembershipDropped`). Wiring from outside the channel (global modulations reading or driving it) stays with the ' +
    'source and is listed in `unreplicatedWiring`. Channels after the copy shift (`pathChanges`). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...target('channel', '/lx/mixer/channel/1'),
    index: z.number().int().optional().describe('0-based position of the copy (default: after the source)'),
    label: labelInput("Name of the copy (default: the source's)").optional(),
  }),
  output: z.strictObject({
    channel: ChannelPayload,
    groupMembershipDropped: z.string().optional().describe("The source's group, which the copy is not in"),
    unreplicatedWiring: z.array(WiringNotePayload),
    pathChanges: PathChangesPayload,
  }),
  handle: ({ path, id, index, label }, { light, origin }) => {
    const r = copyChannel(light, { path, id }, { index, label }, origin);
    const out = { channel: toChannelPayload(r.channel, true), unreplicatedWiring: [...r.unreplicatedWiring], pathChanges: [...r.pathChanges] };
    return r.groupMembershipDropped === undefined ? out : { ...out, groupMembershipDropped: r.groupMembershipDropped };
  },
});
