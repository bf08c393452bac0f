// Decoded samples by path: loaded (read, decoded, as mono or stereo) before a change that uses them,
// then read synchronously when a render plan is built.

import { readFile } from 'node:fs/promises';
import type { DeviceJson, ProjectJson, TrackJson } from '../model/components.js';
import { refuse } from '../model/errors.js';
import { decodeAudio, type SampleFormat } from './decode.js';
import { GRANT_HINT, type SampleFolder } from './folder.js';
import type { SoundFontPreset } from './soundfont.js';

/** The largest sample file loaded (bytes). */
const MAX_SAMPLE_BYTES = 64 * 1024 * 1024;
/** The longest decoded sample (seconds): ten minutes. */
const MAX_SAMPLE_SECONDS = 600;
/** How much decoded audio and SoundFont bytes the store keeps by default (bytes): 512 MiB. */
const DEFAULT_SAMPLE_CACHE_BYTES = 512 * 1024 * 1024;

/**
 * A loaded sample at its file's rate (the Sampler's voice steps through it at fileRate /
 * engineRate): `data` is a mono file's signal or a stereo file's left, `right` a stereo file's
 * right (null for mono). A file of more channels plays as stereo: the even channels (1st, 3rd…)
 * averaged on the left, the odd on the right.
 */
export interface LoadedSample {
  readonly path: string;
  readonly format: SampleFormat;
  readonly sampleRate: number;
  readonly channels: number;
  readonly data: Float32Array;
  readonly right: Float32Array | null;
  /** Largest absolute value over every channel. */
  readonly peak: number;
}

/** The average of `channels` (one of them: itself). */
function average(channels: readonly Float32Array[], frames: number): Float32Array {
  if (channels.length === 1) return channels[0];
  const out = new Float32Array(frames);
  for (const ch of channels) for (let i = 0; i < frames; i++) out[i] += (ch[i] ?? 0) / channels.length;
  return out;
}

/** A loaded SoundFont: its bytes (the plan carries them to the engine) and its presets. */
export interface LoadedSoundFont {
  readonly path: string;
  readonly format: 'sf2' | 'sf3';
  readonly bytes: Uint8Array;
  readonly presets: readonly SoundFontPreset[];
}

/** Whether a path names a SoundFont (by extension): a zone with one plays a preset of it. */
export const isSoundFontPath = (path: string): boolean => /\.sf[23]$/i.test(path);

/** Plans read samples through this (the host's store, or nothing: every sample is missing). */
export interface SampleSource {
  sample(path: string): LoadedSample | undefined;
  soundFont(path: string): LoadedSoundFont | undefined;
  /** Why a sample could not be loaded, when a load was tried and refused. */
  problem(path: string): string | undefined;
}

/** Every sample and SoundFont path a project's Sampler zones and audio clips name. */
export function samplePaths(json: ProjectJson): Set<string> {
  const paths = new Set<string>();
  const device = (d: DeviceJson): void => {
    for (const z of d.zones ?? []) paths.add(z.sample);
    for (const list of Object.values(d.slots ?? {})) list.forEach(device);
  };
  const track = (t: TrackJson): void => {
    t.devices.forEach(device);
    for (const c of t.clips) if (c.audio !== undefined) paths.add(c.audio.sample);
    t.children?.forEach(track);
  };
  [...json.tracks, ...json.fx, json.master].forEach(track);
  return paths;
}

/** The bytes a loaded sample or SoundFont holds in memory. */
const sizeOf = (x: LoadedSample | LoadedSoundFont): number =>
  'bytes' in x ? x.bytes.byteLength : x.data.byteLength + (x.right === null ? 0 : x.right.byteLength);

/**
 * Decoded samples and parsed SoundFonts by canonical path, bounded by bytes: when a load takes the
 * cache past its budget, the least recently used entries that the song does not use (`usedBy`) are
 * dropped until it fits again. What the song uses and what was just loaded are never dropped, so the
 * cache may stay over budget while the song itself needs more.
 */
export class SampleStore implements SampleSource {
  private readonly cache = new Map<string, LoadedSample>();
  private readonly soundFonts = new Map<string, LoadedSoundFont>();
  private readonly problems = new Map<string, string>();
  /** Every cached path with its bytes, least recently used first. */
  private readonly recency = new Map<string, number>();
  private held = 0;
  /** The paths of the last preloaded project: what the song uses until `usedBy` says otherwise. */
  private preloaded = new Set<string>();
  private inUse: () => ReadonlySet<string> = () => this.preloaded;

  constructor(
    readonly folder: SampleFolder | null,
    /** The cache's budget in bytes (default 512 MiB). */
    readonly budget = DEFAULT_SAMPLE_CACHE_BYTES,
  ) {}

  /** Tells the store which paths the song uses now (the host's current project); they are never evicted. */
  usedBy(paths: () => ReadonlySet<string>): void {
    this.inUse = paths;
  }

  /** The bytes the cache holds now. */
  get cachedBytes(): number {
    return this.held;
  }

  /** Marks a path as just used (most recent). */
  private touch(path: string): void {
    const bytes = this.recency.get(path);
    if (bytes === undefined) return;
    this.recency.delete(path);
    this.recency.set(path, bytes);
  }

  /** Adds a loaded entry (or puts a dropped one back) as the most recent, then evicts down to the budget. */
  private keep(x: LoadedSample | LoadedSoundFont, evict: boolean): void {
    if ('bytes' in x) this.soundFonts.set(x.path, x);
    else this.cache.set(x.path, x);
    if (this.recency.has(x.path)) this.touch(x.path);
    else {
      const bytes = sizeOf(x);
      this.recency.set(x.path, bytes);
      this.held += bytes;
    }
    if (evict && this.held > this.budget) this.evict(x.path);
  }

