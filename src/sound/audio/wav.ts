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
/**
 * A step's value as written is step × STEP rounded to float32: for every step of the 24-bit range this is the float32 of
 * step / FULL (checked for all 2^24 of them; the doubles differ in the last bit for 1,024 steps, the float32s never),
 * and a multiply costs a fraction of a divide.
 */
const STEP = 1 / FULL;
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

/**
 * What quantize adds up over calls: [samples clamped, the largest magnitude written in steps of 1 / (2^23 − 1), values
 * written to a channel other than the first's (quantizeFrames counts them; read only as zero or not: Wav24Stream.alike)].
 */
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
    out[outAt + i] = v * STEP;
    bytes[at] = v & 0xff;
    bytes[at + 1] = (v >> 8) & 0xff;
    bytes[at + 2] = (v >> 16) & 0xff;
  }
  tally[0] += clipped;
  tally[1] = most;
}

/** Words hold bytes in the file's order (little-endian) on this machine: the stereo writer packs them as words. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A sample's step, unclamped: floor(x + 0.5) as quantize says. */
const stepOf = (x: number): number => Math.floor(x * FULL + 0.5);
/** A step clamped to the 24-bit range (NaN stays NaN, written as zero bytes, as quantize does). */
const clamp = (v: number): number => (v > FULL ? FULL : v < -FULL - 1 ? -FULL - 1 : v);
const over = (v: number): number => (v > FULL || v < -FULL - 1 ? 1 : 0);
const largest = (most: number, v: number): number => {
  const a = v < 0 ? -v : v;
  return a > most ? a : most;
};

/**
 * quantize for a stereo pair, two frames (12 bytes, three little-endian words) at a time: the same steps, bytes,
 * values and tally as quantize per channel, with a third of the stores. l/r[from…n), from and n even, into words from
 * `w` (frame `from`'s).
 */
function quantizeStereo(
  l: Float32Array,
  r: Float32Array,
  from: number,
  n: number,
  words: Uint32Array,
  w: number,
  out: readonly Float32Array[],
  outAt: number,
  tally: Tally,
): void {
  const outL = out[0];
  const outR = out[1];
  let clipped = 0;
  let most = tally[1];
  let apart = 0;
  for (let i = from; i < n; i += 2, w += 3) {
    const ra = stepOf(l[i]);
    const rb = stepOf(r[i]);
    const rc = stepOf(l[i + 1]);
    const rd = stepOf(r[i + 1]);
    clipped += over(ra) + over(rb) + over(rc) + over(rd);
    // Both frames' sides compared as steps: equal steps are equal values as written, and NaN, like a value compare, is apart.
    apart += (ra === rb ? 0 : 1) + (rc === rd ? 0 : 1);
    const a = clamp(ra);
    const b = clamp(rb);
    const c = clamp(rc);
    const d = clamp(rd);
    most = largest(largest(largest(largest(most, a), b), c), d);
    outL[outAt + i] = a * STEP;
    outR[outAt + i] = b * STEP;
    outL[outAt + i + 1] = c * STEP;
    outR[outAt + i + 1] = d * STEP;
    // a0 a1 a2 b0 | b1 b2 c0 c1 | c2 d0 d1 d2
    words[w] = (a & 0xffffff) | (b << 24);
    words[w + 1] = ((b >> 8) & 0xffff) | (c << 16);
    words[w + 2] = ((c >> 16) & 0xff) | (d << 8);
  }
  tally[0] += clipped;
  tally[1] = most;
  tally[2] += apart;
}

/**
 * quantizeStereo for sides that hold the same samples (a centred mono source): each frame's one step serves both, the
 * same bytes, values and tally. Stops at the first pair of frames where the sides differ (or hold NaN); returns how many
 * frames it wrote (even), from which quantizeStereo goes on.
 */
