import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { MidiInputPayload, toMidiInputPayload } from './payloads.js';

export default defineTool({
  name: 'list_midi_inputs',
  title: 'List the MIDI inputs',
  toolset: 'midi',
  description:
    "Lists the saved MIDI inputs by device name with LX's flags: channel (notes reach channels and modulators), control (messages " +
    'drive the mappings), sync (MIDI clock drives the tempo); and the remembered control surfaces (LX class, device name, enabled). ' +
    "These are settings: the devices that send are the console page's Web MIDI inputs (docs/midi.md); Footlight opens no system MIDI port itself. " +
    '`devices` lists those heard since the show opened, with their message count and the time of the last.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    inputs: z.array(MidiInputPayload),
    surfaces: z.array(z.strictObject({ className: z.string(), deviceName: z.string(), enabled: z.boolean() })),
    devices: z.array(z.strictObject({ name: z.string(), messages: z.number(), lastHeard: z.string().describe('ISO 8601') })),
  }),
  handle: (_args, { light }) => ({
    inputs: light.lx.midi.inputs.map(toMidiInputPayload),
    surfaces: light.lx.midi.surfaces.map((s) => ({ ...s })),
    devices: [...light.lx.midi.heard].map(([name, d]) => ({ name, messages: d.messages, lastHeard: d.last })),
  }),
});
