/**
 * A small WAV writer: 24-bit PCM, interleaved, RIFF little-endian (the 44-byte canonical
 * header). Samples are rounded to the nearest step and clamped to full scale; the writer says
 * how many it had to clamp. Whole files in memory (encodeWav24) or streamed to a file block by
 * block (Wav24Stream: a long render holds no whole-song arrays). Tested against sox and ffprobe
 * (test/sound/audio/render.test.ts).
 */
import { writeSync } from 'node:fs';

interface WavResult {
  readonly bytes: Uint8Array;
  /** Samples beyond full scale that were clamped. */
  readonly clipped: number;
  /** The signal as written (after quantization), for summaries that must agree with the file. */
  readonly written: Float32Array[];
}

const FULL = 8388607; // 2^23 − 1
const HEADER_BYTES = 44;

/** The canonical header for `frames` frames of `nch` 24-bit channels, at the start of `bytes`. */
function writeHeader(bytes: Uint8Array, nch: number, sampleRate: number, frames: number): void {
  const dataBytes = frames * nch * 3;
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
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
}

/** What quantize adds up over calls: [samples clamped, the largest magnitude written in steps of 1 / (2^23 − 1)]. */
type Tally = Float64Array;

/**
 * Quantizes src[0…n) into one channel's 3-byte slots of interleaved `bytes` (from `at`, every
 * `stride` bytes) and the values as written into out[outAt…outAt + n); adds to `tally`.
 */
function quantize(src: Float32Array, n: number, bytes: Uint8Array, at: number, stride: number, out: Float32Array, outAt: number, tally: Tally): void {
  let clipped = 0;
  let most = tally[1];
  for (let i = 0; i < n; i++, at += stride) {
    // floor(x + 0.5) is Math.round for these values (a float32 times 2^23 − 1 is exact in a double, and so is
    // adding ½), and several times faster in Node 20's V8, which calls out for Math.round.
    let v = Math.floor(src[i] * FULL + 0.5);
    if (v > FULL) {
      v = FULL;
      clipped++;
    } else if (v < -FULL - 1) {
      v = -FULL - 1;
      clipped++;
    }
    // The sample peak in steps, here rather than in another pass over the written values: float32 rounding is
    // monotonic and symmetric, so the largest |v / FULL| as written is the largest |v|, divided and rounded.
    const a = v < 0 ? -v : v;
    if (a > most) most = a;
    out[outAt + i] = v / FULL;
    bytes[at] = v & 0xff;
    bytes[at + 1] = (v >> 8) & 0xff;
    bytes[at + 2] = (v >> 16) & 0xff;
  }
  tally[0] += clipped;
  tally[1] = most;
}

export function encodeWav24(channels: readonly Float32Array[], sampleRate: number): WavResult {
  const nch = channels.length;
  const frames = channels[0]?.length ?? 0;
  const bytes = new Uint8Array(HEADER_BYTES + frames * nch * 3);
  writeHeader(bytes, nch, sampleRate, frames);
  const written = channels.map(() => new Float32Array(frames));
  const tally: Tally = new Float64Array(2);
  // A channel at a time, striding through the interleaved bytes: one typed array read and one written per loop.
  for (let c = 0; c < nch; c++) quantize(channels[c], frames, bytes, HEADER_BYTES + c * 3, nch * 3, written[c], 0, tally);
  return { bytes, clipped: tally[0], written };
}

/** Frames a stream gathers before each write (a quarter of a megabyte of stereo). */
const STREAM_FRAMES = 1 << 14;

/**
 * A 24-bit WAV written to an open file block by block. The length is known before the first
 * sample (a render's range is), so the header is written first and never revisited.
 */
export class Wav24Stream {
  private readonly bytes: Uint8Array;
  private readonly tally: Tally = new Float64Array(2);
  private used = 0;
  private frames = 0;

  constructor(
    private readonly fd: number,
    private readonly nch: number,
    sampleRate: number,
    private readonly expected: number,
  ) {
    this.bytes = new Uint8Array(STREAM_FRAMES * nch * 3);
    const header = new Uint8Array(HEADER_BYTES);
    writeHeader(header, nch, sampleRate, expected);
    writeSync(fd, header);
  }

  /** Samples beyond full scale that were clamped so far. */
  get clipped(): number {
    return this.tally[0];
  }

  /** The largest magnitude written so far (linear; what a sample peak over the written values reads). */
  get samplePeak(): number {
    return Math.fround(this.tally[1] / FULL);
  }

  /**
   * Appends n frames of `channels` (n ≤ a block); written[c][at…at + n) gets the values as written, for meters that
   * must agree with the file (they may read them where they keep them: the true-peak meter's window).
   */
  write(channels: readonly Float32Array[], n: number, written: readonly Float32Array[], at = 0): void {
    if (this.frames + n > this.expected) throw new RangeError(`a WAV stream of ${this.expected} frames was given more`);
    if (this.used + n * this.nch * 3 > this.bytes.length) this.flush();
    for (let c = 0; c < this.nch; c++) quantize(channels[c], n, this.bytes, this.used + c * 3, this.nch * 3, written[c], at, this.tally);
    this.used += n * this.nch * 3;
    this.frames += n;
  }

  /** Writes what is gathered; the file then holds every frame given. Throws if fewer frames came than the header says. */
  finish(): void {
    this.flush();
    if (this.frames !== this.expected) throw new RangeError(`a WAV stream of ${this.expected} frames was given ${this.frames}`);
  }

  private flush(): void {
    for (let at = 0; at < this.used; ) at += writeSync(this.fd, this.bytes, at, this.used - at);
    this.used = 0;
  }
}
