// Auditions a sample of the granted folder: played by a Sampler at its root key through the
// offline engine (as a show would play it) and returned as the WAV block song-listen attaches.

import { renderOffline, RENDER_SAMPLE_RATE } from '../audio/offline.js';
import { buildPlan } from '../audio/plan.js';
import type { SoundHost } from '../host/host.js';
import { deviceByName } from '../model/catalog.js';
import type { ProjectJson, TrackJson } from '../model/components.js';
import { sampleInfo, type SampleInfo } from '../operations/samples.js';
import { CLIP_SECONDS, wavClip } from './media.js';

/** The tempo the audition renders at: one beat = half a second. */
const TEMPO = 120;
const ROOT_KEY = 60;

const trackJson = (name: string, type: TrackJson['type'], devices: TrackJson['devices'], clips: TrackJson['clips']): TrackJson => ({
  name,
  type,
  muted: false,
  armed: false,
  solo: false,
  // The faders at 0 dB (gain 2v³ = 1): the audition is at the sample's own level.
  volume: Math.cbrt(0.5),
  pan: 0,
  group_expanded: true,
  devices,
  clips,
});

export async function auditionSample(
  host: SoundHost,
  path: string,
): Promise<{ sample: SampleInfo; clip: { mime_type: string; seconds: number; format: string; base64: string } }> {
  const s = await host.samples.load(path);
  const seconds = Math.min(CLIP_SECONDS, s.data.length / s.sampleRate);
  const beats = (seconds * TEMPO) / 60;
  const sampler = {
    uuid: deviceByName('Sampler').uuid,
    name: 'Sampler',
    enabled: true,
    params: { ATTACK: 0, RELEASE: 0 },
    slots: {},
    zones: [{ sample: s.path, key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: ROOT_KEY }],
  };
  const notes = [[ROOT_KEY, 0, beats, 127, 0] as const];
  const json: ProjectJson = {
    name: 'Audition',
    tempo: TEMPO,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: beats },
    metronome: false,
    cue_markers: [],
    tracks: [
      trackJson(
        'Audition',
        'instrument',
        [sampler],
        [{ name: 'Audition', start: 0, length: beats, loop_enabled: false, loop_start: 0, loop_length: beats, notes }],
      ),
    ],
    fx: [],
    master: trackJson('Master', 'master', [], []),
  };
  const r = renderOffline(buildPlan(json, host.samples), { fromBeat: 0, seconds }, undefined, RENDER_SAMPLE_RATE);
  const wav = wavClip(r.left, r.right, RENDER_SAMPLE_RATE);
  return {
    sample: sampleInfo(s),
    clip: { mime_type: 'audio/wav', seconds: Math.round(seconds * 1e4) / 1e4, format: 'mono 16-bit 48 kHz', base64: wav.toString('base64') },
  };
}
