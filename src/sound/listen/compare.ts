import FFT from 'fft.js';
import { integratedLoudness } from '../audio/loudness.js';
import { resample } from '../audio/dsp/resample.js';
import type { ReferenceAudio } from './reference.js';

/** ISO octave bands (nominal centres, Hz); each spans centre/√2 to centre·√2. */
const OCTAVES: readonly number[] = [31.5, 63, 125, 250, 500, 1000, 2000, 4000, 8000, 16000];
/** Welch frame for the band levels: 8192 samples (5.9 Hz bins at 48 kHz, enough for the 31.5 Hz band), hop half of it. */
const FRAME = 8192;
/** A band quieter than this in either signal has no meaningful difference (dB re a full-scale sine). */
const FLOOR_DB = -100;
/** Differences at most this wide (dB) read as a match. */
const MATCH_DB = 0.5;

const r1 = (x: number): number => Math.round(x * 10) / 10;
const r2 = (x: number): number => Math.round(x * 100) / 100;
const bandName = (hz: number): string => (hz >= 1000 ? `${hz / 1000}k` : String(hz));

type Band = {
  readonly band: string;
  readonly render_db: number | null;
  readonly reference_db: number | null;
  readonly difference_db: number | null;
};

/**
 * Level per octave band of a mono signal, in dB relative to a full-scale sine (a full-scale sine
 * in a band reads 0 dB): Hann-windowed power spectra averaged over the whole signal.
 */
function octaveLevels(mono: Float32Array, rate: number): (number | null)[] {
  const fft = new FFT(FRAME);
  const win = new Float64Array(FRAME);
  let w2 = 0;
  for (let i = 0; i < FRAME; i++) {
    win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME);
    w2 += win[i] * win[i];
  }
  const input = new Float64Array(FRAME);
  const out = fft.createComplexArray() as number[];
  const power = new Float64Array(FRAME / 2);
  let count = 0;
  // A signal shorter than one frame is one zero-padded frame.
  for (let at = 0; count === 0 || at + FRAME <= mono.length; at += FRAME / 2) {
    for (let i = 0; i < FRAME; i++) input[i] = (mono[at + i] ?? 0) * win[i];
    fft.realTransform(out, input);
    for (let k = 0; k < FRAME / 2; k++) power[k] += out[2 * k] ** 2 + out[2 * k + 1] ** 2;
    count++;
  }
  const hz = rate / FRAME;
  return OCTAVES.map((fc) => {
    let p = 0;
    for (let k = Math.max(1, Math.ceil(fc / Math.SQRT2 / hz)); k < Math.min(FRAME / 2, Math.ceil((fc * Math.SQRT2) / hz)); k++) p += power[k];
    // One-sided power → mean square (2 / (N·Σw²)); × 2 so a full-scale sine (mean square ½) reads 0 dB.
    const db = 10 * Math.log10((4 * p) / count / (FRAME * w2));
    return Number.isFinite(db) && db > FLOOR_DB ? r1(db) : null;
  });
}

function mono(l: Float32Array, r: Float32Array): Float32Array {
  const m = new Float32Array(l.length);
  for (let i = 0; i < l.length; i++) m[i] = 0.5 * (l[i] + r[i]);
  return m;
}

