import * as z from 'zod';
import { moveModulator } from '../../light/operations/modulation.js';
import { defineTool } from '../define-tool.js';
import { target } from './inputs.js';
import { ModulatorPayload, PathChangesPayload, toModulatorPayload } from './payloads.js';

export default defineTool({
  name: 'move_modulator',
  title: 'Move a modulator',
  toolset: 'modulation',
  description:
    'Moves a modulator to a 0-based position in its scope. Modulators run in list order each frame, so one that reads ' +
    "another sees this frame's value only if it comes after it. Paths of the modulators between the two positions change " +
    '(`pathChanges`); their OSC addresses, which use labels, do not. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({ ...target('modulator', '/lx/modulation/modulator/2'), index: z.number().int().describe('0-based new position') }),
  output: z.strictObject({ modulator: ModulatorPayload, pathChanges: PathChangesPayload }),
  handle: ({ path, id, index }, { light, origin }) => {
    const r = moveModulator(light, { path, id }, index, origin);
    return { modulator: toModulatorPayload(r.modulator, false), pathChanges: r.pathChanges };
  },
});
