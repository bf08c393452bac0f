import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import FFT from 'fft.js';
import type { AudioEngine } from '../../../src/sound/audio/dsp/engine.js';
import { BLOCK } from '../../../src/sound/audio/dsp/math.js';
import { renderOffline, type OfflineRender, type RenderRange } from '../../../src/sound/audio/offline.js';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { encodeWav24 } from '../../../src/sound/audio/wav.js';
import { deviceByName } from '../../../src/sound/model/catalog.js';
import type { ClipJson, DeviceJson, NativeValue, ProjectJson, TrackJson } from '../../../src/sound/model/components.js';

/** Small project documents for engine tests (the project-file form the CLI and host use). */
export function dev(name: string, params: Record<string, NativeValue> = {}, slots: Record<string, DeviceJson[]> = {}): DeviceJson {
  return { uuid: deviceByName(name).uuid, name, enabled: true, params, slots };
}

export function track(name: string, devices: DeviceJson[], clips: ClipJson[] = [], extra: Partial<TrackJson> = {}): TrackJson {
  return {
    name,
    type: 'instrument',
    muted: false,
    armed: false,
    solo: false,
    volume: 0.7937005259840998,
    pan: 0,
    group_expanded: true,
    devices,
    clips,
    ...extra,
  };
}

export function clip(
  start: number,
  length: number,
  notes: [pitch: number, start: number, duration: number, velocity?: number][],
  loop?: { start: number; length: number },
): ClipJson {
  return {
    name: 'Clip',
    start,
    length,
    loop_enabled: loop !== undefined,
    loop_start: loop?.start ?? 0,
    loop_length: loop?.length ?? length,
    notes: notes.map(([p, s, d, v]) => [p, s, d, v ?? 100, 0] as const),
  };
}

export function project(tracks: TrackJson[], extra: Partial<ProjectJson> = {}): ProjectJson {
  return {
    name: 'Test',
    tempo: 120,
    meter: { numerator: 4, denominator: 4 },
    arranger_loop: { enabled: false, start: 0, duration: 16 },
    metronome: false,
    cue_markers: [],
    tracks,
    fx: [],
    master: { ...track('Master', []), type: 'master' },
    ...extra,
  };
}

/** A Polysynth sine with a click-free instant attack and full sustain (the catalog's natives: attack 0 = 0.1 ms). */
export const sine = (extra: Record<string, NativeValue> = {}): DeviceJson =>
  dev('Polysynth', { WAVE: 2, CUTOFF: 1, RESONANCE: 0, ATTACK: 0, DECAY: 0, SUSTAIN: 1, RELEASE: 0.2, ...extra });

export function render(p: ProjectJson, range: RenderRange): OfflineRender {
  return renderOffline(buildPlan(p), range);
}

export function rms(x: Float32Array, from = 0, to = x.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i] * x[i];
  return Math.sqrt(s / Math.max(1, to - from));
}

