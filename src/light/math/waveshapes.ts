// LX 1.2.1 `LXWaveshape`: functions from a basis in [0, 1] to a value in [0, 1], each with an
// inverse that LX uses to find a basis for a value (LXRangeModulator.setValue). Doubles throughout,
// as in LX. Sine uses the correctly rounded sine (java-math.ts) because LX's `Math.sin` is the
// HotSpot intrinsic; the inverse uses `Math.asin`, which Java runs as fdlibm, the same as V8.

import { javaSin } from './java-math.js';

const TWO_PI = Math.PI * 2; // LX.TWO_PI, a double
const HALF_PI = Math.PI / 2; // LX.HALF_PI, a double

export interface Waveshape {
  /** Display name, as LX's `toString()` (what choosers show). */
  readonly name: WaveshapeName;
  /** Value in [0, 1] at `basis` in [0, 1]. */
  compute(basis: number): number;
  /** A basis at which the shape takes `value`; `basisHint` (the current basis) picks the branch. */
  invert(value: number, basisHint: number): number;
}

type WaveshapeName = 'Sine' | 'Triangle' | 'Up' | 'Down' | 'Square';

/** LXWaveshape.SIN: ½(1 + sin(2πb − π/2)); 0 at b = 0, 1 at b = ½. */
export const SINE: Waveshape = {
  name: 'Sine',
  compute(basis: number): number {
    return 0.5 * (1 + javaSin(basis * TWO_PI - HALF_PI));
  },
  invert(value: number, basisHint: number): number {
    let angle = Math.asin(-1 + 2 * value);
    if (basisHint > 0.5) angle = Math.PI - angle;
    return (angle + HALF_PI) / TWO_PI;
  },
};

/** LXWaveshape.TRI: 2b below ½, then 1 − 2(b − ½). */
export const TRIANGLE: Waveshape = {
  name: 'Triangle',
  compute(basis: number): number {
    return basis < 0.5 ? 2 * basis : 1 - 2 * (basis - 0.5);
  },
  invert(value: number, basisHint: number): number {
    return basisHint < 0.5 ? value / 2 : 1 - value / 2;
  },
};

/** LXWaveshape.UP (saw): b. */
export const UP: Waveshape = {
  name: 'Up',
  compute(basis: number): number {
    return basis;
  },
  invert(value: number): number {
    return value;
  },
};

/** LXWaveshape.DOWN: 1 − b. */
export const DOWN: Waveshape = {
  name: 'Down',
  compute(basis: number): number {
    return 1 - basis;
  },
  invert(value: number): number {
    return 1 - value;
  },
};

/** LXWaveshape.SQUARE: 0 below ½, else 1. Inverse: 0 → basis 0, anything else → ½. */
export const SQUARE: Waveshape = {
  name: 'Square',
  compute(basis: number): number {
    return basis < 0.5 ? 0 : 1;
  },
  invert(value: number): number {
    return value === 0 ? 0 : 0.5;
  },
};

/** The five shapes in the order the LXWaveshape interface declares them. */
export const WAVESHAPES: readonly Waveshape[] = Object.freeze([SINE, TRIANGLE, UP, DOWN, SQUARE]);

// Chooser option lists. `.lxp` files store an ObjectParameter as its index, so each list's order
// is part of the file format (reference §10, "Obj" rows, observed from LX 1.2.1).

/** VariableLFO `wave` and StrobeEffect `waveshape`: Sine, Triangle, Square, Up, Down. */
export const VARIABLE_LFO_WAVES: readonly Waveshape[] = Object.freeze([SINE, TRIANGLE, SQUARE, UP, DOWN]);
/** ChasePattern `waveshape`: Sine, Triangle, Up, Down. */
export const CHASE_WAVES: readonly Waveshape[] = Object.freeze([SINE, TRIANGLE, UP, DOWN]);
/** SparklePattern and SparkleEffect `waveshape`: Triangle, Sine, Up, Down, Square. */
export const SPARKLE_WAVES: readonly Waveshape[] = Object.freeze([TRIANGLE, SINE, UP, DOWN, SQUARE]);

/** The shape with this display name, or undefined. */
export function waveshapeByName(name: string): Waveshape | undefined {
  for (const w of WAVESHAPES) if (w.name === name) return w;
  return undefined;
}
