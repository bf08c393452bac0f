// Measures of a reverb's output made outside the engine: Schroeder's backward integration for the
// RT60, fft.js for spectra, sox for band-pass filtering. The test (reverb.test.ts) and the bench
// (bench/reverb.ts, which applies them to Csound's reverbsc too) share them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import FFT from 'fft.js';
import type { Effect } from '../../../src/sound/audio/dsp/effect.js';
import { BLOCK } from '../../../src/sound/audio/dsp/math.js';
import type { PlanDevice } from '../../../src/sound/audio/dsp/plan.js';
import { REVERB } from '../../../src/sound/audio/dsp/reverb.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';

export const RATE = 48000;

/** The Reverb's plan values (physical: Room Size and Pre-delay in ms), Mix 1 unless given. */
export interface ReverbSettings {
  readonly SIZE: number;
  readonly DAMPING: number;
  readonly PREDELAY?: number;
  readonly WIDTH?: number;
  readonly MIX?: number;
}

/** The Reverb's DSP alone, at RATE. */
export function reverb(settings: ReverbSettings): Effect {
  const device: PlanDevice = {
    path: 'reverb',
    type: REVERB.name,
    kind: 'audio_effect',
    enabled: true,
    p: { PREDELAY: 0.1, WIDTH: 1, MIX: 1, ...settings },
    slots: {},
    grid: null,
    polyphony: 0,
  };
  const fx = REVERB.kind === 'audio_effect' ? REVERB.build(device, { sampleRate: RATE, secondsPerBeat: 0.5, effects: () => [] }) : null;
  if (fx === null) throw new Error('the Reverb did not build');
  return fx;
}

/** The Reverb alone, block by block, on the same signal in both channels; its left and right output. */
export function renderReverb(settings: ReverbSettings, input: (i: number) => number, seconds: number): [Float32Array, Float32Array] {
  const fx = reverb(settings);
  const frames = Math.ceil((seconds * RATE) / BLOCK) * BLOCK;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const l = new Float32Array(BLOCK);
  const r = new Float32Array(BLOCK);
  for (let at = 0; at < frames; at += BLOCK) {
    for (let i = 0; i < BLOCK; i++) l[i] = r[i] = input(at + i);
    fx.process(l, r, BLOCK);
    left.set(l, at);
    right.set(r, at);
  }
  return [left, right];
}

export const impulse = (i: number): number => (i === 0 ? 1 : 0);

/** RT60 by Schroeder's backward integration of the energy, the −5 to −35 dB span doubled (T30). */
export function rt60(x: Float32Array, rate = RATE): number {
  const e = new Float64Array(x.length + 1);
  for (let i = x.length - 1; i >= 0; i--) e[i] = e[i + 1] + x[i] * x[i];
  const below = (db: number): number => {
    let i = 0;
    while (i < x.length && 10 * Math.log10(e[i] / e[0]) > db) i++;
    return i;
  };
  return (2 * (below(-35) - below(-5))) / rate;
}

/** Power spectrum of `size` samples from `at`, each scaled by `envelope(i)`, through a Hann window (fft.js). */
function powerSpectrum(x: Float32Array, at: number, size: number, envelope: (i: number) => number = () => 1): Float64Array {
  const fft = new FFT(size);
  const input = new Array<number>(size);
  for (let i = 0; i < size; i++) input[i] = (x[at + i] ?? 0) * envelope(i) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, input);
  const power = new Float64Array(size / 2);
  for (let k = 0; k < size / 2; k++) power[k] = out[2 * k] ** 2 + out[2 * k + 1] ** 2;
  return power;
}

/**
 * Spectral ripple of an impulse response's late part: 16384 samples from `from` s, its decay
 * undone (× 10^(3t/RT60), the RT60 measured), then the standard deviation in dB of each bin's
 * power over its 1/3-octave average, 200 Hz–16 kHz. A dense, mode-free tail is Gaussian noise:
 * 5.6 dB; few strong modes (a metallic ring) raise it.
 */
export function tailRipple(x: Float32Array, from = 0.15, rate = RATE): number {
  const size = 16384;
  const at = Math.round(from * rate);
  const decay = rt60(x, rate);
  const power = powerSpectrum(x, at, size, (i) => Math.pow(10, (3 * (at + i)) / rate / decay));
  const hz = rate / size;
  const dev: number[] = [];
  for (let k = Math.round(200 / hz); k < 16000 / hz; k++) {
    const lo = Math.round(k * 2 ** (-1 / 6));
    const hi = Math.round(k * 2 ** (1 / 6));
    let sum = 0;
    for (let j = lo; j <= hi; j++) sum += power[j];
    dev.push(10 * Math.log10(power[k] / (sum / (hi - lo + 1))));
  }
  const mean = dev.reduce((a, b) => a + b, 0) / dev.length;
  return Math.sqrt(dev.reduce((a, b) => a + (b - mean) ** 2, 0) / dev.length);
}

/**
 * A 15 kHz sine (faded in over 50 ms) through the reverb, 1 s in: the strongest bin from 20 Hz to
 * 12 kHz in dB below the strongest bin. A tank at half the rate images 15 kHz to 9 kHz (a tank
 * at any rate under 27 kHz puts it below 12 kHz). Above 12 kHz lies the sine's own skirt, spread
 * by the swing of the delays.
 */
export function imageDb(out: Float32Array, rate = RATE): { db: number; hz: number } {
  const size = 32768;
  const power = powerSpectrum(out, rate, size);
  const hz = rate / size;
  let peak = 0;
  let worst = 0;
  let at = 0;
  for (let k = 1; k < power.length; k++) {
    peak = Math.max(peak, power[k]);
    if (k * hz >= 20 && k * hz < 12000 && power[k] > worst) {
      worst = power[k];
      at = k * hz;
    }
  }
  return { db: 10 * Math.log10(worst / peak), hz: at };
}

export const sine15k = (i: number): number => 0.5 * (i < 2400 ? 0.5 - 0.5 * Math.cos((Math.PI * i) / 2400) : 1) * Math.sin((2 * Math.PI * 15000 * i) / RATE);

/** `x` band-passed by sox (`sinc lo-hi`, a steep linear-phase FIR), read back as 32-bit floats. */
export function soxBand(x: Float32Array, lo: number, hi: number, rate = RATE): Float32Array {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-reverb-'));
  try {
    const wav = join(dir, 'in.wav');
    const raw = join(dir, 'out.f32');
    writeFileSync(wav, encodeWav24([x], rate).bytes);
    const res = spawnSync('sox', [wav, '-t', 'f32', raw, 'sinc', `${lo}-${hi}`], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`sox failed: ${res.stderr}`);
    const bytes = readFileSync(raw);
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
