import * as z from 'zod';
import { removeMidiMapping } from '../../light/operations/midi.js';
import { defineTool } from '../define-tool.js';
import { MidiMappingPayload, toMidiMappingPayload } from './payloads.js';

export default defineTool({
  name: 'remove_midi_mapping',
  title: 'Remove a MIDI mapping',
  toolset: 'midi',
  description: 'Removes the MIDI mapping at a 0-based index of list_midi_mappings; later mappings move up one. Undo puts it back at its index. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ index: z.number().int().describe('0-based index from list_midi_mappings') }),
  output: z.strictObject({ removed: MidiMappingPayload }),
  handle: ({ index }, { light, origin }) => ({ removed: toMidiMappingPayload(index, removeMidiMapping(light, index, origin)) }),
});
