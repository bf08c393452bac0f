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
};

function range(z: Record<string, unknown>, key: string, min: number, max: number, fallback: number): number {
  const v = z[key] ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new Error(`zone ${key} must be a whole number ${min}–${max}; got ${JSON.stringify(v)}`);
  return v;
}

/**
 * Checks a zone list (from a project file or a client): each zone a sample path and in-range
 * whole numbers, low ≤ high. Missing ranges default to the whole keyboard, velocities 1–127 and
 * root key 60. Throws with the reason.
 */
export function checkZones(value: unknown): ZoneJson[] {
  if (!Array.isArray(value)) throw new Error('zones must be a list');
  if (value.length > MAX_ZONES) throw new Error(`a Sampler holds at most ${MAX_ZONES} zones; got ${value.length}`);
  return value.map((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null) throw new Error(`zone ${i} must be an object`);
    const z = raw as Record<string, unknown>;
    if (typeof z.sample !== 'string' || z.sample.length === 0 || z.sample.length > 1024) throw new Error(`zone ${i} needs a sample path (1–1024 characters)`);
    const zone: ZoneJson = {
      sample: z.sample,
      key_low: range(z, 'key_low', 0, 127, 0),
      key_high: range(z, 'key_high', 0, 127, 127),
      velocity_low: range(z, 'velocity_low', 1, 127, 1),
      velocity_high: range(z, 'velocity_high', 1, 127, 127),
      root_key: range(z, 'root_key', 0, 127, 60),
    };
    if (zone.key_low > zone.key_high) throw new Error(`zone ${i}: key_low ${zone.key_low} is above key_high ${zone.key_high}`);
    if (zone.velocity_low > zone.velocity_high) throw new Error(`zone ${i}: velocity_low ${zone.velocity_low} is above velocity_high ${zone.velocity_high}`);
    return zone;
  });
}
