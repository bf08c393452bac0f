import * as z from 'zod';
import { SURFACE_DRIVERS } from '../../light/midi/midi-surfaces.js';
import { defineTool } from '../define-tool.js';
import { MidiSurfacePayload, toMidiSurfacePayloads } from './payloads.js';

export default defineTool({
  name: 'list_midi_surfaces',
  title: 'List the MIDI control surfaces',
  toolset: 'midi',
  description:
    'Lists the control-surface drivers (APC mini mk2, Midi Fighter Twister: LX class, default device name) and the saved surfaces: ' +
    'driver, device name, enabled, and lastSeen (the last message the enabled surface got from its device; absent: none yet).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    drivers: z.array(z.strictObject({ id: z.string(), className: z.string(), label: z.string(), deviceName: z.string() })),
    surfaces: z.array(MidiSurfacePayload),
  }),
  handle: (_args, { light }) => ({ drivers: SURFACE_DRIVERS.map((d) => ({ ...d })), surfaces: toMidiSurfacePayloads(light.lx.midi) }),
});
