import * as z from 'zod';
import { invalidArgument } from '../../engine/errors.js';
import { entryFor } from '../../light/docs/lookup.js';
import { defineTool } from '../define-tool.js';
import { ComponentDocPayload, toComponentDocPayload } from './payloads.js';

export default defineTool({
  name: 'get_component_doc',
  title: 'Explain a pattern, effect or modulator',
  toolset: 'discover',
  description:
    'Explains how a stock pattern, effect or modulator behaves — what it renders or computes, how its parameters interact ' +
    '(which act live and which only at the next cycle, what a knob does at its extremes) and when to pick it — from a note ' +
    "checked against Footlight's implementation. Read it before reasoning about a component: list_parameters tells you " +
    'which knobs exist, not what the algorithm does with them. Name the class (full class, simple class name or display ' +
    'name such as "Gradient"; a name shared by several kinds, like "Noise", needs `kind`) or point at a live instance by ' +
    '`path` or `id`. `freshness.stale` is true when the implementation changed after the note was reviewed (trust the ' +
    'live parameters over the note then), "unknown" when there is nothing to compare. A class without a note answers ' +
    '`documented: false`; classes Footlight cannot run say why in `unavailableReason`. `parameterKeys` lists its knobs in order.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    class: z.string().max(200).optional().describe('Class to explain: full class, simple class name or display name, e.g. "Chase"'),
    kind: z.enum(['pattern', 'effect', 'modulator']).optional().describe('Only look among this kind (for names several kinds share)'),
    path: z.string().optional().describe('Instead of class: a live pattern, effect or modulator, e.g. /lx/mixer/channel/1/pattern/2'),
    id: z.number().int().optional().describe("Instead of (or as a check on) path: the component's id from any payload"),
  }),
  output: ComponentDocPayload,
  handle: ({ class: className, kind, path, id }, { docs, light }) => {
    if (className !== undefined && (path !== undefined || id !== undefined)) throw invalidArgument('pass either class or path/id, not both');
    const instance = path !== undefined || id !== undefined ? light.component({ path, id }) : undefined;
    const entry = entryFor(docs, { className, kind, instance });
    const keys = instance === undefined ? docs.parameterKeys(entry) : [...instance.parameters.values()].filter((p) => !p.internal).map((p) => p.key);
    return toComponentDocPayload(docs.doc(entry), keys, instance);
  },
});
