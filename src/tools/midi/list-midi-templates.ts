import * as z from 'zod';
import { readTemplate, TEMPLATE_CLASSES } from '../../light/midi/midi-templates.js';
import { defineTool } from '../define-tool.js';
import { controlText, MidiTemplatePayload, toMidiTemplatePayload } from './template-payloads.js';

export default defineTool({
  name: 'list_midi_templates',
  title: 'List the MIDI templates',
  toolset: 'midi',
  description:
    "Lists LX's controller template classes with their controls (key=note/cc number, /chN when the channel is fixed) and the " +
    "show's templates with their input and control targets.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    templateClasses: z.array(
      z.strictObject({ class: z.string(), name: z.string(), device: z.string().describe('Default input name'), controls: z.array(z.string()) }),
    ),
    templates: z.array(MidiTemplatePayload),
  }),
  handle: (_args, { light }) => ({
    templateClasses: TEMPLATE_CLASSES.map((c) => ({ class: c.className, name: c.name, device: c.deviceName, controls: c.controls.map(controlText) })),
    templates: light.lx.midi.templates.map((t, i) => toMidiTemplatePayload(i, readTemplate(t))),
  }),
});
