// Auditions a sample of the granted folder, or a preset of a SoundFont in it: played by a Sampler
// at its root key (a preset: key 60) through the offline engine (as a show would play it) and
// returned as the WAV block song-listen attaches.

import { renderOffline, RENDER_SAMPLE_RATE } from '../audio/offline.js';
import { buildPlan } from '../audio/plan.js';
import type { SoundHost } from '../host/host.js';
import { deviceByName } from '../model/catalog.js';
import type { ProjectJson, TrackJson } from '../model/components.js';
import type { ZoneJson } from '../model/sample-zones.js';
import { sampleInfo, type SampleInfo } from '../operations/samples.js';
import { isSoundFontPath } from '../samples/store.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
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

/** How long a SoundFont preset's audition holds its note (then 1 s of release). */
const PRESET_HOLD_SECONDS = 2;
const PRESET_SECONDS = 3;

export async function auditionSample(
  host: SoundHost,
  path: string,
  preset?: { readonly bank: number; readonly program: number },
): Promise<{ sample: SampleInfo | PresetInfo; clip: { mime_type: string; seconds: number; format: string; base64: string } }> {
  if (isSoundFontPath(path)) return auditionPreset(host, path, preset ?? { bank: 0, program: 0 });
  if (preset !== undefined) throw invalidArgument('BANK and PROGRAM choose a preset of a SoundFont (.sf2, .sf3); give them with one only');
  const s = await host.samples.load(path);
  const seconds = Math.min(CLIP_SECONDS, s.data.length / s.sampleRate);
  const zone = { sample: s.path, key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: ROOT_KEY };
  return { sample: sampleInfo(s), clip: render(host, zone, seconds, seconds) };
}

/** A SoundFont preset as the audition names it. */
type PresetInfo = { readonly path: string; readonly format: 'sf2' | 'sf3'; readonly bank: number; readonly program: number; readonly name: string };

/** A SoundFont preset played at key 60 for 2 s, then 1 s of its release. */
async function auditionPreset(host: SoundHost, path: string, preset: { readonly bank: number; readonly program: number }) {
  const f = await host.samples.loadSoundFont(path);
  const found = f.presets.find((p) => p.bank === preset.bank && p.program === preset.program);
  if (found === undefined) throw notFound(`${f.path} has no preset at bank ${preset.bank}, program ${preset.program}; sound_list_samples lists its presets`);
  const zone = { sample: f.path, key_low: 0, key_high: 127, velocity_low: 1, velocity_high: 127, root_key: ROOT_KEY, bank: found.bank, program: found.program };
  return { sample: { path: f.path, format: f.format, ...found }, clip: render(host, zone, PRESET_HOLD_SECONDS, PRESET_SECONDS) };
}

/** One Sampler zone playing ROOT_KEY for `hold` seconds through the offline engine, `seconds` long, as a WAV clip. */
function render(host: SoundHost, zone: ZoneJson, hold: number, seconds: number) {
  const beats = (hold * TEMPO) / 60;
  const length = (seconds * TEMPO) / 60;
  const sampler = {
    uuid: deviceByName('Sampler').uuid,
    name: 'Sampler',
    enabled: true,
    params: { ATTACK: 0, RELEASE: 0 },
    slots: {},
    zones: [zone],
  };
  const notes = [[ROOT_KEY, 0, beats, 127, 0] as const];
  const json: ProjectJson = {
    name: 'Audition',
    tempo: TEMPO,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: length },
    metronome: false,
    cue_markers: [],
    tracks: [
      trackJson('Audition', 'instrument', [sampler], [{ name: 'Audition', start: 0, length, loop_enabled: false, loop_start: 0, loop_length: length, notes }]),
    ],
    fx: [],
    master: trackJson('Master', 'master', [], []),
  };
  const r = renderOffline(buildPlan(json, host.samples), { fromBeat: 0, seconds }, undefined, RENDER_SAMPLE_RATE);
  const wav = wavClip(r.left, r.right, RENDER_SAMPLE_RATE);
  return { mime_type: 'audio/wav', seconds: Math.round(seconds * 1e4) / 1e4, format: 'mono 16-bit 48 kHz', base64: wav.toString('base64') };
}
