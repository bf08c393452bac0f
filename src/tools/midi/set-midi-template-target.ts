import * as z from 'zod';
import { setMidiTemplateTarget } from '../../light/operations/midi-templates.js';
import { defineTool } from '../define-tool.js';
import { MidiTemplatePayload, toMidiTemplatePayload } from './template-payloads.js';

export default defineTool({
  name: 'set_midi_template_target',
  title: 'Point a MIDI template control at a parameter',
  toolset: 'midi',
  description:
    'Sets the parameter one control of a MIDI template drives (null clears it). Knobs work like CC mappings, with soft takeover; ' +
    'buttons like note mappings (toggle or momentary, as the device). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    index: z.number().int().describe('0-based index from list_midi_templates'),
    control: z.string().max(64).describe('Control key, e.g. knob-1-1 or fader-9'),
    path: z.string().max(1024).nullable().describe('Canonical parameter path, e.g. /lx/mixer/channel/1/fader; null clears'),
  }),
  output: z.strictObject({ template: MidiTemplatePayload }),
  handle: ({ index, control, path }, { light, origin }) => ({
    template: toMidiTemplatePayload(index, setMidiTemplateTarget(light, index, control, path, origin)),
  }),
});
