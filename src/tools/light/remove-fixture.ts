import * as z from 'zod';
import { removeFixture } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { RemovalPayload, toRemovalPayload } from './payloads.js';

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
  output: RemovalPayload,
  handle: ({ path, id }, { light, origin }) => toRemovalPayload('fixture', removeFixture(light, { path, id }, origin)),
});
