/** Samples per engine block: the Web Audio render quantum, so an AudioWorklet runs one block per call. */
export const BLOCK = 128;

/** C3 is MIDI key 60 and A3 (key 69) is 440 Hz, as the host's note names say. */
export const mtof = (key: number): number => 440 * Math.pow(2, (key - 69) / 12);

/** 2^(n/12) for whole semitones n, −128…128 (index n + 128). */
const SEMITONES = Float64Array.from({ length: 257 }, (_, i) => Math.pow(2, (i - 128) / 12));
const LN2_OVER_12 = Math.LN2 / 12;

/**
 * 2^(s/12), for pitches that move every sample (a vibrato, a modulated cutoff): the whole
 * semitone from a table, the fraction's e^(f·ln2/12) by its Taylor series to the fourth power
 * (relative error below 6·10⁻⁹, 10⁻⁵ cent; a `Math.pow` costs several times more). Whole
 * semitones give the table's `Math.pow` exactly; beyond ±128 semitones it is `Math.pow`.
 */
export function semitoneRatio(s: number): number {
  const n = Math.floor(s);
  if (!(n >= -128 && n <= 128)) return Math.pow(2, s / 12);
  const x = (s - n) * LN2_OVER_12;
  return SEMITONES[n + 128] * (1 + x * (1 + x * (1 / 2 + x * (1 / 6 + x * (1 / 24)))));
}

export const dbToGain = (db: number): number => Math.pow(10, db / 20);

export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

/**
 * Seeded randomness (mulberry32): every noise source, random modulator and arpeggiator owns one,
 * seeded from its place in the project, so a render never depends on the wall clock.
 */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Uniform in [−1, 1). */
  bipolar(): number {
    return this.next() * 2 - 1;
  }
}

/** A stable 32-bit seed from a string (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Fast tanh (Padé) for saturation: within 2·10⁻³ of Math.tanh and exactly ±1 beyond ±3. */
export function softClip(x: number): number {
  if (x <= -3) return -1;
  if (x >= 3) return 1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}
