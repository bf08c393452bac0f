import * as z from 'zod';
import { listModulation } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { PageInput, page } from '../paging.js';
import { PathOrId, asTarget } from './inputs.js';
import { ModulationPayload, ModulatorPayload, toModulationPayload, toModulatorPayload } from './payloads.js';

export default defineTool({
  name: 'list_modulations',
  title: 'List modulators and modulations',
  toolset: 'modulation',
  description:
    'Lists modulators, modulations (continuous, with depth and polarity) and trigger mappings. Without `scope`, every ' +
    "engine in the show (the global /lx/modulation, then each channel's and device's); with `scope` (a path or id of an " +
    'engine, channel, pattern, effect...), only that engine. `detail: "full"` adds each modulator\'s parameters and the ' +
    "paths of each wiring's range, polarity and enabled. One list is paged in this order: modulators, modulations, " +
    'triggers (default 50 per page, 10 in full): pass `nextCursor` back as `cursor`; it is refused as stale if anything was ' +
    'wired, removed or moved between pages.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    scope: PathOrId.optional().describe('One engine (or its owner), by path or id; default: the whole show'),
    detail: z.enum(['summary', 'full']).default('summary').describe('summary (default) or full'),
    ...PageInput,
  }),
  output: z.strictObject({
    modulators: z.array(ModulatorPayload),
    modulations: z.array(ModulationPayload),
    triggers: z.array(ModulationPayload),
    total: z.number().int().describe('Modulators + modulations + triggers in all pages'),
    totals: z.strictObject({ modulators: z.number().int(), modulations: z.number().int(), triggers: z.number().int() }),
    nextCursor: z.string().optional(),
  }),
  handle: ({ scope, detail, cursor, limit }, { light, engine }) => {
    const l = listModulation(light, scope === undefined ? undefined : asTarget(scope));
    const full = detail === 'full';
    const all = [
      ...l.modulators.map((m) => ({ t: 'modulator' as const, m })),
      ...l.modulations.map((m) => ({ t: 'modulation' as const, m })),
      ...l.triggers.map((m) => ({ t: 'trigger' as const, m })),
    ];
    const p = page(all, { list: `modulations:${scope ?? ''}:${detail}`, cursor, limit: limit ?? (full ? 10 : 50), revision: engine.graph.structureRevision });
    const out: {
      modulators: ModulatorPayload[];
      modulations: ModulationPayload[];
      triggers: ModulationPayload[];
      total: number;
      totals: { modulators: number; modulations: number; triggers: number };
      nextCursor?: string;
    } = {
      modulators: [],
      modulations: [],
      triggers: [],
      total: p.total,
      totals: { modulators: l.modulators.length, modulations: l.modulations.length, triggers: l.triggers.length },
    };
    for (const e of p.items) {
      if (e.t === 'modulator') out.modulators.push(toModulatorPayload(e.m, full));
      else if (e.t === 'modulation') out.modulations.push(toModulationPayload(e.m, full));
      else out.triggers.push(toModulationPayload(e.m, full));
    }
    if (p.nextCursor !== undefined) out.nextCursor = p.nextCursor;
    return out;
  },
});
