import * as z from 'zod';
import { removeFixture } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { PathChangesPayload, RemovedPayload, WiringNotePayload } from './payloads.js';

export default defineTool({
  name: 'remove_fixture',
  title: 'Remove a fixture',
  toolset: 'fixtures',
  description:
    'Removes a fixture from the structure; the model is rebuilt without its points, so point indices and the paths of later ' +
    'fixtures shift (`pathChanges`) and views that matched it change. Modulations of its parameters are removed with it ' +
    '(`removedWiring`). Undo puts the same fixture back with its id. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject(target('fixture', '/lx/structure/fixture/1')),
  output: z.strictObject({ ...RemovedPayload, removedWiring: z.array(WiringNotePayload), pathChanges: PathChangesPayload }),
  handle: ({ path, id }, { light, origin }) => {
    const r = removeFixture(light, { path, id }, origin);
    return { removed: r.path, kind: 'fixture', id: r.id, removedWiring: [...r.removedWiring], pathChanges: [...r.pathChanges] };
  },
});
