import * as z from 'zod';
import { removeChannel } from '../../light/operations/channels.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, RemovedPayload, WiringNotePayload } from './payloads.js';

export default defineTool({
  name: 'remove_channel',
  title: 'Remove a channel or group',
  toolset: 'structure',
  description:
    'Removes a channel, or a group together with its member channels (as LX does), with its patterns, effects and ' +
    'modulators. Modulations elsewhere in the show that read from or drive anything inside it are removed too and listed ' +
    'in `removedWiring`. Channels after it move up one path slot; `pathChanges` lists every path that changed. Undo puts ' +
    'everything back with the same ids, group membership and modulations. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('channel or group', '/lx/mixer/channel/2')),
  output: z.strictObject({
    ...RemovedPayload,
    removedMembers: z.array(z.string()).describe('For a group: the member channels removed with it (their former paths)'),
    removedWiring: z.array(WiringNotePayload).describe('Modulations elsewhere that depended on it, removed with it'),
    pathChanges: PathChangesPayload,
  }),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeChannel(light, { path, id }, origin);
    return {
      removed: r.path,
      kind: r.kind,
      id: r.id,
      removedMembers: [...r.removedMembers],
      removedWiring: [...r.removedWiring],
      pathChanges: [...r.pathChanges],
    };
  },
});
