import { OnePole } from './filters.js';
import { Rng, seedOf } from './math.js';
import { TWO_PI } from './oscillators.js';

/**
 * The Sampler's built-in kit, synthesized at start-up (no sample files): drum sounds on the
 * General MIDI drum keys and one tonal "keys" sample at C3 (key 60) for every other key. Each
 * sound is computed from a seeded generator, so the kit is the same on every machine.
 */
export interface KitSample {
  readonly data: Float32Array;
  /** Drums play to their end (one-shot); the tonal sample follows the key. */
  readonly oneShot: boolean;
  /** The key whose pitch the sample was recorded at (tonal sample only). */
  readonly rootKey: number;
}

export interface Kit {
  /** By MIDI key; keys without a drum play `keys`. */
  readonly drums: ReadonlyMap<number, KitSample>;
  readonly keys: KitSample;
}

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

/** A soft electric-piano-like tone at C3 (261.63 Hz): a few decaying harmonics. */
function keys(sr: number): Float32Array {
  const out = seconds(3, sr);
  const f0 = 440 * Math.pow(2, (60 - 69) / 12);
  const partials = [
    [1, 1, 1.2],
    [2, 0.35, 0.6],
    [3, 0.15, 0.35],
    [4, 0.08, 0.2],
  ];
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    let x = 0;
    for (const [h, a, d] of partials) x += a * Math.sin(TWO_PI * f0 * h * t) * Math.exp(-t / d);
    out[i] = x * 0.5 * Math.min(1, t / 0.002);
  }
  return out;
}

const cache = new Map<number, Kit>();

/** The kit at a sample rate (built once per rate). */
export function builtInKit(sr: number): Kit {
  const hit = cache.get(sr);
  if (hit !== undefined) return hit;
  const drum = (data: Float32Array): KitSample => ({ data, oneShot: true, rootKey: 60 });
  const k = drum(kick(sr));
  const snare = drum(noiseHit(sr, 0.35, 0.07, 900, 'kit:snare', 0.5, 185));
  const closed = drum(noiseHit(sr, 0.12, 0.025, 7000, 'kit:closed-hat'));
  const open = drum(noiseHit(sr, 0.6, 0.18, 7000, 'kit:open-hat'));
  const crash = drum(noiseHit(sr, 1.6, 0.5, 4000, 'kit:crash'));
  const drums = new Map<number, KitSample>([
    [35, k],
    [36, k],
    [37, drum(noiseHit(sr, 0.08, 0.01, 2000, 'kit:stick', 0.4, 900))],
    [38, snare],
    [40, snare],
    [39, drum(clap(sr))],
    [42, closed],
    [44, closed],
    [46, open],
    [49, crash],
    [57, crash],
    [41, drum(tom(sr, 82))],
    [43, drum(tom(sr, 98))],
    [45, drum(tom(sr, 110))],
    [47, drum(tom(sr, 131))],
    [48, drum(tom(sr, 147))],
    [50, drum(tom(sr, 175))],
  ]);
  const kit: Kit = { drums, keys: { data: keys(sr), oneShot: false, rootKey: 60 } };
  cache.set(sr, kit);
  return kit;
}
