import { OnePole } from './filters.js';
import { Rng, seedOf } from './math.js';
import { TWO_PI } from './oscillators.js';

/**
 * The Sampler's built-in kit ("Footlight Kit"), each sample synthesized when first played (no sample files): eight
 * drum pieces on their General MIDI keys and four tones recorded at C3 (key 60). Each sound is
 * computed from a seeded generator, so the kit is the same on every machine.
 */
export interface KitSample {
  readonly name: string;
  readonly data: Float32Array;
  /** A stereo zone sample's right channel (`data` its left); the kit's own samples are mono. */
  readonly right?: Float32Array | null;
  /** Drums play to their end (one-shot); the tonal sample follows the key. */
  readonly oneShot: boolean;
  /** The key whose pitch the sample was recorded at (tonal sample only). */
  readonly rootKey: number;
  /**
   * Tonal samples: the sustain loop [loopStart, loopEnd) played while the key is held and through
   * the release; its last samples are crossfaded with those before loopStart, so the wrap is
   * seamless. Both 0 for one-shots.
   */
  readonly loopStart: number;
  readonly loopEnd: number;
  /** A zone's loop crossfade in frames (the kit's loops are crossfaded into their data instead). */
  readonly loopCrossfade?: number;
  /** The loop plays only while the key is held: released, the sample plays on to its end (a zone's loop). */
  readonly sustainOnly?: boolean;
}

export interface Kit {
  /** The drum piece on a General MIDI key; undefined for a silent key. */
  drum(key: number): KitSample | undefined;
  /** By SAMPLE index (SAMPLER_SAMPLES' order); null for 0 (the whole kit) and past the end. */
  sample(index: number): KitSample | null;
  /** Synthesizes what SAMPLE `index` plays (0: every drum), so that a note need not wait for it. */
  prepare(index: number): void;
}

/**
 * The Sampler's built-in source: one kit of named samples the engine synthesizes when first played (no
 * files). SAMPLE 0 plays the whole kit by the General MIDI drum map (a note plays the piece at its
 * key; other keys are silent); any other SAMPLE plays that one sample at every key, pitched by
 * (key − ROOT_KEY) semitones.
 */
export const SAMPLER_KIT = {
  name: 'Footlight Kit',
  /** Drum pieces and their General MIDI keys. */
  drums: [
    { name: 'Kick', key: 36 },
    { name: 'Rim', key: 37 },
    { name: 'Snare', key: 38 },
    { name: 'Clap', key: 39 },
    { name: 'Closed Hat', key: 42 },
    { name: 'Low Tom', key: 45 },
    { name: 'Open Hat', key: 46 },
    { name: 'Crash', key: 49 },
  ],
  /** Pitched instrument samples, recorded (synthesized) at C3 = key 60. */
  tones: ['Sine Tone', 'Pluck', 'Electric Piano', 'Sub Bass'],
} as const;

/** SAMPLE options: the whole kit, then every drum piece, then every tone. */
export const SAMPLER_SAMPLES: readonly string[] = ['Kit (GM drum map)', ...SAMPLER_KIT.drums.map((d) => d.name), ...SAMPLER_KIT.tones];

const seconds = (s: number, sr: number): Float32Array => new Float32Array(Math.round(s * sr));

function kick(sr: number): Float32Array {
  const out = seconds(0.5, sr);
  let ph = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    const f = 45 + 110 * Math.exp(-t / 0.03);
    ph += f / sr;
    const click = t < 0.002 ? 0.5 * (1 - t / 0.002) : 0;
    out[i] = (Math.sin(TWO_PI * ph) * Math.exp(-t / 0.14) + click) * 0.9;
  }
  return out;
}

function noiseHit(sr: number, dur: number, decay: number, hp: number, seed: string, tone = 0, toneHz = 0): Float32Array {
  const out = seconds(dur, sr);
  const rng = new Rng(seedOf(seed));
  const f = new OnePole();
  f.set(hp, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    const n = f.hp(rng.bipolar());
    const body = tone > 0 ? tone * Math.sin(TWO_PI * toneHz * t) * Math.exp(-t / 0.05) : 0;
    out[i] = (n * Math.exp(-t / decay) + body) * 0.6;
  }
  return out;
}

function clap(sr: number): Float32Array {
  const out = seconds(0.3, sr);
  const rng = new Rng(seedOf('kit:clap'));
  const f = new OnePole();
  f.set(1200, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    // Three quick bursts, then a tail: the hands not quite together.
    const burst = t < 0.03 ? Math.exp(-((t * 1000) % 10) / 2) : Math.exp(-(t - 0.03) / 0.08);
    out[i] = f.hp(rng.bipolar()) * burst * 0.5;
  }
  return out;
}

function tom(sr: number, hz: number): Float32Array {
  const out = seconds(0.6, sr);
  let ph = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    ph += (hz * (1 + 0.5 * Math.exp(-t / 0.05))) / sr;
    out[i] = Math.sin(TWO_PI * ph) * Math.exp(-t / 0.2) * 0.8;
  }
  return out;
}

const C3 = 440 * Math.pow(2, (60 - 69) / 12);

