import * as z from 'zod';
import { moveFixture } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { FixturePayload, PathChangesPayload, toFixturePayload } from './payloads.js';

export default defineTool({
  name: 'move_fixture',
  title: 'Move a fixture in the structure',
  toolset: 'fixtures',
  description:
    "Moves a fixture to a 0-based position in the structure's list. Points are numbered in fixture order, so point indices " +
    'change for every fixture between the old and new position; their paths are in `pathChanges`. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({ ...target('fixture', '/lx/structure/fixture/2'), index: z.number().int().describe('0-based new position') }),
  output: z.strictObject({ fixture: FixturePayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = moveFixture(light, { path, id }, index, origin);
    return { fixture: toFixturePayload(r.fixture, light.structure, false), pathChanges: r.pathChanges };
  },
});
