import * as z from 'zod';
import { wireTrigger } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from './inputs.js';
import { ModulationPayload, toModulationPayload } from './payloads.js';

export default defineTool({
  name: 'wire_trigger',
  title: 'Wire a trigger mapping',
  toolset: 'modulation',
  description:
    "Makes one on/off parameter drive another: the source is a boolean or trigger (a modulator's trigger output such as " +
    "an Interval's or a Logic's, a macro switch or trigger, the tempo's beat /lx/tempo/trigger...), the target a boolean " +
    "or trigger (a pattern's launch or enabled, an effect's enabled, a modulator's trigger...). A momentary source fires " +
    'a momentary target directly; with a toggle on either side, `mode` picks the behaviour (e.g. TOGGLE, ON, OFF, DIRECT, ' +
    'INVERT; the error lists the modes for the pair). Scope and loops are checked first. `warnings` says when a valid ' +
    'mapping will likely not do what was meant (a trigger into an envelope gate with Oneshot off). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    sourcePath: z.string().optional().describe('Source boolean or trigger path'),
    sourceId: z.number().int().optional().describe("Instead of (or as a check on) sourcePath: its component's id (with sourceKey)"),
    sourceKey: z.string().optional(),
    targetPath: z.string().optional().describe('Target boolean or trigger path'),
    targetId: z.number().int().optional().describe("Instead of (or as a check on) targetPath: its component's id (with targetKey)"),
    targetKey: z.string().optional(),
    mode: z.string().max(64).optional().describe('How a toggle source or target is driven (option name)'),
    scope: PathOrId.optional().describe('Modulation engine to wire in; default from the source'),
  }),
  output: z.strictObject({ modulation: ModulationPayload, warnings: z.array(z.string()).optional() }),
  handle: (a, { light, origin }) => {
    const { trigger, warnings } = wireTrigger(
      light,
      { path: a.sourcePath, id: a.sourceId, key: a.sourceKey },
      { path: a.targetPath, id: a.targetId, key: a.targetKey },
      { mode: a.mode, scope: a.scope === undefined ? undefined : asTarget(a.scope) },
      origin,
    );
    return { modulation: toModulationPayload(trigger, true), ...(warnings.length > 0 ? { warnings } : {}) };
  },
});
