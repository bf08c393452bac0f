import * as z from 'zod';
import { addMidiTemplate } from '../../light/operations/midi-templates.js';
import { defineTool } from '../define-tool.js';
import { MidiTemplatePayload, toMidiTemplatePayload } from './template-payloads.js';

export default defineTool({
  name: 'add_midi_template',
  title: 'Add a MIDI template',
  toolset: 'midi',
  description:
    'Adds an LX controller template (list_midi_templates has the classes), saved with the project. Its controls drive the parameters ' +
    'set_midi_template_target points them at, as mappings do. Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    class: z.string().max(200).describe('Template class, e.g. AkaiMidiMix'),
    input: z.string().max(128).nullable().optional().describe("MIDI input to listen to (default: the class's device name; null: every input)"),
  }),
  output: z.strictObject({ template: MidiTemplatePayload }),
  handle: (args, { light, origin }) => {
    const r = addMidiTemplate(light, args.class, args.input, origin);
    return { template: toMidiTemplatePayload(r.index, r.template) };
  },
});