/** One sentence an agent can act on: a match, an even level difference, or where the render is louder and quieter. */
function verdict(lufsDiff: number | null, bands: readonly Band[]): string {
  const known = bands.filter((b): b is Band & { difference_db: number } => b.difference_db !== null);
  const lufs = lufsDiff === null ? '' : `; loudness ${lufsDiff > 0 ? '+' : ''}${lufsDiff} LU`;
  const onlyRender = bands.filter((b) => b.render_db !== null && b.reference_db === null).map((b) => b.band);
  const onlyReference = bands.filter((b) => b.render_db === null && b.reference_db !== null).map((b) => b.band);
  const one = [
    ...(onlyRender.length > 0 ? [`only the render has energy in ${onlyRender.join(', ')} Hz`] : []),
    ...(onlyReference.length > 0 ? [`only the reference has energy in ${onlyReference.join(', ')} Hz`] : []),
  ];
  if (known.length === 0) return one.length > 0 ? one.join('; ') : 'neither the render nor the reference has energy in any band: nothing to compare';
  const lo = known.reduce((a, b) => (b.difference_db < a.difference_db ? b : a));
  const hi = known.reduce((a, b) => (b.difference_db > a.difference_db ? b : a));
  const tail = [...one.map((x) => `; ${x}`), lufs].join('');
  if (Math.abs(lo.difference_db) <= MATCH_DB && Math.abs(hi.difference_db) <= MATCH_DB)
    return `${one.length > 0 ? 'a tonal difference: ' : ''}matches the reference within ${MATCH_DB} dB in every band both have energy in${tail}`;
  if (hi.difference_db - lo.difference_db <= 2 * MATCH_DB) {
    const mean = r1(known.reduce((a, b) => a + b.difference_db, 0) / known.length);
    const what = one.length > 0 ? 'a level difference' : 'an even level difference, not a tonal one';
    return `${what}: the render is ${Math.abs(mean)} dB ${mean < 0 ? 'quieter' : 'louder'} in every band both have energy in${tail}`;
  }
  const louder = known.filter((b) => b.difference_db > MATCH_DB).map((b) => b.band);
  const quieter = known.filter((b) => b.difference_db < -MATCH_DB).map((b) => b.band);
  const parts = [
    ...(louder.length > 0 ? [`louder in ${louder.join(', ')} Hz (up to +${hi.difference_db} dB at ${hi.band})`] : []),
    ...(quieter.length > 0 ? [`quieter in ${quieter.join(', ')} Hz (down to ${lo.difference_db} dB at ${lo.band})`] : []),
  ];
  return `a tonal difference: the render is ${parts.join(' and ')}${tail}`;
}

/**
 * The render (or live audio) against a reference, aligned at their first samples and compared
 * over the shorter of the two: level per ISO octave band of each and the render's difference
 * (render − reference, dB), integrated loudness of each and its difference, and a verdict line.
 */
export function compareReference(left: Float32Array, right: Float32Array, rate: number, ref: ReferenceAudio) {
  const refLeft = resample(ref.left, ref.sampleRate, rate);
  const refRight = ref.right === ref.left ? refLeft : resample(ref.right, ref.sampleRate, rate);
  const n = Math.min(left.length, refLeft.length);
  const [l, r, rl, rr] = [left, right, refLeft, refRight].map((x) => x.subarray(0, n));
  const mine = octaveLevels(mono(l, r), rate);
  const theirs = octaveLevels(mono(rl, rr), rate);
  const bands: Band[] = OCTAVES.map((fc, i) => ({
    band: bandName(fc),
    render_db: mine[i],
    reference_db: theirs[i],
    difference_db: mine[i] === null || theirs[i] === null ? null : r1(mine[i]! - theirs[i]!),
  }));
  const lufs = (a: Float32Array, b: Float32Array): number | null => {
    const v = integratedLoudness([a, b], rate);
    return Number.isFinite(v) ? r2(v) : null;
  };
  const renderLufs = lufs(l, r);
  const referenceLufs = lufs(rl, rr);
  const lufsDiff = renderLufs === null || referenceLufs === null ? null : r2(renderLufs - referenceLufs);
  return {
    verdict: verdict(lufsDiff, bands),
    reference: {
      path: ref.path,
      seconds: Math.round(ref.seconds * 1000) / 1000,
      sample_rate: ref.sampleRate,
      channels: ref.channels,
      resampled: ref.sampleRate !== rate,
    },
    compared_seconds: Math.round((n / rate) * 1000) / 1000,
    aligned: 'at the first sample of each; compared over the shorter',
    render_lufs: renderLufs,
    reference_lufs: referenceLufs,
    lufs_difference: lufsDiff,
    bands,
    bands_note: `ISO octave bands by centre (Hz); dB re a full-scale sine; difference = render − reference; null below ${FLOOR_DB} dB`,
  };
}
