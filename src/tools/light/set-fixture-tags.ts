import * as z from 'zod';
import { MAX_TAGS, setFixtureTags } from '../../light/operations/fixtures.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { FixturePayload, toFixturePayload } from './payloads.js';

export default defineTool({
  name: 'set_fixture_tags',
  title: "Set a fixture's tags",
  toolset: 'fixtures',
  description:
    "Replaces a fixture's tags (the list view selectors match). Each tag must be letters, digits and _ . - / only (LX's rule, " +
    'e.g. "front", "panel.left", "ring/outer"): LX silently drops other tags, so here one bad tag refuses the whole call and ' +
    "is named. Duplicates are kept once. An empty list returns the fixture to its class's default tags. Returns the " +
    'fixture with its resulting model tags. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    ...target('fixture', '/lx/structure/fixture/1'),
    tags: z.array(z.string().max(128)).max(MAX_TAGS).describe('The new tags, e.g. ["front", "wash"]'),
  }),
  output: z.strictObject({ fixture: FixturePayload }),
  handle: ({ path, id, tags }, { light, origin }) => ({ fixture: toFixturePayload(setFixtureTags(light, { path, id }, tags, origin), light.structure, false) }),
});
