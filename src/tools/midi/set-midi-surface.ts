import * as z from 'zod';
import { setMidiSurface } from '../../light/operations/midi.js';
import { defineTool } from '../define-tool.js';
import { MidiSurfacePayload, toMidiSurfacePayloads } from './payloads.js';

export default defineTool({
  name: 'set_midi_surface',
  title: 'Bind or enable a MIDI control surface',
  toolset: 'midi',
  description:
    'Binds a surface driver to a MIDI device name (new: enabled), rebinds it, or enables/disables it. An enabled surface takes ' +
    "its device's messages (not the mappings) and lights its LEDs through the console page. Saved in .lxmidi as LX does. Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    device: z.string().max(256).describe('MIDI device name, e.g. "APC mini mk2 Control"'),
    driver: z.string().max(128).optional().describe('APCminiMk2 or MidiFighterTwister (or LX class name)'),
    enabled: z.boolean().optional(),
  }),
  output: z.strictObject({ surface: MidiSurfacePayload, changed: z.boolean() }),
  handle: (args, { light, origin }) => {
    const r = setMidiSurface(light, args, origin);
    return { surface: toMidiSurfacePayloads(light.lx.midi)[r.index], changed: r.changed };
  },
});
