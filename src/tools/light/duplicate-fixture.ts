import * as z from 'zod';
import { duplicateFixture } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { FixturePayload, PathChangesPayload, toFixturePayload } from './payloads.js';

export default defineTool({
  name: 'duplicate_fixture',
  title: 'Duplicate a fixture',
  toolset: 'fixtures',
  description:
    "Copies a fixture with all its parameters to `index` (0-based; default right after it), with a new id. The copy's " +
    'network output starts disabled, so it never silently sends to the same destination as the original; move it (x, y, z ' +
    'with set_fixture_params) and set its output before enabling it. Later fixtures shift (`pathChanges`). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    ...target('fixture', '/lx/structure/fixture/1'),
    index: z.number().int().optional().describe('0-based position of the copy (default: after the source)'),
  }),
  output: z.strictObject({ fixture: FixturePayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = duplicateFixture(light, { path, id }, index, origin);
    return { fixture: toFixturePayload(r.fixture, light.structure, true), pathChanges: r.pathChanges };
  },
});
