import { integratedLoudness, samplePeak } from '../audio/loudness.js';
import { truePeak } from '../audio/true-peak.js';
import { noteOf, yin } from './pitch.js';
import { BANDS, bandPowers, centroid, FRAME, HOP, spectra } from './spectrum.js';

/** Most segments in `over_time`: a longer region gets longer segments. */
const MAX_SEGMENTS = 48;
/** Most onsets and pitched notes listed. */
const MAX_ONSETS = 128;
const MAX_NOTES = 64;

const db = (power: number): number | null => (power > 0 ? Math.round(100 * Math.log10(power)) / 10 : null);
const dbAmp = (linear: number): number | null => (linear > 0 ? Math.round(200 * Math.log10(linear)) / 10 : null);
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

interface Timing {
  /** Beat at the first sample (null for live audio whose position is not one beat line). */
  readonly fromBeat: number | null;
  readonly tempo: number;
}

function mono(l: Float32Array, r: Float32Array): Float32Array {
  const m = new Float32Array(l.length);
  for (let i = 0; i < l.length; i++) m[i] = 0.5 * (l[i] + r[i]);
  return m;
}

/** Positive spectral flux per frame (log-compressed magnitudes), the onset detection function. */
function flux(frames: Float32Array[]): Float64Array {
  const f = new Float64Array(frames.length);
  const silence = new Float32Array(frames[0]?.length ?? 0);
  for (let j = 0; j < frames.length; j++) {
    let s = 0;
    const a = frames[j];
    // The region's first frame rises from silence, so a note on its first sample is an onset.
    const b = j === 0 ? silence : frames[j - 1];
    for (let k = 1; k < a.length; k++) {
      const d = Math.log1p(1000 * a[k]) - Math.log1p(1000 * b[k]);
      if (d > 0) s += d;
    }
    f[j] = s;
  }
  return f;
}

/** Peaks of the flux above a local median plus a margin, at least 50 ms apart (frame indexes). */
function pickOnsets(f: Float64Array, rate: number): number[] {
  const out: number[] = [];
  const gap = Math.ceil((0.05 * rate) / HOP);
  let max = 0;
  for (const v of f) max = Math.max(max, v);
  if (max <= 0) return out;
  for (let j = 0; j < f.length - 1; j++) {
    if (!(f[j] > (j > 0 ? f[j - 1] : 0) && f[j] >= f[j + 1])) continue;
    const w = Array.from(f.subarray(Math.max(0, j - 8), Math.min(f.length, j + 9))).sort((a, b) => a - b);
    const median = w[w.length >> 1];
    if (f[j] < median * 1.5 + 0.1 * max) continue;
    if (out.length > 0 && j - out[out.length - 1] < gap) continue;
    out.push(j);
  }
  return out;
}

/**
 * Tempo by autocorrelation of the flux between 60 and 200 BPM, weighted by a log-Gaussian
 * around 120 BPM (one octave wide) against octave errors; confidence is the peak over the mean.
 */
function tempoOf(f: Float64Array, rate: number): { bpm: number; confidence: number } | null {
  const fps = rate / HOP;
  const lo = Math.floor((fps * 60) / 200);
  const hi = Math.ceil((fps * 60) / 60);
  if (f.length < hi * 2) return null;
  const mean = f.reduce((a, b) => a + b, 0) / f.length;
  const x = Array.from(f, (v) => v - mean);
  let best = -Infinity;
  let lag = 0;
  let sum = 0;
  let count = 0;
  for (let L = lo; L <= hi; L++) {
    let s = 0;
    for (let i = 0; i + L < x.length; i++) s += x[i] * x[i + L];
    s /= x.length - L;
    s *= Math.exp(-0.5 * Math.log2((60 * fps) / L / 120) ** 2);
    sum += Math.max(0, s);
    count++;
    if (s > best) {
      best = s;
      lag = L;
    }
  }
  if (!(best > 0)) return null;
  // Parabolic refinement of the lag.
  const ac = (L: number): number => {
    let s = 0;
    for (let i = 0; i + L < x.length; i++) s += x[i] * x[i + L];
    return s / (x.length - L);
  };
  const a = ac(lag - 1);
  const c = ac(lag + 1);
  const den = a + c - 2 * ac(lag);
  const shift = den !== 0 ? (a - c) / (2 * den) : 0;
  return { bpm: Math.round(((60 * fps) / (lag + shift)) * 10) / 10, confidence: r3(Math.min(1, best / ((sum / count) * 4))) };
}

