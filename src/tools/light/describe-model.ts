import * as z from 'zod';
import { describeNode, describeSubtree, fixtureComponents, resolveModelNode, tagVocabulary } from '../../light/docs/model-description.js';
import { defineTool } from '../define-tool.js';
import { page } from '../paging.js';
import { ModelNodePayload } from './payloads.js';

export default defineTool({
  name: 'describe_model',
  title: 'Describe the model (points, fixtures, tags)',
  toolset: 'discover',
  description:
    'Describes the model tree the fixtures make (root `/model`: the active fixtures, then their child fixtures and ' +
    'submodels). Each node gives `tags`, `size`, `pointIndexRange`, `bounds`, `center`, `childCount` and, for a fixture, its ' +
    '`fixture` path and id. Nodes use LX tag-index paths, not component paths: `/model/grid[0]/row[2]` is the third "row" ' +
    'child of the first "grid" child. Without `path` it adds `tagVocabulary` (the tags view selectors match), ' +
    '`totalPoints` and `fixtureCount`. `depth` (default 2) and `limit` (default 80 nodes) bound the answer: ask again ' +
    'with the `path` of a node in `childrenOmitted`; a long child list pages (`nextCursor` back as `cursor`).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    path: z.string().max(2000).optional().describe('Model node path from this tool, e.g. /model/grid[0]; default /model (the root)'),
    depth: z.number().int().min(0).max(10).optional().describe('Levels of children to expand (0–10, default 2)'),
    limit: z.number().int().min(1).max(250).optional().describe('Most nodes to list below the node (1–250, default 80; 250 nodes stay under about 25k tokens)'),
    cursor: z.string().max(200).optional().describe("nextCursor from the previous page of this node's children"),
    detail: z
      .enum(['compact', 'full'])
      .default('compact')
      .describe('compact (default): nodes below the one asked for leave out center and meta; full keeps them'),
  }),
  output: z.strictObject({
    node: ModelNodePayload,
    totalPoints: z.number().int().optional().describe('Root only: points in the model'),
    fixtureCount: z.number().int().optional().describe('Root only: active fixtures in the model'),
    tagVocabulary: z.record(z.string(), z.number().int()).optional().describe('Root only: every tag and how many nodes carry it'),
    truncated: z.boolean().describe('True when some children within `depth` were left out to stay within `limit`'),
    nextCursor: z.string().optional().describe('More children of this node: pass back as cursor'),
  }),
  handle: ({ path, depth, limit, cursor, detail }, { light }) => {
    const shape = (n: ModelNodePayload): ModelNodePayload => (detail === 'full' ? n : compactChildren(n));
    const structure = light.structure;
    const model = structure.model;
    const node = resolveModelNode(model, path);
    const fixtures = fixtureComponents(structure);
    const max = limit ?? 80;
    const isRoot = node === model.root;
    const rootFacts = isRoot ? { totalPoints: model.size, fixtureCount: model.fixtures.length, tagVocabulary: tagVocabulary(node) } : {};
    if (cursor === undefined && node.children.length <= max) {
      const { node: described, truncated } = describeSubtree(node, depth ?? 2, max, fixtures);
      return { node: shape(described), ...rootFacts, truncated };
    }
    // More children than fit: list them a page at a time, one level deep.
    const p = page(node.children, { list: `model:${node.path}`, cursor, limit: max, revision: structure.generation });
    const described = describeNode(node, fixtures);
    described.children = p.items.map((c) => {
      const d = describeNode(c, fixtures);
      if (c.children.length > 0) d.childrenOmitted = true;
      return d;
    });
    const out = { node: shape(described), ...rootFacts, truncated: true };
    return p.nextCursor === undefined ? out : { ...out, nextCursor: p.nextCursor };
  },
});

/** The node as described, its descendants without `center` (halfway between their bounds) and `meta`. */
function compactChildren(node: ModelNodePayload): ModelNodePayload {
  const strip = (n: ModelNodePayload): ModelNodePayload => {
    const { center: _c, meta: _m, ...rest } = n;
    return rest.children === undefined ? rest : { ...rest, children: rest.children.map(strip) };
  };
  return node.children === undefined ? node : { ...node, children: node.children.map(strip) };
}
