// The Sampler's own samples: zones that map a key range and a velocity range to a sample file
// (its path relative to the granted sample folder) and the key it was recorded at.

/** Zones one Sampler holds. */
const MAX_ZONES = 128;

/** One zone as project files and replies carry it. Ranges are inclusive MIDI numbers. */
export type ZoneJson = {
  /** Relative to the sample folder, `/`-separated. */
  readonly sample: string;
  readonly key_low: number;
  readonly key_high: number;
  readonly velocity_low: number;
  readonly velocity_high: number;
  /** The key that plays the sample at its recorded pitch. */
  readonly root_key: number;
  /** Level of the zone in dB (absent: 0). */
  readonly gain_db?: number;
  /** Transposition in whole semitones (absent: 0), on top of the key's distance from root_key. */
  readonly tune_semitones?: number;
  /** Fine tuning in cents (absent: 0). */
  readonly tune_cents?: number;
  /** A sustain loop [loop_start, loop_end) in the sample's own frames, played while the key is held (absent: none). */
  readonly loop_start?: number;
  readonly loop_end?: number;
  /**
   * Frames (of the file) before loop_end that blend into the audio before loop_start while the
   * loop plays, so a loop whose ends do not meet wraps without a click (absent: none; at most the
   * loop's length and loop_start).
   */
  readonly loop_crossfade?: number;
  /** A SoundFont zone (`sample` a .sf2/.sf3 file): the preset it plays, SoundFont bank (128: percussion) and program. */
  readonly bank?: number;
  readonly program?: number;
};

/** The last frame a loop may end at: ten minutes at 192 kHz (the store refuses longer samples). */
const MAX_LOOP_FRAME = 600 * 192_000;

/** A zone's gain range (dB). */
const GAIN_DB = [-60, 24] as const;
/** A zone's transposition range (semitones). */
const TUNE_SEMITONES = 48;
/** A zone's fine tuning range (cents). */
const TUNE_CENTS = 100;

/** An optional number in [min, max] (whole when `whole`); 0 and absent alike come back undefined, so a zone saves only what it changes. */
function optional(z: Record<string, unknown>, key: string, min: number, max: number, whole: boolean): number | undefined {
  const v = z[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (whole && !Number.isInteger(v)))
    throw new Error(`zone ${key} must be a ${whole ? 'whole ' : ''}number ${min}–${max}; got ${JSON.stringify(v)}`);
  return v === 0 ? undefined : v;
}

function range(z: Record<string, unknown>, key: string, min: number, max: number, fallback: number): number {
  const v = z[key] ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new Error(`zone ${key} must be a whole number ${min}–${max}; got ${JSON.stringify(v)}`);
  return v;
}

/**
 * Checks a zone list (from a project file or a client): each zone a sample path and in-range
 * whole numbers, low ≤ high. Missing ranges default to the whole keyboard, velocities 1–127 and
 * root key 60; gain (dB, −60…+24), semitones (whole, ±48) and cents (±100) to 0, kept only when not 0;
 * a loop needs both loop_start and loop_end (sample frames, end at least 2 after start), and may
 * take loop_crossfade (frames, at most the loop's length and loop_start). A zone whose sample
 * is a SoundFont (.sf2, .sf3) plays its preset `bank` (0–128) and `program` (0–127), default 0, always saved; no loop.
 * Unknown keys are dropped. Throws with the reason.
 */
export function checkZones(value: unknown): ZoneJson[] {
  if (!Array.isArray(value)) throw new Error('zones must be a list');
  if (value.length > MAX_ZONES) throw new Error(`a Sampler holds at most ${MAX_ZONES} zones; got ${value.length}`);
  return value.map((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null) throw new Error(`zone ${i} must be an object`);
    const z = raw as Record<string, unknown>;
    if (typeof z.sample !== 'string' || z.sample.length === 0 || z.sample.length > 1024) throw new Error(`zone ${i} needs a sample path (1–1024 characters)`);
    let zone: ZoneJson = {
      sample: z.sample,
      key_low: range(z, 'key_low', 0, 127, 0),
      key_high: range(z, 'key_high', 0, 127, 127),
      velocity_low: range(z, 'velocity_low', 1, 127, 1),
      velocity_high: range(z, 'velocity_high', 1, 127, 127),
      root_key: range(z, 'root_key', 0, 127, 60),
    };
    const gain = optional(z, 'gain_db', GAIN_DB[0], GAIN_DB[1], false);
    const semis = optional(z, 'tune_semitones', -TUNE_SEMITONES, TUNE_SEMITONES, true);
    const cents = optional(z, 'tune_cents', -TUNE_CENTS, TUNE_CENTS, false);
    if (gain !== undefined) zone = { ...zone, gain_db: gain };
    if (semis !== undefined) zone = { ...zone, tune_semitones: semis };
    if (cents !== undefined) zone = { ...zone, tune_cents: cents };
    if (z.loop_start !== undefined || z.loop_end !== undefined) {
      if (z.loop_start === undefined || z.loop_end === undefined) throw new Error(`zone ${i}: give loop_start and loop_end together`);
      const start = range(z, 'loop_start', 0, MAX_LOOP_FRAME, -1);
      const end = range(z, 'loop_end', 1, MAX_LOOP_FRAME, -1);
      if (end - start < 2) throw new Error(`zone ${i}: loop_end ${end} must be at least 2 frames after loop_start ${start}`);
      zone = { ...zone, loop_start: start, loop_end: end };
      const crossfade = optional(z, 'loop_crossfade', 0, Math.min(end - start, start), true);
      if (crossfade !== undefined) zone = { ...zone, loop_crossfade: crossfade };
    } else if (z.loop_crossfade !== undefined) throw new Error(`zone ${i}: loop_crossfade needs a loop (loop_start and loop_end)`);
    if (/\.sf[23]$/i.test(zone.sample)) {
      if (zone.loop_start !== undefined) throw new Error(`zone ${i}: a SoundFont zone plays its preset's own loops; it takes no loop_start or loop_end`);
      zone = { ...zone, bank: range(z, 'bank', 0, 128, 0), program: range(z, 'program', 0, 127, 0) };
    } else if (z.bank !== undefined || z.program !== undefined)
      throw new Error(`zone ${i}: bank and program choose a preset of a SoundFont (.sf2, .sf3); ${JSON.stringify(zone.sample)} is an audio sample`);
    if (zone.key_low > zone.key_high) throw new Error(`zone ${i}: key_low ${zone.key_low} is above key_high ${zone.key_high}`);
    if (zone.velocity_low > zone.velocity_high) throw new Error(`zone ${i}: velocity_low ${zone.velocity_low} is above velocity_high ${zone.velocity_high}`);
    return zone;
  });
}