  /** Drops least recently used entries the song does not use, never `newest`, until the cache fits its budget. */
  private evict(newest: string): void {
    const used = this.inUse();
    for (const [path, bytes] of this.recency) {
      if (this.held <= this.budget) return;
      if (path === newest || used.has(path)) continue;
      this.recency.delete(path);
      this.cache.delete(path);
      this.soundFonts.delete(path);
      this.held -= bytes;
    }
  }

  /**
   * Puts loaded samples back in the cache if they were evicted since (a change that loaded them
   * first, off the queue, then uses them): the change can always find what it loaded.
   */
  retain(loaded: readonly (LoadedSample | LoadedSoundFont)[]): void {
    for (const x of loaded) this.keep(x, false);
  }

  /** The granted folder, or a refusal saying how to grant one. */
  requireFolder(): SampleFolder {
    if (this.folder === null) throw refuse('invalid_argument', 'no_sample_folder', `no sample folder is granted: ${GRANT_HINT}`);
    return this.folder;
  }

  sample(path: string): LoadedSample | undefined {
    const s = this.cache.get(path);
    if (s !== undefined) this.touch(path);
    return s;
  }

  soundFont(path: string): LoadedSoundFont | undefined {
    const f = this.soundFonts.get(path);
    if (f !== undefined) this.touch(path);
    return f;
  }

  problem(path: string): string | undefined {
    return this.problems.get(path);
  }

  /**
   * Loads every sample a project's Sampler zones and audio clips name, before its plan is built (a
   * project file opened for a render). A sample that cannot be loaded is remembered with its
   * reason: the plan reports it and its zone or clip stays silent. Returns those it could not load, with why.
   */
  async preload(json: ProjectJson): Promise<{ path: string; reason: string }[]> {
    const paths = samplePaths(json);
    this.preloaded = paths;
    const failed: { path: string; reason: string }[] = [];
    for (const path of paths) {
      try {
        await (isSoundFontPath(path) ? this.loadSoundFont(path) : this.load(path));
      } catch (err) {
        this.problems.set(path, (err as Error).message);
        failed.push({ path, reason: (err as Error).message });
      }
    }
    return failed;
  }

  /** Reads and decodes a sample of the folder (once: later calls return the cached one). Its `path` is canonical. */
  async load(path: string): Promise<LoadedSample> {
    const file = await this.requireFolder().resolveAudio(path);
    const cached = this.sample(file.path);
    if (cached !== undefined) return cached;
    const bytes = await readFile(file.absolute);
    if (bytes.length > MAX_SAMPLE_BYTES) throw refuse('invalid_argument', 'out_of_range', `${file.path} is larger than ${MAX_SAMPLE_BYTES} bytes`);
    let audio;
    try {
      audio = await decodeAudio(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), file.format);
    } catch (err) {
      throw refuse('invalid_argument', 'invalid_path', `${file.path} cannot be decoded as ${file.format}: ${(err as Error).message}`);
    }
    const frames = audio.channels[0].length;
    if (frames / audio.sampleRate > MAX_SAMPLE_SECONDS) throw refuse('invalid_argument', 'out_of_range', `${file.path} is longer than ${MAX_SAMPLE_SECONDS} s`);
    let peak = 0;
    for (const ch of audio.channels) for (let i = 0; i < frames; i++) peak = Math.max(peak, Math.abs(ch[i] ?? 0));
    const stereo = audio.channels.length > 1;
    const side = (odd: number) => audio.channels.filter((_, c) => c % 2 === odd);
    const data = stereo ? average(side(0), frames) : audio.channels[0];
    const right = stereo ? average(side(1), frames) : null;
    const loaded: LoadedSample = { path: file.path, format: file.format, sampleRate: audio.sampleRate, channels: audio.channels.length, data, right, peak };
    this.keep(loaded, true);
    return loaded;
  }

  /** Reads and parses a SoundFont of the folder (once), listing its presets. Its `path` is canonical. */
  async loadSoundFont(path: string): Promise<LoadedSoundFont> {
    const file = await this.requireFolder().resolve(path);
    if (file.format !== 'sf2' && file.format !== 'sf3') throw refuse('invalid_argument', 'invalid_path', `${file.path} is not a SoundFont (.sf2 or .sf3)`);
    const cached = this.soundFont(file.path);
    if (cached !== undefined) return cached;
    const data = await readFile(file.absolute);
    if (data.length > MAX_SAMPLE_BYTES) throw refuse('invalid_argument', 'out_of_range', `${file.path} is larger than ${MAX_SAMPLE_BYTES} bytes`);
    // The SoundFont engine (and its Vorbis decoder) loads with the first SoundFont: a render without one never pays for it.
    const { parseSoundFont, presetsOf, soundFontsReady } = await import('./soundfont.js');
    await soundFontsReady();
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.length);
    let presets: SoundFontPreset[];
    try {
      presets = presetsOf(parseSoundFont(file.path, bytes));
    } catch (err) {
      throw refuse('invalid_argument', 'invalid_path', `${file.path} cannot be read as a SoundFont: ${(err as Error).message}`);
    }
    const loaded: LoadedSoundFont = { path: file.path, format: file.format, bytes, presets };
    this.keep(loaded, true);
    return loaded;
  }
}
