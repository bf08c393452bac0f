// The Sampler's own samples (Footlight extensions, docs/protocol3.md): list and audition the
// granted sample folder, set the selected Sampler's zones.
import * as z from 'zod';
import { read, write } from './command.js';
import { Id } from './shapes.js';

const SampleInfo = z.looseObject({
  path: z.string(),
  format: z.string(),
  seconds: z.number(),
  frames: z.number().int(),
  channels: z.number().int(),
  sample_rate: z.number(),
  peak_db: z.number().nullable(),
});

const SoundFontInfo = z.looseObject({
  path: z.string(),
  format: z.enum(['sf2', 'sf3']),
  presets: z.array(z.looseObject({ bank: z.number().int(), program: z.number().int(), name: z.string() })),
});

const Zone = z.looseObject({
  sample: z.string(),
  key_low: z.number().int(),
  key_high: z.number().int(),
  velocity_low: z.number().int(),
  velocity_high: z.number().int(),
  root_key: z.number().int(),
  gain_db: z.number().optional(),
  tune_semitones: z.number().int().optional(),
  tune_cents: z.number().optional(),
  loop_start: z.number().int().optional(),
  loop_end: z.number().int().optional(),
  bank: z.number().int().optional(),
  program: z.number().int().optional(),
});

const SampleList = z.looseObject({ total: z.number().int(), offset: z.number().int(), samples: z.array(z.union([SampleInfo, SoundFontInfo])) });

const PresetInfo = z.looseObject({ path: z.string(), format: z.enum(['sf2', 'sf3']), bank: z.number().int(), program: z.number().int(), name: z.string() });

const SampleAudition = z.looseObject({
  sample: z.union([SampleInfo, PresetInfo]),
  clip: z.looseObject({ mime_type: z.string(), seconds: z.number(), format: z.string(), base64: z.string() }),
});

const SamplerZones = z.looseObject({ instance_id: Id, zones: z.array(Zone), previous_zones: z.array(Zone), changed: z.boolean() });

export const SAMPLE_COMMANDS = {
  'sample-list': read(SampleList),
  'sample-audition': read(SampleAudition),
  'sampler-zones': write(SamplerZones),
} as const;
