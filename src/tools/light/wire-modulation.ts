import * as z from 'zod';
import { wireModulation } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { PathOrId, asTarget } from './inputs.js';
import { ModulationPayload, toModulationPayload } from './payloads.js';

export default defineTool({
  name: 'wire_modulation',
  title: 'Wire a modulation',
  toolset: 'modulation',
  description:
    'Makes a source move a parameter: the source is a modulator (its path, e.g. /lx/modulation/modulator/1) or any numeric ' +
    'parameter (a macro knob, another fader...); the target must be a modulatable knob (list_parameters shows them). ' +
    "`range` (−1–1, required; 0 is allowed, as in LX, but moves nothing until you raise it) is the depth as a fraction of the target's range, negative " +
    'inverts; ' +
    "`polarity` unipolar adds 0…range above the base, bipolar swings ±range around it (default: the source's). The wiring " +
    "and its depth are ONE undo step. The scope defaults to the source modulator's own engine (a device's modulator drives " +
    'only inside that device) or else /lx/modulation; a wiring out of scope or one that would close a loop is refused with ' +
    'the loop named, and nothing changes. The target keeps its base value: set_parameter still moves the base. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    sourcePath: z.string().optional().describe('Source: a modulator path or a numeric parameter path'),
    sourceId: z.number().int().optional().describe("Instead of (or as a check on) sourcePath: a modulator's id, or with sourceKey a component id"),
    sourceKey: z.string().optional().describe("With sourceId: the source parameter's key"),
    targetPath: z.string().optional().describe('Target parameter path, e.g. /lx/mixer/channel/1/pattern/1/xAmount'),
    targetId: z.number().int().optional().describe("Instead of (or as a check on) targetPath: the target component's id (with targetKey)"),
    targetKey: z.string().optional().describe("With targetId: the target parameter's key"),
    range: z.number().min(-1).max(1).describe('Depth −1–1'),
    polarity: z.enum(['unipolar', 'bipolar']).optional().describe("Default: the source's polarity"),
    scope: PathOrId.optional().describe('Modulation engine to wire in (path or id of it or its owner); default from the source'),
  }),
  output: z.strictObject({ modulation: ModulationPayload }),
  handle: (a, { light, origin }) => {
    const m = wireModulation(
      light,
      { path: a.sourcePath, id: a.sourceId, key: a.sourceKey },
      { path: a.targetPath, id: a.targetId, key: a.targetKey },
      { range: a.range, polarity: a.polarity, scope: a.scope === undefined ? undefined : asTarget(a.scope) },
      origin,
    );
    return { modulation: toModulationPayload(m, true) };
  },
});
