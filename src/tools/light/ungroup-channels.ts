import * as z from 'zod';
import { ungroupGroup } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { ChannelPayload, PathChangesPayload, RemovedPayload, WiringNotePayload, toChannelPayload } from './payloads.js';

export default defineTool({
  name: 'ungroup_channels',
  title: 'Dissolve a group',
  toolset: 'structure',
  description:
    'Dissolves a group: its member channels stay where they are as top-level channels and the group bus is removed, with ' +
    'its effects and modulators and any modulation elsewhere that depended on it (`removedWiring`). Every channel after ' +
    'the group moves up one path slot (`pathChanges`). Undo brings the group back with the same id and members. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('group', '/lx/mixer/channel/2')),
  output: z.strictObject({
    ...RemovedPayload,
    channels: z.array(ChannelPayload).describe('The freed channels, now top-level'),
    removedWiring: z.array(WiringNotePayload),
    pathChanges: PathChangesPayload,
  }),
  handle: ({ path, id }, { light, origin }) => {
    const r = ungroupGroup(light, { path, id }, origin);
    return {
      removed: r.removed,
      kind: 'group',
      id: r.id,
      channels: r.channels.map((c) => toChannelPayload(c, false)),
      removedWiring: [...r.removedWiring],
      pathChanges: r.pathChanges,
    };
  },
});
