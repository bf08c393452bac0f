import * as z from 'zod';
import { sameControl } from '../../light/show/cues/cue-data.js';
import { defineTool } from '../define-tool.js';

export default defineTool({
  name: 'get_last_midi_control',
  title: 'Which MIDI control moved last',
  toolset: 'midi',
  description:
    "Tells which note or CC arrived last since the show opened (from the console's Web MIDI or any MIDI surface) and what it maps: " +
    'the device, channel 1–16, note or controller number, value (velocity, 0 for a note off, or the CC value), when, the parameters ' +
    'mapped to that control, what it wrote and which parameters soft takeover held back (`waiting`: the knob has not reached the ' +
    "parameter's value yet), and the cue list actions it triggers. Ask the operator to move a control, then call this to learn its " +
    'channel and number for add_midi_mapping or add_midi_cue_trigger. ' +
    '`control` is null when no note or CC has arrived. Read-only.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({}),
  output: z.strictObject({
    control: z
      .strictObject({
        input: z.string().nullable().describe('Device name (null: the surface did not say)'),
        at: z.string().describe('When it arrived, ISO 8601'),
        type: z.enum(['note', 'cc']),
        channel: z.number().int().describe('MIDI channel 1–16'),
        number: z.number().int().describe('Note or controller number 0–127'),
        value: z.number().int().describe('Velocity (0: note off) or CC value, 0–127'),
        ignored: z.boolean().describe('Its input has Control off (set_midi_input): mappings did not see it'),
        mapped: z.array(z.string()).describe('Parameters mapped to this control'),
        writes: z.array(z.strictObject({ path: z.string(), value: z.union([z.number(), z.boolean()]) })),
        waiting: z.array(z.string()).describe('Parameters soft takeover held back'),
        cues: z
          .array(z.strictObject({ list: z.string(), action: z.string(), cue: z.number().optional() }))
          .describe('Cue list actions this control triggers (add_midi_cue_trigger)'),
      })
      .nullable(),
  }),
  handle: (_args, { light }) => {
    const c = light.lx.midi.lastControl;
    if (c === undefined) return { control: null };
    return {
      control: {
        input: c.input ?? null,
        at: c.at,
        type: c.kind,
        channel: c.channel + 1,
        number: c.number,
        value: c.value,
        ignored: c.ignored,
        mapped: [...c.mapped],
        writes: c.writes.map((w) => ({ ...w })),
        waiting: [...c.waiting],
        cues: light.cues
          .lists()
          .flatMap((l) =>
            (l.midiTriggers ?? [])
              .filter((t) => sameControl(t, { type: c.kind, channel: c.channel + 1, number: c.number }))
              .map((t) => ({ list: l.name, action: t.action, ...(t.cue === undefined ? {} : { cue: t.cue }) })),
          ),
      },
    };
  },
});