/** A tone at C3 from decaying harmonics [multiple, level, decay s]. */
function partials(sr: number, seconds_: number, list: readonly (readonly [number, number, number])[], level: number): Float32Array {
  const out = seconds(seconds_, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    let x = 0;
    for (const [h, a, d] of list) x += a * Math.sin(TWO_PI * C3 * h * t) * Math.exp(-t / d);
    out[i] = x * level * Math.min(1, t / 0.002);
  }
  return out;
}

/** Karplus–Strong plucked string at C3, excited by seeded noise. */
function pluck(sr: number): Float32Array {
  const out = seconds(2, sr);
  const period = Math.round(sr / C3);
  const line = new Float32Array(period);
  const rng = new Rng(seedOf('kit:pluck'));
  for (let i = 0; i < period; i++) line[i] = rng.bipolar() * 0.5;
  let prev = 0;
  for (let i = 0; i < out.length; i++) {
    const k = i % period;
    const y = line[k];
    line[k] = 0.996 * 0.5 * (y + prev);
    prev = y;
    out[i] = y;
  }
  return out;
}

/** Longest sustain loop tried: whole periods of C3's sub-octave that fit in it. */
const LOOP_MAX_SECONDS = 0.1;

/**
 * A tonal sample with a sustain loop from the middle of its length. The loop is a whole number of
 * periods of C3's sub-octave (so of every partial of the tones, the Sub Bass's included), the count
 * whose length lands nearest a whole sample; its content is crossfaded linearly with the loop's
 * length of audio before it, so its last sample leads into its first as the original did. The
 * tone's decay over one loop (under 0.4 dB) is what a held key hears as sustain.
 */
function looped(name: string, data: Float32Array, sr: number): KitSample {
  const period = (2 * sr) / C3;
  let best = 1;
  for (let k = 1; k * period <= LOOP_MAX_SECONDS * sr; k++) {
    const err = (x: number) => Math.abs(x * period - Math.round(x * period));
    if (err(k) < err(best)) best = k;
  }
  const length = Math.round(best * period);
  const loopStart = Math.max(length, Math.round(data.length / 2));
  const loopEnd = loopStart + length;
  for (let i = 0; i < length; i++) {
    const w = i / length;
    data[loopStart + i] = data[loopStart + i] * (1 - w) + data[loopStart - length + i] * w;
  }
  return { name, data, oneShot: false, rootKey: 60, loopStart, loopEnd };
}

const cache = new Map<number, Kit>();

/**
 * The kit at a sample rate (one per rate). Each sample is synthesized when first played: the whole
 * kit takes ~0.1 s of CPU, and a song uses a few of its pieces. Its SAMPLE order is SAMPLER_SAMPLES:
 * 0 the whole kit by the General MIDI map, then each drum piece, then each tone
 * (test/sound/audio/devices.test.ts checks the two lists agree).
 */
export function builtInKit(sr: number): Kit {
  const hit = cache.get(sr);
  if (hit !== undefined) return hit;
  const drum = (name: string, make: () => Float32Array) => () => ({ name, data: make(), oneShot: true, rootKey: 60, loopStart: 0, loopEnd: 0 });
  const tone = (name: string, make: () => Float32Array) => () => looped(name, make(), sr);
  const recipes: (() => KitSample)[] = [
    drum('Kick', () => kick(sr)),
    drum('Rim', () => noiseHit(sr, 0.08, 0.01, 2000, 'kit:rim', 0.4, 900)),
    drum('Snare', () => noiseHit(sr, 0.35, 0.07, 900, 'kit:snare', 0.5, 185)),
    drum('Clap', () => clap(sr)),
    drum('Closed Hat', () => noiseHit(sr, 0.12, 0.025, 7000, 'kit:closed-hat')),
    drum('Low Tom', () => tom(sr, 98)),
    drum('Open Hat', () => noiseHit(sr, 0.6, 0.18, 7000, 'kit:open-hat')),
    drum('Crash', () => noiseHit(sr, 1.6, 0.5, 4000, 'kit:crash')),
    tone('Sine Tone', () => partials(sr, 3, [[1, 1, 2]], 0.6)),
    tone('Pluck', () => pluck(sr)),
    tone('Electric Piano', () =>
      partials(
        sr,
        3,
        [
          [1, 1, 1.2],
          [2, 0.35, 0.6],
          [3, 0.15, 0.35],
          [4, 0.08, 0.2],
        ],
        0.5,
      ),
    ),
    tone('Sub Bass', () =>
      partials(
        sr,
        3,
        [
          [0.5, 1, 2.5],
          [1, 0.25, 1],
        ],
        0.6,
      ),
    ),
  ];
  const made: (KitSample | undefined)[] = [];
  const sample = (index: number): KitSample | null => {
    if (!(index >= 1 && index <= recipes.length)) return null;
    made[index] ??= recipes[index - 1]();
    return made[index];
  };
  // SAMPLE index of each drum key (the drums come first, in SAMPLER_KIT.drums' order).
  const drumIndex = new Map(SAMPLER_KIT.drums.map((d, i) => [d.key as number, i + 1]));
  const kit: Kit = {
    drum: (key) => {
      const index = drumIndex.get(key);
      return index === undefined ? undefined : (sample(index) ?? undefined);
    },
    sample,
    prepare: (index) => {
      if (index !== 0) sample(index);
      else for (const i of drumIndex.values()) sample(i);
    },
  };
  cache.set(sr, kit);
  return kit;
}
