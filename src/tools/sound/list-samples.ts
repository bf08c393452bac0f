import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_list_samples',
  title: 'List the samples in the sample folder',
  toolset: 'sound',
  description:
    'Lists the sample files (WAV, AIFF, FLAC, MP3, Ogg Vorbis) and SoundFonts (.sf2, .sf3) in the sample folder the operator granted ' +
    "(serve --samples DIR or config.json's `samples`), sorted by path, a page at a time: each with its `path` (relative to the folder: what " +
    'sound_set_sampler_zones and sound_audition_sample take) and format; a sample with its length in seconds and frames, channels, sample ' +
    'rate and peak (dBFS); a SoundFont with its `presets` (bank, program, name; bank 128 is percussion). `total` counts every file. ' +
    'Symbolic links that point out of the folder are not listed. No folder granted: refused with reason no_sample_folder. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    offset: z.number().int().min(0).default(0).describe('First sample of the page (0-based, by path order)'),
    limit: z.number().int().min(1).max(50).default(20).describe('Samples on the page, 1–50'),
  }),
  output: ReadPayload,
  handle: async ({ offset, limit }, { soundAdapter }) => asRead(await soundAdapter.core.readCommand('sample-list', String(offset), String(limit))),
});
