import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { listInput, MidiTriggerPayload, toTriggerPayload } from './payloads.js';

export default defineTool({
  name: 'remove_midi_cue_trigger',
  title: 'Remove a cue list’s MIDI trigger',
  toolset: 'cues',
  description: "Removes the MIDI trigger on a note or CC (type, channel, number) from a cue list; the list's triggers are in list_cue_lists. Undoable.",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    type: z.enum(['note', 'cc']),
    channel: z.number().int().describe('MIDI channel 1–16'),
    number: z.number().int().describe('Note number or controller number, 0–127'),
  }),
  output: z.strictObject({ removed: MidiTriggerPayload }),
  handle: ({ list, type, channel, number }, { light, origin }) => ({
    removed: toTriggerPayload(light.cues.removeMidiTrigger(origin, list, { type, channel, number })),
  }),
});