/** Magnitude spectrum of `size` samples from `at` through a Hann window (fft.js). */
export function spectrum(x: Float32Array, at: number, size: number): Float64Array {
  const fft = new FFT(size);
  const input = new Array<number>(size);
  for (let i = 0; i < size; i++) input[i] = (x[at + i] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
  const out = fft.createComplexArray() as number[];
  fft.realTransform(out, input);
  const mag = new Float64Array(size / 2);
  for (let k = 0; k < size / 2; k++) mag[k] = Math.hypot(out[2 * k], out[2 * k + 1]);
  return mag;
}

/** The strongest frequency, refined by parabolic interpolation of the log magnitudes. */
export function peakFrequency(x: Float32Array, at: number, size: number, sampleRate: number): number {
  const mag = spectrum(x, at, size);
  let k = 1;
  for (let i = 2; i < mag.length - 1; i++) if (mag[i] > mag[k]) k = i;
  const [a, b, c] = [Math.log(mag[k - 1]), Math.log(mag[k]), Math.log(mag[k + 1])];
  const delta = (0.5 * (a - c)) / (a - 2 * b + c);
  return ((k + delta) * sampleRate) / size;
}

export function centroid(x: Float32Array, at: number, size: number, sampleRate: number): number {
  const mag = spectrum(x, at, size);
  let num = 0;
  let den = 0;
  for (let k = 1; k < mag.length; k++) {
    num += k * mag[k];
    den += mag[k];
  }
  return ((num / den) * sampleRate) / size;
}

/** Onsets: the first sample above `threshold` after at least `gap` samples below it. */
export function onsets(x: Float32Array, threshold: number, gap: number): number[] {
  const out: number[] = [];
  let quiet = gap;
  for (let i = 0; i < x.length; i++) {
    if (Math.abs(x[i]) > threshold) {
      if (quiet >= gap) out.push(i);
      quiet = 0;
    } else quiet++;
  }
  return out;
}

/**
 * Plays `engine` block by block for `seconds` at `rate`, applying each move before the first block
 * at or after its time (s): a change that reaches the engine between two blocks, as a live edit does.
 */
export function renderBlocks(engine: AudioEngine, rate: number, seconds: number, moves: readonly [seconds: number, move: () => void][]): OfflineRender {
  engine.play();
  const blocks = Math.ceil((seconds * rate) / BLOCK);
  const left = new Float32Array(blocks * BLOCK);
  const right = new Float32Array(blocks * BLOCK);
  const l = new Float32Array(BLOCK);
  const r = new Float32Array(BLOCK);
  let next = 0;
  for (let b = 0; b < blocks; b++) {
    while (next < moves.length && b * BLOCK >= moves[next][0] * rate) moves[next++][1]();
    engine.render(l, r);
    left.set(l, b * BLOCK);
    right.set(r, b * BLOCK);
  }
  return { left, right, sampleRate: rate, fromBeat: 0, seconds, notRendered: [] };
}

/** sox's peak above 3 kHz from `at` − 50 ms for 150 ms, in dB below the whole render's peak: a click's level. */
export function clickDb(r: OfflineRender, at: number): number {
  const peak = soxStat(r)['Maximum amplitude'];
  const high = soxStat(r, ['highpass', '3000', 'highpass', '3000', 'trim', String(at - 0.05), '0.15'])['Maximum amplitude'];
  return 20 * Math.log10(high / peak);
}

/** Writes a render to a temporary WAV and returns sox's `stat` report as a map. */
export function soxStat(r: OfflineRender, effects: readonly string[] = []): Record<string, number> {
  return withWav(r, (file) => soxStatFile(file, effects));
}

function withWav<T>(r: OfflineRender, f: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'footlight-audio-'));
  try {
    const file = join(dir, 'r.wav');
    writeFileSync(file, encodeWav24([r.left, r.right], r.sampleRate).bytes);
    return f(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * sox stat's "Rough frequency" of the left channel. sox prints it as a whole number of Hz, so
 * the file is read as if its rate were 100× higher (every frequency scales by 100) and the
 * result divided back: a reading to 0.01 Hz. (On an interleaved stereo file sox's estimate is
 * off by √2, hence remix 1.)
 */
export function soxFrequency(r: OfflineRender): number {
  return withWav(r, (file) => soxStatFile(file, ['remix', '1'], ['-r', String(r.sampleRate * 100)])['Rough frequency'] / 100);
}

export function soxStatFile(file: string, effects: readonly string[] = [], inputOptions: readonly string[] = []): Record<string, number> {
  // sox prints stat's report on stderr.
  const res = spawnSync('sox', [...inputOptions, file, '-n', ...effects, 'stat'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`sox failed: ${res.stderr}`);
  const out: Record<string, number> = {};
  for (const line of res.stderr.split('\n')) {
    const m = /^([A-Za-z ()]+?):\s+(-?[\d.]+(?:e[-+]?\d+)?)/.exec(line.trim());
    if (m !== null) out[m[1].trim().replace(/\s+/g, ' ')] = Number(m[2]);
  }
  return out;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same inputs on every run, for comparing two paths of a loop. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
