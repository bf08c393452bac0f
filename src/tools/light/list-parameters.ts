import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ComponentRefPayload, ParameterPayload, toComponentRef, toParameterPayload } from './payloads.js';

const PARAMETER_KINDS = ['bounded', 'discrete', 'enum', 'boolean', 'trigger', 'color', 'string'] as const;

/** What an agent needs to pick, set and map a parameter (the contract: every payload has its oscAddress); the rest is one detail:"full" away. */
function compact(p: ParameterPayload): Omit<ParameterPayload, 'componentId'> {
  const { componentId: _c, description: _d, normalized: _n, baseNormalized: _b, ...rest } = p;
  return rest;
}

export default defineTool({
  name: 'list_parameters',
  title: "List a component's parameters",
  toolset: 'parameters',
  description:
    'Lists the parameters of one component (a channel, pattern, effect, the mixer, a fixture...) with current value, ' +
    'range or options and path, plus its direct children and lists (one level; call again on a child to go deeper). ' +
    'Compact by default (`detail: "full"` adds descriptions and normalized values); filter with `keys`, `kinds` ' +
    'or `modulatedOnly`. Use the returned paths with get_parameter and set_parameter; never guess them.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    path: z.string().optional().describe('Canonical component path, e.g. /lx/mixer/channel/1/pattern/1'),
    id: z.number().int().optional().describe("Instead of (or as a check on) path: the component's id from any payload"),
    keys: z.array(z.string().max(200)).max(200).optional().describe('Only these parameter keys'),
    kinds: z.array(z.enum(PARAMETER_KINDS)).max(7).optional().describe('Only these kinds, e.g. ["bounded"]'),
    modulatedOnly: z.boolean().default(false).describe('Only parameters modulation rides on now'),
    detail: z.enum(['compact', 'full']).default('compact').describe('compact (default) or full'),
  }),
  output: z.strictObject({
    component: ComponentRefPayload,
    parameters: z.array(ParameterPayload.partial({ componentId: true })).describe("In the component's order; componentId is component.id"),
    children: z.array(z.strictObject({ key: z.string(), path: z.string(), label: z.string(), class: z.string().optional() })),
    lists: z.array(z.strictObject({ key: z.string(), count: z.number().int(), paths: z.array(z.string()) })),
  }),
  handle: ({ path, id, keys, kinds, modulatedOnly, detail }, { light }) => {
    const c = light.component({ path, id });
    const wantedKeys = keys === undefined ? undefined : new Set(keys);
    const wantedKinds = kinds === undefined ? undefined : new Set<string>(kinds);
    const parameters = [...c.parameters.values()]
      .filter((p) => !p.internal && (wantedKeys === undefined || wantedKeys.has(p.key)) && (wantedKinds === undefined || wantedKinds.has(p.kind)))
      .map(toParameterPayload)
      .filter((p) => !modulatedOnly || p.modulated === true);
    return {
      component: toComponentRef(c),
      parameters: detail === 'full' ? parameters : parameters.map(compact),
      children: [...c.children.entries()].map(([key, child]) => {
        const { id: _id, ...ref } = toComponentRef(child);
        return { key, ...ref };
      }),
      lists: [...c.arrays.entries()].map(([key, arr]) => ({ key, count: arr.length, paths: arr.items.map((i) => i.path) })),
    };
  },
});
