import * as z from 'zod';
import { removeMidiTemplate } from '../../light/operations/midi-templates.js';
import { defineTool } from '../define-tool.js';
import { MidiTemplatePayload, toMidiTemplatePayload } from './template-payloads.js';

export default defineTool({
  name: 'remove_midi_template',
  title: 'Remove a MIDI template',
  toolset: 'midi',
  description: 'Removes the MIDI template at a 0-based index of list_midi_templates; later ones move up. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ index: z.number().int().describe('0-based index from list_midi_templates') }),
  output: z.strictObject({ removed: MidiTemplatePayload }),
  handle: ({ index }, { light, origin }) => ({ removed: toMidiTemplatePayload(index, removeMidiTemplate(light, index, origin)) }),
});
