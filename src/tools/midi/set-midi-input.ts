import * as z from 'zod';
import { setMidiInput } from '../../light/operations/midi.js';
import { defineTool } from '../define-tool.js';
import { MidiInputPayload, toMidiInputPayload } from './payloads.js';

export default defineTool({
  name: 'set_midi_input',
  title: 'Set a MIDI input',
  toolset: 'midi',
  description:
    "Sets a MIDI input's flags by device name: channel, control, sync (flags not given keep their value; a new name starts with all " +
    'off and is remembered for when the device connects, as LX does). Messages from an input with control off do not drive ' +
    'mappings. Setting the flags it already has changes nothing (changed: false). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    name: z.string().max(256).describe('MIDI device name, e.g. "APC40 mkII"'),
    channel: z.boolean().optional().describe('Notes and CCs reach channels and modulators'),
    control: z.boolean().optional().describe('Messages drive the MIDI mappings'),
    sync: z.boolean().optional().describe('MIDI clock drives the tempo'),
  }),
  output: z.strictObject({ input: MidiInputPayload, changed: z.boolean() }),
  handle: ({ name, ...flags }, { light, origin }) => {
    const r = setMidiInput(light, name, flags, origin);
    return { input: toMidiInputPayload(r.input), changed: r.changed };
  },
});
