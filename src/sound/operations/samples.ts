// The Sampler's own samples: list the granted folder, load samples, set a Sampler's zones.

import type { Origin } from '../../engine/commands/history.js';
import { invalidArgument, notFound } from '../../engine/errors.js';
import type { Request } from '../../engine/request.js';
import type { SoundHost } from '../host/host.js';
import { SAMPLER } from '../audio/dsp/sampler.js';
import { SetZones } from '../model/commands.js';
import { checkZones, type ZoneJson } from '../model/sample-zones.js';
import { isSoundFontPath, type LoadedSample, type LoadedSoundFont } from '../samples/store.js';
import type { Reply } from '../../protocol3/replies/index.js';

/** Samples one page of the listing holds at most. */
const MAX_SAMPLE_PAGE = 50;

export type SampleInfo = {
  readonly path: string;
  readonly format: string;
  readonly seconds: number;
  readonly frames: number;
  readonly channels: number;
  readonly sample_rate: number;
  /** Peak over every channel, dBFS (null: digital silence). */
  readonly peak_db: number | null;
};

export const sampleInfo = (s: LoadedSample): SampleInfo => ({
  path: s.path,
  format: s.format,
  seconds: Math.round((s.data.length / s.sampleRate) * 1e4) / 1e4,
  frames: s.data.length,
  channels: s.channels,
  sample_rate: s.sampleRate,
  peak_db: s.peak > 0 ? Math.round(2000 * Math.log10(s.peak)) / 100 : null,
});

/** A SoundFont as the listing shows it: its presets by bank and program. */
type SoundFontInfo = {
  readonly path: string;
  readonly format: 'sf2' | 'sf3';
  readonly presets: { readonly bank: number; readonly program: number; readonly name: string }[];
};

const soundFontInfo = (f: LoadedSoundFont): SoundFontInfo => ({ path: f.path, format: f.format, presets: [...f.presets] });

/**
 * A page of the folder's files, sorted by path: each sample decoded (once) for its length,
 * channels, rate and peak; each SoundFont parsed (once) for its presets.
 */
export async function listSamples(host: SoundHost, offset: number, limit: number): Promise<Reply<'sample-list'>> {
  if (!Number.isInteger(offset) || offset < 0) throw invalidArgument(`offset takes a whole number ≥ 0; got ${offset}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SAMPLE_PAGE) throw invalidArgument(`limit takes 1–${MAX_SAMPLE_PAGE}; got ${limit}`);
  const files = await host.samples.requireFolder().list();
  const samples: (SampleInfo | SoundFontInfo)[] = [];
  for (const f of files.slice(offset, offset + limit))
    samples.push(isSoundFontPath(f.path) ? soundFontInfo(await host.samples.loadSoundFont(f.path)) : sampleInfo(await host.samples.load(f.path)));
  return { total: files.length, offset, samples };
}

/**
 * Checks a zone list and loads every sample it names (refusals: see SampleFolder.resolve); returns
 * it with canonical paths, and what it loaded (for SampleStore.retain).
 */
async function loadZoneSamples(host: SoundHost, value: unknown): Promise<{ zones: ZoneJson[]; loaded: (LoadedSample | LoadedSoundFont)[] }> {
  let zones: ZoneJson[];
  try {
    zones = checkZones(value);
  } catch (err) {
    throw invalidArgument((err as Error).message);
  }
  const out: ZoneJson[] = [];
  const loaded: (LoadedSample | LoadedSoundFont)[] = [];
  for (const z of zones) {
    if (isSoundFontPath(z.sample)) {
      const f = await host.samples.loadSoundFont(z.sample);
      if (!f.presets.some((p) => p.bank === z.bank && p.program === z.program))
        throw notFound(`${f.path} has no preset at bank ${z.bank}, program ${z.program}; sound_list_samples lists its presets`);
      out.push({ ...z, sample: f.path });
      loaded.push(f);
      continue;
    }
    const s = await host.samples.load(z.sample);
    if (z.loop_end !== undefined && z.loop_end > s.data.length)
      throw invalidArgument(`zone loop_end ${z.loop_end} is past the end of ${s.path} (${s.data.length} frames)`);
    out.push({ ...z, sample: s.path });
    loaded.push(s);
  }
  return { zones: out, loaded };
}

/**
 * Replaces the selected Sampler's zones (loaded by loadZoneSamples), guarded by the selection
 * token; one undo step (none when unchanged). An empty list returns it to its built-in kit.
 */
function setSamplerZones(host: SoundHost, origin: Origin, zones: readonly ZoneJson[], token: string): Reply<'sampler-zones'> {
  host.selection.checkToken(token);
  const d = host.selection.requireDevice();
  if (d.spec.name !== SAMPLER.name) throw invalidArgument(`${d.label.getString()} is a ${d.spec.name}; only a Sampler holds sample zones`);
  for (const z of zones)
    if (host.samples.sample(z.sample) === undefined && host.samples.soundFont(z.sample) === undefined)
      throw notFound(`sample ${JSON.stringify(z.sample)} is not loaded from the sample folder`);
  const previous = d.zones;
  const changed = JSON.stringify(previous) !== JSON.stringify(zones);
  if (changed) host.perform(origin, new SetZones(`Set ${d.label.getString()} zones`, d.id, zones), () => d.zones === zones);
  return { instance_id: d.id, zones: [...d.zones], previous_zones: [...previous], changed };
}

/** `sampler-zones`: the zone list (JSON) checked and its samples loaded off the queue, then set in one queue task. */
export async function samplerZones(host: SoundHost, request: Request, zonesJson: string, token: string): Promise<Reply<'sampler-zones'>> {
  let value: unknown;
  try {
    value = JSON.parse(zonesJson);
  } catch {
    throw invalidArgument('ZONES_B64 must be the base64 of a JSON list of zones');
  }
  const { zones, loaded } = await loadZoneSamples(host, value);
  request.checkDeadline('the deadline passed while the samples were loading; nothing was changed');
  return request.commit('sampler-zones', () => {
    // A later load may have evicted one of them from the sample cache meanwhile: what this change loaded is kept.
    host.samples.retain(loaded);
    return setSamplerZones(host, request.origin, zones, token);
  });
}
