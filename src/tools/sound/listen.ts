import * as z from 'zod';
import { summarizeListen } from '../../sound-client/listen-summary.js';
import { defineTool } from '../define-tool.js';
import { asRead, READ_ONLY, ReadPayload, TrackIndex } from './payloads.js';

const Region = z.strictObject({
  from_beat: z.number().min(0).describe('Start, quarter-note beats'),
  to_beat: z.number().positive().describe('End, quarter-note beats (the region is at most 60 s at the project tempo)'),
  track_index: TrackIndex.optional().describe('Solo this main track (bank index) in the render; its sends still reach the effect tracks'),
});

export default defineTool({
  name: 'song_listen',
  title: 'Listen: loudness, spectrum, onsets, tempo and pitch of a region or the live output',
  toolset: 'song',
  description:
    'Hear your work as numbers. Renders a region of the arranger offline (the same engine as render-sound: what the song sounds like now, whether or not it ' +
    'is playing), or takes the last 0.1–30 s of the live output (`live_seconds`; needs footlight serve playing), and returns: integrated loudness ' +
    '(LUFS), peak and true peak (dBTP), RMS, post-fader peak/RMS per track with silent_tracks and clipping_tracks, spectral centroid and five band ' +
    'energies over time, onsets (seconds and beats) with an estimated tempo (octave errors happen: compare with project_tempo), and the pitch of ' +
    'monophonic notes at the onsets (note names with C3 = key 60; solo a track with track_index for clean pitches). ' +
    'The reply is a summary by default (over_time merged to at most 12 segments, the first 16 onsets and notes, exact counts); `detail: "full"` ' +
    'returns every series. Options: `clip: true` adds an MCP audio block (WAV, mono 16-bit 48 kHz, the first 5 s, at most 480 KB); ' +
    '`spectrogram: true` adds an image block (PNG 320×160, log frequency 30 Hz–16 kHz). ' +
    '`reference`: an audio file in the sample folder (sound_list_samples) to compare against, aligned at the start: `comparison` gives ' +
    'each ISO octave band (31.5 Hz–16 kHz) of render and reference in dB with the difference, the LUFS difference and a verdict. ' +
    'The trap: ok: true on a write is not proof of sound — change → listen → compare with a listen from before ' +
    'the change. ' +
    READ_ONLY,
  annotations: { readOnlyHint: true, openWorldHint: false },
  mode: 'direct',
  input: z.strictObject({
    region: Region.optional().describe('A region of the arranger to render; give this or live_seconds'),
    live_seconds: z.number().min(0.1).max(30).optional().describe('The last seconds of the live output instead of a region'),
    clip: z.boolean().default(false).describe('Attach the first 5 s as an audio block'),
    spectrogram: z.boolean().default(false).describe('Attach a spectrogram image block'),
    reference: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe('A WAV/AIFF/FLAC/MP3/Ogg file in the sample folder (path relative to it) to compare the audio against, per octave band'),
    detail: z
      .enum(['summary', 'full'])
      .default('summary')
      .describe('summary (default): every figure, with over_time merged to at most 12 segments and the first 16 onsets and notes; full: every series whole'),
  }),
  output: ReadPayload,
  handle: async ({ region, live_seconds, clip, spectrogram, reference, detail }, { soundAdapter, attachAudio, attachImage }) => {
    const r = await soundAdapter.core.listen({ region, liveSeconds: live_seconds, clip, spectrogram, reference });
    if (detail === 'summary' && r.ok) r.native = summarizeListen(r.native);
    const native = r.native as { clip?: { base64: string; mime_type: string } | null; spectrogram?: { base64: string; mime_type: string } | null };
    if (native.clip) {
      const { base64, mime_type } = native.clip;
      attachAudio(async () => ({ data: base64, mimeType: mime_type }));
      native.clip = { ...native.clip, base64: '(in the audio content block)' };
    }
    if (native.spectrogram) {
      const { base64, mime_type } = native.spectrogram;
      attachImage(async () => ({ data: base64, mimeType: mime_type }));
      native.spectrogram = { ...native.spectrogram, base64: '(in the image content block)' };
    }
    return asRead(r);
  },
});
