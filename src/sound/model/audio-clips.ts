// An audio clip's sound: a sample file of the granted sample folder (its path relative to it),
// its level and where in the file the clip starts playing. The clip itself (start, length, loop
// flag) is an arranger clip on an audio track.

/** What an arranger clip on an audio track plays, as project files and replies carry it. */
export type AudioClipJson = {
  /** Relative to the sample folder, `/`-separated. */
  readonly sample: string;
  /** Level of the clip in dB (absent: 0). */
  readonly gain_db?: number;
  /** Where in the sample the clip starts, in seconds (absent: 0, the file's start). */
  readonly offset_seconds?: number;
};

/** An audio clip's gain range (dB). */
const AUDIO_CLIP_GAIN_DB = [-60, 24] as const;
/** The latest offset into a sample (s): the store refuses samples longer than ten minutes. */
const MAX_OFFSET_SECONDS = 600;

function optional(a: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = a[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw new Error(`audio clip ${key} must be a number ${min}–${max}; got ${JSON.stringify(v)}`);
  return v === 0 ? undefined : v;
}

/**
 * Checks an audio clip's sound (from a project file or a client): a sample path, gain −60…+24 dB
 * and an offset 0–600 s, each kept only when not 0. Unknown keys are dropped. Throws with the reason.
 */
export function checkAudioClip(value: unknown): AudioClipJson {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('an audio clip must be an object');
  const a = value as Record<string, unknown>;
  if (typeof a.sample !== 'string' || a.sample.length === 0 || a.sample.length > 1024) throw new Error('an audio clip needs a sample path (1–1024 characters)');
  let out: AudioClipJson = { sample: a.sample };
  const gain = optional(a, 'gain_db', AUDIO_CLIP_GAIN_DB[0], AUDIO_CLIP_GAIN_DB[1]);
  const offset = optional(a, 'offset_seconds', 0, MAX_OFFSET_SECONDS);
  if (gain !== undefined) out = { ...out, gain_db: gain };
  if (offset !== undefined) out = { ...out, offset_seconds: offset };
  return out;
}
