// SMPTE 12M linear timecode (LTC) as audio: one 80-bit word per frame, bi-phase mark coded, the
// song position as the label. Written by render-sound --ltc and render-show --ltc; no maintained
// JavaScript library writes LTC, so this is our own (docs/timecode.md#ltc-audio-timecode).
import { invalidArgument } from '../../engine/errors.js';
import { RATE_INFO, timecodeAt, type Timecode, type TimecodeRate } from './timecode.js';

/** The sync word, bits 64–79 in the order sent: 0011 1111 1111 1101. */
const SYNC = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1];

/** Default level: a peak of −10 dBFS, a common line level for LTC on a playback track. */
export const LTC_LEVEL_DB = -10;

function putBcd(bits: Uint8Array, at: number, width: number, value: number): void {
  for (let i = 0; i < width; i++) bits[at + i] = (value >> i) & 1;
}

/**
 * The 80 bits of one LTC frame, bit 0 first (each field least significant bit first). User bits,
 * the colour-frame flag and the binary group flags are 0; bit 10 is the drop-frame flag. The
 * polarity-correction bit (27, or 59 at 25 fps) makes the count of zeros even, so every frame
 * starts on the same polarity.
 */
function ltcFrameBits(tc: Timecode, rate: TimecodeRate): Uint8Array {
  const bits = new Uint8Array(80);
  putBcd(bits, 0, 4, tc.frames % 10);
  putBcd(bits, 8, 2, Math.floor(tc.frames / 10));
  bits[10] = RATE_INFO[rate].drop ? 1 : 0;
  putBcd(bits, 16, 4, tc.seconds % 10);
  putBcd(bits, 24, 3, Math.floor(tc.seconds / 10));
  putBcd(bits, 32, 4, tc.minutes % 10);
  putBcd(bits, 40, 3, Math.floor(tc.minutes / 10));
  putBcd(bits, 48, 4, tc.hours % 10);
  putBcd(bits, 56, 2, Math.floor(tc.hours / 10));
  for (let i = 0; i < 16; i++) bits[64 + i] = SYNC[i];
  let ones = 0;
  for (const b of bits) ones += b;
  if (ones % 2 === 1) bits[rate === '25' ? 59 : 27] = 1;
  return bits;
}

interface LtcOptions {
  readonly rate: TimecodeRate;
  /** The song position of the first sample, in seconds. */
  readonly startSeconds: number;
  /** Frames added to the song position (the timecode offset). */
  readonly offsetFrames: number;
  readonly sampleRate: number;
  /** Length in samples. */
  readonly samples: number;
  /** Peak level in dBFS (default −10). */
  readonly levelDb?: number;
}

/**
 * LTC for a stretch of the song: frame n of the timecode starts where the song's clock reaches
 * it (frame n at n × den ÷ num seconds), so each label lines up with the song position it names.
 * Bi-phase mark: the level flips at every bit boundary, and in the middle of a bit that is 1.
 * Each sample is the mean of the ideal square wave over its span, so an edge crosses over one
 * sample (10–90 % in 0.8 sample, 17 µs at 48 kHz; SMPTE asks for 25 ± 5 µs), not in zero time.
 */
export function encodeLtc(o: LtcOptions): Float32Array {
  const levelDb = o.levelDb ?? LTC_LEVEL_DB;
  if (!(o.sampleRate >= 8000) || !Number.isInteger(o.samples) || o.samples < 0 || !(o.startSeconds >= 0) || !(levelDb <= 0))
    throw invalidArgument('LTC needs a sample rate of 8 kHz or more, a whole count of samples, a start at 0 s or later and a level at or below 0 dBFS');
  const out = new Float32Array(o.samples);
  if (o.samples === 0) return out;
  const amp = 10 ** (levelDb / 20);
  const r = RATE_INFO[o.rate];
  // Half-bits in the song's clock: 160 a frame at num/den frames per second; h counts from the song's 00:00:00:00.
  const halfPerSecond = (160 * r.num) / r.den;
  const samplesPerHalf = o.sampleRate / halfPerSecond;
  const t0 = o.startSeconds;
  const firstFrame = Math.floor((t0 * r.num) / r.den + 1e-9);
  const lastSample = o.samples;
  // Every frame starts on the same polarity (its zeros are even), so the level can start low at any frame.
  let level = -1;
  let frame = firstFrame;
  let bits = ltcFrameBits(timecodeAt(0, frame + o.offsetFrames, o.rate).timecode, o.rate);
  for (let h = frame * 160; ; h++) {
    const k = h - frame * 160;
    if (k === 160) {
      frame++;
      bits = ltcFrameBits(timecodeAt(0, frame + o.offsetFrames, o.rate).timecode, o.rate);
    }
    const half = h - frame * 160;
    if (half % 2 === 0 || bits[half >> 1] === 1) level = -level;
    // This half-bit spans [a, b) in samples from the render's start; add its share to each sample it covers.
    const a = (h / halfPerSecond - t0) * o.sampleRate;
    const b = a + samplesPerHalf;
    if (a >= lastSample) break;
    if (b <= 0) continue;
    const from = Math.max(0, a);
    const to = Math.min(lastSample, b);
    for (let i = Math.floor(from); i < to; i++) {
      const overlap = Math.min(to, i + 1) - Math.max(from, i);
      if (overlap > 0) out[i] += level * amp * overlap;
    }
  }
  return out;
}
