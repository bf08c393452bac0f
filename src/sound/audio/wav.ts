/**
 * A small WAV writer: 24-bit PCM, interleaved, RIFF little-endian (the 44-byte canonical
 * header). Samples are rounded to the nearest step and clamped to full scale; the writer says
 * how many it had to clamp. Tested against sox and ffprobe (test/sound/audio/wav.test.ts).
 */
interface WavResult {
  readonly bytes: Uint8Array;
  /** Samples beyond full scale that were clamped. */
  readonly clipped: number;
  /** The signal as written (after quantization), for summaries that must agree with the file. */
  readonly written: Float32Array[];
}

const FULL = 8388607; // 2^23 − 1

export function encodeWav24(channels: readonly Float32Array[], sampleRate: number): WavResult {
  const nch = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * nch * 3;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, s: string): void => {
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, nch, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * nch * 3, true);
  view.setUint16(32, nch * 3, true);
  view.setUint16(34, 24, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let clipped = 0;
  const written = channels.map(() => new Float32Array(frames));
  // A channel at a time, striding through the interleaved bytes: one typed array read and one written per loop.
  const stride = nch * 3;
  for (let c = 0; c < nch; c++) {
    const src = channels[c];
    const out = written[c];
    for (let i = 0, at = 44 + c * 3; i < frames; i++, at += stride) {
      let v = Math.round(src[i] * FULL);
      if (v > FULL) {
        v = FULL;
        clipped++;
      } else if (v < -FULL - 1) {
        v = -FULL - 1;
        clipped++;
      }
      out[i] = v / FULL;
      bytes[at] = v & 0xff;
      bytes[at + 1] = (v >> 8) & 0xff;
      bytes[at + 2] = (v >> 16) & 0xff;
    }
  }
  return { bytes, clipped, written };
}
