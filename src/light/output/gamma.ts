// Gamma, brightness and white-point tables (LX's GammaTable). Outputs never scale the frame
// buffer: each segment picks one of 256 brightness levels, and every color byte is looked up in
// that level's curve for its channel. One table holds 4 channels × 256 levels × 256 inputs.

export const CHANNEL_RED = 0;
export const CHANNEL_GREEN = 1;
export const CHANNEL_BLUE = 2;
export const CHANNEL_WHITE = 3;

/** Java's Math.round for the non-negative values used here (ties round up, exactly). */
function javaRound(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

const INV_255_2 = 1 / (255 * 255);
const INV_255_3 = 1 / (255 * 255 * 255);

/** One table entry: the byte sent for input `value` at brightness `level` (both 0–255), as LX computes it. */
export function gammaValue(value: number, level: number, whitePoint: number, gamma: number): number {
  if (gamma === 1) return javaRound(value * level * whitePoint * INV_255_2) & 0xff;
  return javaRound(Math.pow(value * level * whitePoint * INV_255_3, gamma) * 255) & 0xff;
}

/** The offset of a curve in `GammaTable.lut`: add the input byte to it. */
export function curveOffset(channel: number, level: number): number {
  return (channel << 16) | (level << 8);
}

/**
 * The lookup table of one output group. Rebuilt only when gamma or a white point changes; the
 * encoders read `lut[curveOffset(channel, level) + input]`.
 */
export class GammaTable {
  readonly lut = new Uint8Array(4 * 256 * 256);
  private gamma = NaN;
  private readonly whitePoint = new Float64Array([NaN, NaN, NaN, NaN]);

  /** Rebuilds the curves if any input changed; returns true when it did. */
  update(gamma: number, wpRed: number, wpGreen: number, wpBlue: number, wpWhite: number): boolean {
    const wp = this.whitePoint;
    if (gamma === this.gamma && wp[0] === wpRed && wp[1] === wpGreen && wp[2] === wpBlue && wp[3] === wpWhite) return false;
    this.gamma = gamma;
    wp[0] = wpRed;
    wp[1] = wpGreen;
    wp[2] = wpBlue;
    wp[3] = wpWhite;
    const lut = this.lut;
    for (let ch = 0; ch < 4; ch++) {
      const w = wp[ch];
      // Channels with the same white point share their curves: copy instead of recomputing.
      let same = -1;
      for (let prev = 0; prev < ch; prev++) if (wp[prev] === w) same = prev;
      if (same >= 0) {
        lut.copyWithin(ch << 16, same << 16, (same + 1) << 16);
        continue;
      }
      for (let level = 0; level < 256; level++) {
        const base = curveOffset(ch, level);
        for (let v = 0; v < 256; v++) lut[base + v] = gammaValue(v, level, w, gamma);
      }
    }
    return true;
  }
}

/**
 * The level (0–255) LX picks for an output: the chain of output brightnesses (master fader in
 * PRE mode × /lx/output × the structure output) times the segment's (fixture brightnesses),
 * multiplied in LX's order.
 */
export function brightnessLevel(chain: number, segment = 1): number {
  const level = javaRound(255 * chain * segment);
  return level < 0 ? 0 : level > 255 ? 255 : level;
}
