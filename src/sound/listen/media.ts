import { PNG } from 'pngjs';
import { FRAME } from './spectrum.js';

/** The audio clip's bound: the first 5 s of the region, mono 16-bit 48 kHz (≤ 480 KB of WAV). */
export const CLIP_SECONDS = 5;
/** The spectrogram's size: 320 × 160 pixels, log frequency 30 Hz–16 kHz, 60 dB range. */
export const SPECTROGRAM_WIDTH = 320;
export const SPECTROGRAM_HEIGHT = 160;

/** A mono 16-bit PCM WAV of the mix's first CLIP_SECONDS (the canonical 44-byte header). */
export function wavClip(left: Float32Array, right: Float32Array, rate: number): Buffer {
  const n = Math.min(left.length, CLIP_SECONDS * rate);
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) {
    const v = Math.max(-1, Math.min(1, 0.5 * (left[i] + right[i])));
    buf.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  return buf;
}

/** A spectrogram PNG of magnitude spectra: time left to right, low frequencies at the bottom. */
export function spectrogramPng(frames: readonly Float32Array[], rate: number): Buffer {
  const png = new PNG({ width: SPECTROGRAM_WIDTH, height: SPECTROGRAM_HEIGHT });
  const lo = Math.log(30);
  const hi = Math.log(16000);
  const ref = FRAME / 4;
  for (let x = 0; x < SPECTROGRAM_WIDTH; x++) {
    const mag = frames[Math.min(frames.length - 1, Math.floor((x * frames.length) / SPECTROGRAM_WIDTH))];
    for (let y = 0; y < SPECTROGRAM_HEIGHT; y++) {
      const f0 = Math.exp(lo + ((hi - lo) * (SPECTROGRAM_HEIGHT - 1 - y)) / SPECTROGRAM_HEIGHT);
      const f1 = Math.exp(lo + ((hi - lo) * (SPECTROGRAM_HEIGHT - y)) / SPECTROGRAM_HEIGHT);
      let v = 0;
      if (mag !== undefined) for (let k = Math.floor((f0 * FRAME) / rate); k <= Math.ceil((f1 * FRAME) / rate) && k < mag.length; k++) v = Math.max(v, mag[k]);
      const level = Math.max(0, Math.min(1, (20 * Math.log10(v / ref + 1e-12) + 60) / 60));
      const i = (y * SPECTROGRAM_WIDTH + x) * 4;
      // Black → blue → yellow → white.
      png.data[i] = Math.round(255 * Math.min(1, level * 1.6 - 0.3 > 0 ? level * 1.6 - 0.3 : 0));
      png.data[i + 1] = Math.round(255 * Math.max(0, level * 1.4 - 0.4));
      png.data[i + 2] = Math.round(255 * (level < 0.5 ? level * 2 : 1.5 - level));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
