import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asWrite, authorityOf, ConfirmationToken, SelectionToken, WRITE, WritePayload } from './payloads.js';

const Zone = z.strictObject({
  sample: z.string().min(1).max(1024).describe('Sample or .sf2/.sf3 SoundFont path relative to the sample folder (sound_list_samples)'),
  key_low: z.number().int().min(0).max(127).default(0).describe('Lowest key the zone plays (MIDI, C3 = 60)'),
  key_high: z.number().int().min(0).max(127).default(127).describe('Highest key the zone plays'),
  velocity_low: z.number().int().min(1).max(127).default(1).describe('Lowest velocity the zone plays'),
  velocity_high: z.number().int().min(1).max(127).default(127).describe('Highest velocity the zone plays'),
  root_key: z.number().int().min(0).max(127).default(60).describe('The key that plays the sample at its recorded pitch'),
  gain_db: z.number().min(-60).max(24).optional().describe('Zone level in dB (default 0)'),
  tune_semitones: z.number().int().min(-48).max(48).optional().describe('Transpose the zone by whole semitones (default 0)'),
  tune_cents: z.number().min(-100).max(100).optional().describe('Fine-tune the zone in cents (default 0)'),
  loop_start: z.number().int().min(0).optional().describe('Sustain loop start, in the sample file’s frames (give with loop_end)'),
  loop_end: z.number().int().min(1).optional().describe('Sustain loop end (exclusive); the loop plays while the key is held'),
  loop_crossfade: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Frames before loop_end blended into those before loop_start: a loop whose ends do not meet wraps without a click'),
  bank: z.number().int().min(0).max(128).optional().describe('SoundFont zone: the preset’s bank (128 = percussion; default 0)'),
  program: z.number().int().min(0).max(127).optional().describe('SoundFont zone: the preset’s program, 0–127 (General MIDI from 0; default 0)'),
});

export default defineTool({
  name: 'sound_set_sampler_zones',
  title: 'Set the selected Sampler’s own samples (zones)',
  toolset: 'sound',
  description:
    'Makes the selected Sampler play your samples instead of its built-in kit: a list of zones, each a sample from the granted sample folder ' +
    '(path relative to it), a key range, a velocity range and the root key that plays it at its recorded pitch. A note plays the first zone ' +
    'whose ranges hold its key and velocity, pitched by (key − root key) plus its tune and the Pitch control, at its gain; keys no zone holds are ' +
    'silent. A zone whose sample is a SoundFont (.sf2/.sf3) plays its preset `bank`/`program` (sound_list_samples lists them) ' +
    'through spessasynth_core: the preset’s own envelopes and loops, at the zone’s gain and tune and the Output control. One zone over ' +
    'the whole keyboard is a single sample; an empty list returns the Sampler to its kit. The project saves the paths; a sample missing when ' +
    'a project opens is reported in not_rendered and its zone is silent. Every sample is loaded and decoded before anything changes: a path ' +
    'outside the folder (.., absolute, a symbolic link out) is refused with invalid_argument, a missing file with not_found, nothing changed. ' +
    'Guarded by the selection_token. ' +
    WRITE +
    ' Undoable: one undo step (none when unchanged).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    zones: z.array(Zone).max(128).describe('The zones, first match wins; [] = the built-in kit'),
    selection_token: SelectionToken,
    confirmation_token: ConfirmationToken,
  }),
  output: WritePayload,
  handle: async (args, ctx) =>
    asWrite<z.infer<typeof WritePayload>>(await ctx.soundAdapter.devices.setSamplerZones(args, args, authorityOf(ctx, args.confirmation_token))),
});
