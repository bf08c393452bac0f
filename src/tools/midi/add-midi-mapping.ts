import * as z from 'zod';
import { RELATIVE_ENCODINGS, readMapping } from '../../light/midi/midi-mapping.js';
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
    'For an endless encoder, `relative` makes a CC turn a knob by steps of 1/127 from where it is (offset: 65 up, 63 down; ' +
    'twos: 1 up, 127 down; Footlight only: LX reads it as absolute). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    type: z.enum(['note', 'cc']).describe('note or cc'),
    channel: z.number().int().describe('MIDI channel 1–16'),
    number: z.number().int().describe('Note number or controller number, 0–127'),
    path: z.string().max(1024).describe('Canonical path of the parameter, e.g. /lx/mixer/channel/1/fader'),
    mode: z.enum(['toggle', 'momentary', 'on', 'off']).optional().describe('Notes on switches and knobs only (default toggle)'),
    relative: z.enum(RELATIVE_ENCODINGS).optional().describe('A CC from an endless encoder on a knob: how it sends its turns'),
  }),
  output: z.strictObject({ mapping: MidiMappingPayload }),
  handle: (args, { light, origin }) => {
    const r = addMidiMapping(light, args, origin);
    return { mapping: toMidiMappingPayload(r.index, readMapping(r.json)) };
  },
});
