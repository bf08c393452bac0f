import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { MidiMappingPayload, toMidiMappingPayload } from './payloads.js';

export default defineTool({
  name: 'list_midi_mappings',
  title: 'List the MIDI mappings',
  toolset: 'midi',
  description:
    "Lists the show's MIDI mappings (LX's, saved in the project): note or CC, channel 1–16, number, the parameter path, and for notes " +
    'the mode. A mapping the project saved but Footlight cannot use (unknown type, bad channel) is listed with `problem` and kept in ' +
    'the file unchanged. Also returns what MIDI arrived since the show opened: received, dropped (malformed), applied writes and ' +
    'CC moves held back by soft takeover (`waiting`), and note-ons a keyboard played on the armed or selected sound track (`played`) ' +
    'or could not (`unplayed`: no track armed or selected, no instrument, no live audio).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    mappings: z.array(MidiMappingPayload),
    stats: z.strictObject({
      received: z.number().int(),
      dropped: z.number().int(),
      applied: z.number().int(),
      waiting: z.number().int(),
      played: z.number().int(),
      unplayed: z.number().int(),
    }),
  }),
  handle: (_args, { light }) => {
    const midi = light.lx.midi;
    return { mappings: midi.mappings.map((m, i) => toMidiMappingPayload(i, m.mapping)), stats: { ...midi.stats } };
  },
});
