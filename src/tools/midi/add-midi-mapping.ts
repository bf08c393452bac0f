import * as z from 'zod';
import { readMapping } from '../../light/midi/midi-mapping.js';
import { addMidiMapping } from '../../light/operations/midi.js';
import { defineTool } from '../define-tool.js';
import { MidiMappingPayload, toMidiMappingPayload } from './payloads.js';

export default defineTool({
  name: 'add_midi_mapping',
  title: 'Add a MIDI mapping',
  toolset: 'midi',
  description:
    'Maps a MIDI note or CC (control change) on a channel to a parameter, as LX does, saved with the project. A CC sets a knob ' +
    'absolutely across its range with soft takeover: after anything else changed the knob, the control moves it only once it ' +
    'reaches or crosses the current value, so nothing jumps. A CC switches a boolean on in its upper half and steps a choice ' +
    'across its options. A note on a boolean toggles it (`mode` toggle, default; momentary: on while held; on; off); a note on ' +
    'a knob sets its top (on) and bottom (off) in the same modes; a note on a choice steps to the next option. Triggers fire. ' +
    'Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    type: z.enum(['note', 'cc']).describe('note or cc'),
    channel: z.number().int().describe('MIDI channel 1–16'),
    number: z.number().int().describe('Note number or controller number, 0–127'),
    path: z.string().max(1024).describe('Canonical path of the parameter, e.g. /lx/mixer/channel/1/fader'),
    mode: z.enum(['toggle', 'momentary', 'on', 'off']).optional().describe('Notes on switches and knobs only (default toggle)'),
  }),
  output: z.strictObject({ mapping: MidiMappingPayload }),
  handle: (args, { light, origin }) => {
    const r = addMidiMapping(light, args, origin);
    return { mapping: toMidiMappingPayload(r.index, readMapping(r.json)) };
  },
});
