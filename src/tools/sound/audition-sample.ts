import * as z from 'zod';
import { b64 } from '../../sound-client/wire.js';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload } from './payloads.js';

export default defineTool({
  name: 'sound_audition_sample',
  title: 'Audition a sample from the sample folder',
  toolset: 'sound',
  description:
    'Plays one sample of the granted sample folder through a Sampler at its root key, offline (the engine a render uses), and attaches the ' +
    'result as an MCP audio block (WAV, mono 16-bit 48 kHz, at most the first 5 s), with the sample’s format, length, channels, rate and peak. ' +
    'A SoundFont (.sf2/.sf3) plays its preset `bank`/`program` (default 0/0) at key 60 (C4) for 2 s plus 1 s of release, with the preset’s name. ' +
    '`path` is relative to the folder, as sound_list_samples lists it; paths that leave the folder (.., absolute paths, symbolic links out) ' +
    'are refused with invalid_argument. Changes nothing. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    path: z.string().min(1).max(1024).describe('Sample or SoundFont path relative to the sample folder, e.g. "keys/piano-c3.wav"'),
    bank: z.number().int().min(0).max(128).optional().describe('SoundFont only: the preset’s bank (128 = percussion; default 0)'),
    program: z.number().int().min(0).max(127).optional().describe('SoundFont only: the preset’s program (default 0)'),
  }),
  output: ReadPayload,
  handle: async ({ path, bank, program }, { soundAdapter, attachAudio }) => {
    const preset = bank === undefined && program === undefined ? [] : [String(bank ?? 0), String(program ?? 0)];
    const r = await soundAdapter.core.readCommand('sample-audition', b64(path), ...preset);
    const native = r.native as { clip?: { base64: string; mime_type: string } };
    if (r.ok && native.clip !== undefined) {
      const { base64, mime_type } = native.clip;
      attachAudio(async () => ({ data: base64, mimeType: mime_type }));
      native.clip = { ...native.clip, base64: '(in the audio content block)' };
    }
    return asRead(r);
  },
});