/**
 * What an agent can reason about in a stereo region: loudness (BS.1770 integrated LUFS), peak and
 * true peak, RMS, spectral centroid and band energies over time, onsets with an estimated tempo,
 * and the pitch of the notes that start at those onsets where the sound is monophonic.
 */
export function analyze(left: Float32Array, right: Float32Array, rate: number, timing: Timing) {
  const m = mono(left, right);
  const frames = spectra(m);
  let energy = 0;
  for (let i = 0; i < left.length; i++) energy += left[i] * left[i] + right[i] * right[i];
  const seconds = left.length / rate;
  const beatOf = (t: number): number | null => (timing.fromBeat === null ? null : r3(timing.fromBeat + (t * timing.tempo) / 60));

  const perSegment = Math.max(1, Math.ceil(frames.length / MAX_SEGMENTS));
  const overTime = [];
  for (let j = 0; j < frames.length; j += perSegment) {
    const group = frames.slice(j, j + perSegment);
    const powers = BANDS.map(() => 0);
    let c = 0;
    let cw = 0;
    let segEnergy = 0;
    for (const mag of group) {
      const p = bandPowers(mag, rate);
      p.forEach((v, k) => (powers[k] += v / group.length));
      let e = 0;
      for (let k = 1; k < mag.length; k++) e += mag[k];
      c += centroid(mag, rate) * e;
      cw += e;
    }
    const from = j * HOP;
    const to = Math.min(m.length, (j + group.length) * HOP + FRAME - HOP);
    for (let i = from; i < to; i++) segEnergy += m[i] * m[i];
    // Band power in dB relative to a full-scale sine filling the frame (≈ 0 dB).
    const ref = ((FRAME / 4) * (FRAME / 4)) / 2;
    overTime.push({
      t: r3(from / rate),
      beat: beatOf(from / rate),
      rms_dbfs: dbAmp(Math.sqrt(segEnergy / Math.max(1, to - from))),
      centroid_hz: cw > 0 ? Math.round(c / cw) : null,
      bands_db: Object.fromEntries(BANDS.map((b, k) => [b.name, db(powers[k] / ref)])),
    });
  }

  const f = flux(frames);
  const onsetFrames = pickOnsets(f, rate);
  // An onset's time: the frame's centre, the best a 21 ms hop can place it.
  const onsetTimes = onsetFrames.map((j) => (j * HOP + FRAME / 2) / rate);
  const notes = [];
  for (const t of onsetTimes) {
    if (notes.length >= MAX_NOTES) break;
    const at = Math.round((t + 0.03) * rate);
    if (at + 4096 > m.length) break;
    const p = yin(m.subarray(at, at + 4096), rate);
    if (p === null || p.clarity < 0.8) continue;
    notes.push({ t: r3(t), beat: beatOf(t), hz: Math.round(p.hz * 10) / 10, ...noteOf(p.hz), clarity: r3(p.clarity) });
  }
  const tempo = tempoOf(f, rate);
  const peak = samplePeak([left, right]);
  const tp = truePeak([left, right], peak);
  const lufs = integratedLoudness([left, right], rate);
  return {
    seconds: r3(seconds),
    sample_rate: rate,
    integrated_lufs: Number.isFinite(lufs) ? Math.round(lufs * 100) / 100 : null,
    peak_dbfs: dbAmp(peak),
    true_peak_dbtp: dbAmp(tp),
    rms_dbfs: dbAmp(Math.sqrt(energy / Math.max(1, 2 * left.length))),
    clipping: tp >= 1,
    silent: peak === 0,
    over_time: overTime,
    segment_seconds: r3((perSegment * HOP) / rate),
    onsets: onsetTimes.slice(0, MAX_ONSETS).map((t) => ({ t: r3(t), beat: beatOf(t) })),
    onset_count: onsetTimes.length,
    onsets_truncated: onsetTimes.length > MAX_ONSETS,
    tempo_estimate: tempo === null ? null : { bpm: tempo.bpm, confidence: tempo.confidence, project_tempo: timing.tempo },
    monophonic_notes: notes,
  };
}
