import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { ComponentRefPayload, ParameterPayload, toComponentRef, toParameterPayload } from './payloads.js';

export default defineTool({
  name: 'list_parameters',
  title: 'List a component\'s parameters',
  toolset: 'parameters',
  description:
    'Lists every parameter of one component (a channel, pattern, effect, the mixer, a fixture...) with its current value, ' +
    'range or options and path, plus the component\'s direct children and lists (one level; call again on a child to go ' +
    'deeper). Use the returned paths with get_parameter and set_parameter; never guess them.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    path: z.string().optional().describe('Canonical component path, e.g. /lx/mixer/channel/1/pattern/1'),
    id: z.number().int().optional().describe('Instead of (or as a check on) path: the component\'s id from any payload'),
  }),
  output: z.strictObject({
    component: ComponentRefPayload,
    parameters: z.array(ParameterPayload),
    children: z.array(z.strictObject({ key: z.string(), path: z.string(), label: z.string(), class: z.string().optional() })),
    lists: z.array(z.strictObject({ key: z.string(), count: z.number().int(), paths: z.array(z.string()) })),
  }),
  handle: ({ path, id }, { light }) => {
    const c = light.component({ path, id });
    return {
      component: toComponentRef(c),
      parameters: [...c.parameters.values()].filter((p) => !p.internal).map(toParameterPayload),
      children: [...c.children.entries()].map(([key, child]) => {
        const { id: _id, ...ref } = toComponentRef(child);
        return { key, ...ref };
      }),
      lists: [...c.arrays.entries()].map(([key, arr]) => ({ key, count: arr.length, paths: arr.items.map((i) => i.path) })),
    };
  },
});
