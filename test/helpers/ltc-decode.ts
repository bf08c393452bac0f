// An LTC reader for tests, written from SMPTE 12M and independent of the encoder: it finds the
// zero crossings of the signal, tells full bits (a 0) from pairs of half bits (a 1) by their
// length, and reads a frame wherever the last 16 bits are the sync word.

export interface DecodedLtc {
  /** `HH:MM:SS:FF`, or `HH:MM:SS;FF` when the drop-frame flag is set. */
  readonly label: string;
  readonly drop: boolean;
  /** Where the frame's first bit starts, in samples (sub-sample, from the crossing). */
  readonly start: number;
  /** The frame's bits had an even count of zeros (the polarity-correction bit did its job). */
  readonly evenZeros: boolean;
  /** User bits, colour frame and binary group flags: all zero in what Footlight writes. */
  readonly spareBits: number;
}

const SYNC = '0011111111111101';

function field(bits: readonly number[], at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v |= bits[at + i] << i;
  return v;
}

export function decodeLtc(samples: Float32Array, fps = 30): DecodedLtc[] {
  // Crossings with a little hysteresis, placed between samples by linear interpolation.
  const crossings: number[] = [];
  let sign = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    const s = v > 0.02 ? 1 : v < -0.02 ? -1 : 0;
    if (s === 0 || s === sign) continue;
    // The signal's first edge, out of silence (or at sample 0), counts as a crossing: a frame may start there.
    if (sign === 0) crossings.push(i);
    else {
      let j = i;
      while (j > 0 && Math.sign(samples[j - 1]) === s) j--;
      const a = samples[j - 1];
      const b = samples[j];
      crossings.push(j - 1 + (a === b ? 0 : a / (a - b)));
    }
    sign = s;
  }
  const bits: number[] = [];
  const starts: number[] = [];
  const out: DecodedLtc[] = [];
  // Nominal bit length from the frame rate is only a starting guess: a bit longer than ¾ of it is a 0.
  let bitLength = 48000 / (fps * 80);
  if (crossings.length > 2) {
    const gaps = crossings.slice(1, 400).map((c, i) => c - crossings[i]);
    bitLength = Math.max(...gaps);
  }
  let i = 0;
  while (i + 1 < crossings.length) {
    const d = crossings[i + 1] - crossings[i];
    if (d < 0.3 * bitLength) {
      // Too short for a half bit: a glitch, or the signal's start just before an edge. Read on from the next crossing.
      i += 1;
      continue;
    }
    if (d > 0.75 * bitLength) {
      bits.push(0);
      starts.push(crossings[i]);
      i += 1;
    } else {
      bits.push(1);
      starts.push(crossings[i]);
      i += 2;
    }
    const n = bits.length;
    if (n >= 80 && bits.slice(n - 16).join('') === SYNC) {
      const w = bits.slice(n - 80);
      const frames = field(w, 0, 4) + 10 * field(w, 8, 2);
      const seconds = field(w, 16, 4) + 10 * field(w, 24, 3);
      const minutes = field(w, 32, 4) + 10 * field(w, 40, 3);
      const hours = field(w, 48, 4) + 10 * field(w, 56, 2);
      const drop = w[10] === 1;
      const two = (v: number) => String(v).padStart(2, '0');
      let zeros = 0;
      for (const b of w) zeros += 1 - b;
      // Spare bits: the four-bit user groups, colour frame (11) and the two flags that are not polarity at this rate.
      let spare = 0;
      for (const at of [4, 12, 20, 28, 36, 44, 52, 60]) spare |= field(w, at, 4);
      spare |= w[11] | w[58] | (fps === 25 ? w[27] | w[43] : w[43] | w[59]);
      out.push({
        label: `${two(hours)}:${two(minutes)}:${two(seconds)}${drop ? ';' : ':'}${two(frames)}`,
        drop,
        start: starts[n - 80],
        evenZeros: zeros % 2 === 0,
        spareBits: spare,
      });
    }
  }
  return out;
}
