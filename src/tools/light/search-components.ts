import * as z from 'zod';
import { searchParameters } from '../../light/parameter-search.js';
import { COMPONENT_KINDS, searchComponents } from '../../light/show/search.js';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { toParameterPayload } from './payloads.js';
import type { Parameter } from '../../engine/parameters/parameter.js';

interface ParameterHitPayload {
  path: string;
  componentId: number;
  component: string;
  key: string;
  label: string;
  kind: string;
  oscAddress: string;
  value: number | string | boolean;
  formatted?: string;
  modulated?: true;
}

function toParameterHit(parameter: Parameter): ParameterHitPayload {
  const full = toParameterPayload(parameter);
  const out: ParameterHitPayload = {
    path: full.path,
    componentId: full.componentId,
    component: parameter.owner?.label.getString() ?? '',
    key: full.key,
    label: full.label,
    kind: full.kind,
    oscAddress: full.oscAddress,
    value: full.value,
  };
  if (full.formatted !== undefined) out.formatted = full.formatted;
  if (full.modulated === true) out.modulated = true;
  return out;
}

export default defineTool({
  name: 'search_components',
  title: 'Find components and parameters',
  toolset: 'discover',
  description:
    'Finds components (channels, groups, patterns, effects, modulators, fixtures, views) whose label, class or path ' +
    'contains `query`, and parameters by key, label or path with their current value ("fader", "speed"; a few words such ' +
    'as "second channel quieter" also work), exact label matches first. `kind` narrows to one kind (`parameter`: ' +
    'parameters only), `underPath` to one component. A cheap way to the right path without listing the show. Components ' +
    'page with `nextCursor` → `cursor` (stale after a structure change); parameters are the best `limit` matches.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    query: z.string().max(200).describe('Text to look for, e.g. "noise" or "wash"'),
    kind: z
      .enum([...COMPONENT_KINDS, 'parameter'])
      .optional()
      .describe('Only this kind of component, or only parameters'),
    underPath: z.string().optional().describe('Only inside this component, e.g. /lx/mixer/channel/2'),
    ...PageInput,
  }),
  output: z.strictObject({
    results: z.array(
      z.strictObject({ path: z.string(), id: z.number().int(), label: z.string(), kind: z.enum(COMPONENT_KINDS), class: z.string().optional() }),
    ),
    total: z.number().int().describe('Component matches in all pages'),
    nextCursor: z.string().optional(),
    parameters: z
      .array(
        z.strictObject({
          path: z.string(),
          componentId: z.number().int(),
          component: z.string().describe('Label of the component that holds it'),
          key: z.string(),
          label: z.string(),
          kind: z.string(),
          oscAddress: z.string().describe('Where OSC reaches it (ports in get_project_info)'),
          value: z.union([z.number(), z.string(), z.boolean()]),
          formatted: z.string().optional(),
          modulated: z.literal(true).optional(),
        }),
      )
      .describe('Matching parameters, best first (set them with set_parameter)'),
    parameterTotal: z.number().int().describe('Matching parameters in all'),
  }),
  handle: ({ query, kind, underPath, cursor, limit }, { light, engine }) => {
    const under = underPath === undefined ? light.lx : light.component(underPath);
    const hits = kind === 'parameter' ? [] : searchComponents(light.lx, query, kind, under);
    const params = kind === undefined || kind === 'parameter' ? searchParameters(under, query) : [];
    const p = page(hits, { list: `search:${query}:${kind ?? ''}:${underPath ?? ''}`, cursor, limit: limit ?? 25, revision: engine.graph.structureRevision });
    const out: {
      results: { path: string; id: number; label: string; kind: (typeof COMPONENT_KINDS)[number]; class?: string }[];
      total: number;
      nextCursor?: string;
      parameters: ParameterHitPayload[];
      parameterTotal: number;
    } = {
      results: p.items.map((h) => {
        const r = { path: h.component.path, id: h.component.id, label: h.component.label.getString(), kind: h.kind };
        return h.lxClass === undefined ? r : { ...r, class: h.lxClass };
      }),
      total: p.total,
      parameters: params.slice(0, limit ?? 10).map(({ parameter }) => toParameterHit(parameter)),
      parameterTotal: params.length,
    };
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
