import FFT from 'fft.js';

/** Analysis frame: 2048 samples (43 ms at 48 kHz), hop 1024. */
export const FRAME = 2048;
export const HOP = 1024;

/** Frequency bands the listen report gives energies for (Hz, upper edges exclusive). */
export const BANDS: readonly { readonly name: string; readonly lo: number; readonly hi: number }[] = [
  { name: 'sub_20_60', lo: 20, hi: 60 },
  { name: 'bass_60_250', lo: 60, hi: 250 },
  { name: 'low_mid_250_1k', lo: 250, hi: 1000 },
  { name: 'mid_1k_4k', lo: 1000, hi: 4000 },
  { name: 'high_4k_20k', lo: 4000, hi: 20000 },
];

/** Magnitude spectra (FRAME/2 bins, Hann window) of the mono signal, one per hop. */
export function spectra(mono: Float32Array): Float32Array[] {
  const fft = new FFT(FRAME);
  const win = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1));
  const input = new Float64Array(FRAME);
  const out = fft.createComplexArray() as number[];
  const frames: Float32Array[] = [];
  for (let at = 0; at + FRAME <= mono.length; at += HOP) {
    for (let i = 0; i < FRAME; i++) input[i] = mono[at + i] * win[i];
    fft.realTransform(out, input);
    const mag = new Float32Array(FRAME / 2);
    for (let k = 0; k < FRAME / 2; k++) mag[k] = Math.hypot(out[2 * k], out[2 * k + 1]);
    frames.push(mag);
  }
  return frames;
}

/** Magnitude-weighted mean frequency of one spectrum (Hz); 0 for silence. */
export function centroid(mag: Float32Array, rate: number): number {
  let num = 0;
  let den = 0;
  for (let k = 1; k < mag.length; k++) {
    num += k * mag[k];
    den += mag[k];
  }
  return den > 0 ? ((num / den) * rate) / FRAME : 0;
}

/** Power per band of one spectrum (sum of squared magnitudes, unnormalized). */
export function bandPowers(mag: Float32Array, rate: number): number[] {
  const hz = rate / FRAME;
  return BANDS.map((b) => {
    let p = 0;
    for (let k = Math.max(1, Math.ceil(b.lo / hz)); k < Math.min(mag.length, Math.ceil(b.hi / hz)); k++) p += mag[k] * mag[k];
    return p;
  });
}
