import * as z from 'zod';
import { CUE_ACTIONS } from '../../light/show/cues/cue-data.js';
import { defineTool } from '../define-tool.js';
import { listInput, MidiTriggerPayload, toTriggerPayload } from './payloads.js';

export default defineTool({
  name: 'add_midi_cue_trigger',
  title: 'Run a cue list from a MIDI note or CC',
  toolset: 'cues',
  description:
    'Makes a MIDI note or CC (control change) on a channel run an action of a cue list, as the OSC addresses /footlight/cues/<list>/<action> ' +
    'do: go, back, goto `cue`, pause, resume or release. A note fires on note on; a CC fires when it rises to 64 or more (a button ' +
    "press; its release and a fader's further moves do nothing). MIDI arrives through the console's Web MIDI; an input with Control " +
    'off (set_midi_input) does not trigger. One trigger per control in a list. Saved with the list in the project (LX ignores it). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    list: listInput,
    type: z.enum(['note', 'cc']),
    channel: z.number().int().describe('MIDI channel 1–16'),
    number: z.number().int().describe('Note number or controller number, 0–127'),
    action: z.enum(CUE_ACTIONS),
    cue: z.number().optional().describe('goto: the cue number (the cue must exist)'),
  }),
  output: z.strictObject({ trigger: MidiTriggerPayload, list: z.string() }),
  handle: ({ list, type, channel, number, action, cue }, { light, origin }) => {
    const trigger = light.cues.addMidiTrigger(origin, list, { type, channel, number, action, ...(cue === undefined ? {} : { cue }) });
    return { trigger: toTriggerPayload(trigger), list: light.cues.list(list).name };
  },
});
