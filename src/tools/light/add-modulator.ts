import { withPathChanges } from '../../light/operations/path-changes.js';
import * as z from 'zod';
import { addModulator } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget, labelInput } from './inputs.js';
import { ModulatorPayload, ParameterValuesPayload, toModulatorPayload, toParameterValues, PathChangesPayload } from './payloads.js';

export default defineTool({
  name: 'add_modulator',
  title: 'Add a modulator',
  toolset: 'modulation',
  description:
    'Adds a modulator of a library class (`class`: full, simple or display name from list_available_modulators, e.g. "LFO", ' +
    '"Env", "Knobs") and starts it. `scope` says where: omitted, the global engine /lx/modulation (it may then drive anything ' +
    'in the show); or a channel, group, the master bus, a pattern or an effect (path or id; it runs with that device and may ' +
    'only drive parameters inside it). Classes that may only be global (Timer) are refused in a device, and the reverse. It ' +
    'is labelled as LX does ("LFO 2") unless `label` is given, and goes at `index` in its scope (default the end; modulators ' +
    'run in list order; later modulators shift, see `pathChanges`). `parameters` gives its knobs by key with their values; ' +
    'wire it with wire_modulation (source: its path). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    class: z.string().min(1).max(200).describe('Modulator class, e.g. "VariableLFO", "LFO", "MultiStageEnvelope"'),
    scope: PathOrId.optional().describe('Where it runs: a channel, pattern, effect... (path or id); default /lx/modulation'),
    index: z.number().int().optional().describe('0-based position in the scope (default: the end)'),
    label: labelInput('Name (default LX\'s numbered one, e.g. "LFO 2")').optional(),
  }),
  output: z.strictObject({ modulator: ModulatorPayload, parameters: ParameterValuesPayload, pathChanges: PathChangesPayload }),
  handle: (args, { light, origin }) => {
    const scope = args.scope === undefined ? undefined : asTarget(args.scope);
    const r = withPathChanges(light.lx, () => addModulator(light, args.class, { scope, index: args.index, label: args.label }, origin));
    return { modulator: toModulatorPayload(r.result, false), parameters: toParameterValues(r.result), pathChanges: r.pathChanges };
  },
});