function quantizeAlike(
  l: Float32Array,
  r: Float32Array,
  n: number,
  words: Uint32Array,
  w: number,
  out: readonly Float32Array[],
  outAt: number,
  tally: Tally,
): number {
  const outL = out[0];
  const outR = out[1];
  let clipped = 0;
  let most = tally[1];
  let i = 0;
  for (; i < n; i += 2, w += 3) {
    const x = l[i];
    const y = l[i + 1];
    if (x !== r[i] || y !== r[i + 1]) break;
    const ra = stepOf(x);
    const rc = stepOf(y);
    clipped += over(ra) + over(rc);
    const a = clamp(ra);
    const c = clamp(rc);
    most = largest(largest(most, a), c);
    const va = a * STEP;
    const vc = c * STEP;
    outL[outAt + i] = va;
    outR[outAt + i] = va;
    outL[outAt + i + 1] = vc;
    outR[outAt + i + 1] = vc;
    // a0 a1 a2 a0 | a1 a2 c0 c1 | c2 c0 c1 c2
    words[w] = (a & 0xffffff) | (a << 24);
    words[w + 1] = ((a >> 8) & 0xffff) | (c << 16);
    words[w + 2] = ((c >> 16) & 0xff) | (c << 8);
  }
  tally[0] += 2 * clipped;
  tally[1] = most;
  return i;
}

/**
 * Quantizes channels[c][0…n) into interleaved `bytes` from `at` and out[c][outAt…): a stereo pair two frames at a time
 * where the words line up, each of the nch channels on its own otherwise (and for the odd last frame).
 */
function quantizeFrames(
  channels: readonly Float32Array[],
  nch: number,
  n: number,
  bytes: Uint8Array,
  words: Uint32Array | undefined,
  at: number,
  out: readonly Float32Array[],
  outAt: number,
  tally: Tally,
): void {
  let done = 0;
  if (words !== undefined && nch === 2 && at % 4 === 0) {
    const even = n & ~1;
    // While every frame so far has had the same sides, one step per frame serves both, up to where they part.
    const alike = tally[2] === 0 ? quantizeAlike(channels[0], channels[1], even, words, at >> 2, out, outAt, tally) : 0;
    if (alike < even) quantizeStereo(channels[0], channels[1], alike, even, words, (at >> 2) + (alike / 2) * 3, out, outAt, tally);
    done = even;
  }
  if (done < n) {
    for (let c = 0; c < nch; c++) {
      const src = done === 0 ? channels[c] : channels[c].subarray(done);
      quantize(src, n - done, bytes, at + done * nch * 3 + c * 3, nch * 3, out[c], outAt + done, tally);
    }
    for (let c = 1; c < nch; c++) for (let i = outAt + done; i < outAt + n; i++) if (out[c][i] !== out[0][i]) tally[2]++;
  }
}

/** `bytes` as little-endian words, where this machine's words are (its length rounded down to whole words). */
const wordsOf = (bytes: Uint8Array): Uint32Array | undefined =>
  LITTLE_ENDIAN ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) : undefined;

export function encodeWav24(channels: readonly Float32Array[], sampleRate: number): WavResult {
  const nch = channels.length;
  const frames = channels[0]?.length ?? 0;
  const bytes = new Uint8Array(HEADER_BYTES + frames * nch * 3);
  writeHeader(bytes, nch, sampleRate, frames);
  const written = channels.map(() => new Float32Array(frames));
  const tally: Tally = new Float64Array(3);
  quantizeFrames(channels, nch, frames, bytes, wordsOf(bytes), HEADER_BYTES, written, 0, tally);
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
  private readonly words: Uint32Array | undefined;
  private readonly tally: Tally = new Float64Array(3);
  private used = 0;
  private frames = 0;

  constructor(
    private readonly fd: number,
    private readonly nch: number,
    sampleRate: number,
    private readonly expected: number,
  ) {
    this.bytes = new Uint8Array(STREAM_FRAMES * nch * 3);
    this.words = wordsOf(this.bytes);
    const header = new Uint8Array(HEADER_BYTES);
    writeHeader(header, nch, sampleRate, expected);
    writeSync(fd, header);
  }

  /** Samples beyond full scale that were clamped so far. */
  get clipped(): number {
    return this.tally[0];
  }

  /** Every channel has been written the same values as the first so far (a mono source in a stereo file). */
  get alike(): boolean {
    return this.tally[2] === 0;
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
    quantizeFrames(channels, this.nch, n, this.bytes, this.words, this.used, written, at, this.tally);
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
