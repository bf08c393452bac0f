// The stepping and value math of LX 1.2.1's periodic modulators, as allocation-free state and pure
// functions that the engine's modulator components wrap. All in double, as LX computes them
// (a modulator's `getValuef()` is `Math.fround(value)`). Verified sample-for-sample against
// lfo_values.json (test/light/modulation/lfo-values.test.ts).
//
// How an LX range LFO produces its value each frame (SinLFO, SawLFO, SquareLFO, TriangleLFO,
// LinearEnvelope, QuadraticEnvelope, VariableLFO):
//   state.advance(deltaMs, periodMs, looping)          // LXPeriodicModulator.computeValue
//   value = rangeValue(start, end, shape(state.basis)) // LXRangeModulator.computeValue
// `start`, `end` and `periodMs` are read live every frame (they may be parameters or modulators).
// A freshly constructed modulator has basis 0 and value = start; frame k of a modulator started
// before frame 0 sees basis (k + 1)·deltaMs/period (mod 1).

import { javaPow, javaSin } from './java-math.js';
import type { Waveshape } from './waveshapes.js';

const TWO_PI = Math.PI * 2; // LX.TWO_PI (double)
const HALF_PI = Math.PI / 2; // LX.HALF_PI (double)

/**
 * The basis of an LXPeriodicModulator and its per-frame flags. Owned by one modulator; `advance`
 * is called once per frame while it runs.
 *
 * LX quirks kept here:
 * - A looping basis that reaches 1 wraps to `basis % 1`, so one landing exactly on 1.0 becomes 0
 *   (three steps of (1000/60)/50 sum to exactly 1.0: the Test pattern's default rate). Only
 *   VariableLFO's phase offset keeps a sum of exactly 1.0 (`variableLfoValue`).
 * - A negative period (NoisePattern's motion with a negative speed) makes the basis decrease below
 *   0 without any wrapping; range values then go below `start`. Golden noise_ridge_fbm depends on
 *   this (its Ridge pattern has yMotion −0.5).
 * - Period 0 jumps the basis straight to 1 (then 0 when looping).
 */
export class PeriodicState {
  /** Position in the cycle, normally in [0, 1). Saved in `.lxp` as `basis`. */
  basis = 0;
  /** True on a frame where the basis reached 1 and looping was on (`loop()` in LX; a Click
   * modulator is 1 exactly on these frames). */
  looped = false;
  /** True on a frame where a non-looping modulator reached 1 (`finished()`); LX then stops it. */
  finished = false;
  /** Set when finished: the next start() rewinds the basis to 0 (see `onStart`). */
  needsReset = false;
  /** How many cycles wrapped on the last step (LX's numLoops: 0, or 1 unless the period is tiny). */
  numLoops = 0;

  /**
   * Free-running step (no tempo sync, no manual basis): basis += deltaMs / periodMs, then the
   * end-of-cycle rule. Returns true when the modulator must stop (non-looping and finished).
   */
  advance(deltaMs: number, periodMs: number, looping: boolean): boolean {
    this.clearFlags();
    if (periodMs === 0) this.basis = 1;
    else this.basis += deltaMs / periodMs;
    return this.endOfCycle(looping);
  }

  /**
   * Tempo-synced without lock: the period is the tempo's beat period scaled by the division's
   * multiplier (basis += deltaMs / beatPeriodMs · multiplier). Returns true when it must stop.
   */
  advanceTempo(deltaMs: number, beatPeriodMs: number, multiplier: number, looping: boolean): boolean {
    this.clearFlags();
    this.basis += (deltaMs / beatPeriodMs) * multiplier;
    return this.endOfCycle(looping);
  }

  /** `manualBasis` mode: the basis is the `basisIn` value as given, with no end-of-cycle logic. */
  setManual(basisIn: number): void {
    this.clearFlags();
    this.basis = basisIn;
  }

  /**
   * Tempo-locked step: the basis is the tempo division's phase (always < 1). `cyclesElapsed` is
   * how far the division's cycle count moved since the last frame (0 when unchanged, or when
   * the modulator was just restarted or reset). A move is a loop for a looping modulator; a
   * one-shot jumps to 1 and finishes. Returns true when the modulator must stop.
   */
  advanceLocked(basis: number, cyclesElapsed: number, looping: boolean): boolean {
    this.clearFlags();
    this.basis = basis;
    if (cyclesElapsed !== 0) {
      if (looping) {
        this.looped = true;
        this.numLoops = cyclesElapsed > 0 ? cyclesElapsed : 1;
      } else {
        this.basis = 1;
      }
    }
    return this.endOfCycle(looping);
  }

  /** Clears the per-frame flags (LX does this at the start of every loop). */
  clearFlags(): void {
    this.looped = false;
    this.finished = false;
    this.needsReset = false;
    this.numLoops = 0;
  }

  /** LX `setBasis`: clamps to [0, 1] (used on load from `.lxp` and by code). */
  setBasis(basis: number): void {
    this.basis = basis < 0 ? 0 : basis > 1 ? 1 : basis;
  }

  /** LX `onReset` (trigger / reset): basis 0. */
  reset(): void {
    this.basis = 0;
    this.needsReset = false;
  }

  /** Call when the modulator is (re)started: a finished one-shot starts again from 0. */
  onStart(): void {
    if (this.needsReset) this.basis = 0;
  }

  private endOfCycle(looping: boolean): boolean {
    if (this.basis >= 1) {
      if (looping) {
        this.looped = true;
        this.numLoops = Math.trunc(this.basis);
        this.basis = this.basis % 1;
      } else {
        this.basis = 1;
        this.finished = true;
        this.needsReset = true;
        return true;
      }
    }
    return false;
  }
}

// ---- LXRangeModulator ---------------------------------------------------------------------------

/** LXRangeModulator value: start when start == end, else start + normalized · (end − start). */
export function rangeValue(start: number, end: number, normalized: number): number {
  if (start === end) return start;
  return start + normalized * (end - start);
}

/** LXRangeModulator `getNormalized`: (value − start) / (end − start), 0 when start == end. */
export function rangeNormalized(value: number, start: number, end: number): number {
  if (start === end) return 0;
  return (value - start) / (end - start);
}

/** LXRangeModulator `setValue` first clamps the requested value into [min(start,end), max(start,end)]. */
export function rangeClamp(value: number, start: number, end: number): number {
  const min = start < end ? start : end;
  const max = start < end ? end : start;
  return value < min ? min : value > max ? max : value;
}

/** An inverse shape: a basis at which the shape takes `normalized`, given the current basis. */
type ShapeInverse = (basis: number, normalized: number) => number;

/**
 * LXRangeModulator `setValue(value)` → the new basis (the value itself becomes
 * rangeClamp(value, start, end)). 0 when start == end.
 */
export function rangeBasisForValue(value: number, start: number, end: number, basis: number, inverse: ShapeInverse): number {
  if (start === end) return 0;
  return inverse(basis, rangeNormalized(rangeClamp(value, start, end), start, end));
}

// ---- stock shapes (normalized value of a basis, and their inverses) -----------------------------

/** SinLFO: (1 + sin(2πb − π/2)) / 2, starting at `start`, reaching `end` at b = ½. */
export function sinLfoShape(basis: number): number {
  return (1 + javaSin(basis * TWO_PI - HALF_PI)) / 2;
}

/** SinLFO inverse: asin, mirrored when the current basis is past ½. */
export function sinLfoInverse(basis: number, normalized: number): number {
  let angle = Math.asin(-1 + 2 * normalized);
  if (basis > 0.5) angle = Math.PI - angle;
  return (angle + HALF_PI) / TWO_PI;
}

/** SawLFO and LinearEnvelope: b. */
export function sawLfoShape(basis: number): number {
  return basis;
}

/** SawLFO / LinearEnvelope inverse. */
export function sawLfoInverse(_basis: number, normalized: number): number {
  return normalized;
}

/** TriangleLFO: 2b, then 1 − 2(b − ½). */
export function triangleLfoShape(basis: number): number {
  return basis < 0.5 ? 2 * basis : 1 - 2 * (basis - 0.5);
}

/** TriangleLFO inverse: rising half while the current basis is below ½. */
export function triangleLfoInverse(basis: number, normalized: number): number {
  return basis < 0.5 ? normalized / 2 : 1 - normalized / 2;
}

/** SquareLFO: 0 for b < ½, else 1. */
export function squareLfoShape(basis: number): number {
  return basis < 0.5 ? 0 : 1;
}

/** SquareLFO inverse: 0 → basis 0, otherwise ½. */
export function squareLfoInverse(_basis: number, normalized: number): number {
  return normalized === 0 ? 0 : 0.5;
}

/** QuadraticEnvelope easing modes, in LX's enum order. */
export const QUADRATIC_EASES = Object.freeze(['IN', 'OUT', 'BOTH'] as const);
type QuadraticEase = (typeof QUADRATIC_EASES)[number];

/**
 * QuadraticEnvelope (non-looping, exponent 2 by default): IN b^e, OUT 1 − (1 − b)^e, BOTH
 * ½(2b)^e below ½ then ½ + ½(1 − (1 − 2(b − ½))^e).
 */
export function quadraticEnvelopeShape(basis: number, ease: QuadraticEase, exponent = 2): number {
  switch (ease) {
    case 'IN':
      return javaPow(basis, exponent);
    case 'OUT':
      return 1 - javaPow(1 - basis, exponent);
    case 'BOTH':
      if (basis < 0.5) return 0.5 * javaPow(2 * basis, exponent);
      return 0.5 + 0.5 * (1 - javaPow(1 - 2 * (basis - 0.5), exponent));
  }
}

/** QuadraticEnvelope inverse (LX always uses square roots here, whatever the exponent). */
export function quadraticEnvelopeInverse(ease: QuadraticEase, normalized: number): number {
  switch (ease) {
    case 'IN':
      return Math.sqrt(normalized);
    case 'OUT':
      return 1 - Math.sqrt(1 - normalized);
    case 'BOTH':
      if (normalized < 0.5) return Math.sqrt(normalized * 2) / 2;
      return 0.5 + (1 - Math.sqrt(1 - (normalized - 0.5) * 2)) / 2;
  }
}

// ---- VariableLFO ---------------------------------------------------------------------------------

/**
 * VariableLFO's value (0..1) at `basis`, composed exactly as LX 1.2.1 does, in this order:
 * 1. phase: b = basis + phase, and b % 1 only if b > 1 (b = 1.0 stays 1.0);
 * 2. bias (if ≠ 0): midpoint m = .25 − .15·bias, power 1 + 3|bias|, applied piecewise on the four
 *    segments [0,m), [m,½), [½,½+(½−m)), [½+(½−m),1] so that 0, m, ½, 1−m... keep their place;
 * 3. skew: b^(1+3s) for s ≥ 0, b^(1/(1−3s)) for s < 0;
 * 4. v = wave(b);
 * 5. shape: power 1−3s for s ≤ 0, 1/(1+3s) for s > 0, applied symmetrically about ½;
 * 6. exp: v^(1+3e) for e ≥ 0, v^(1/(1−3e)) for e < 0.
 * Each power step is skipped when its power is exactly 1. The engine passes the effective
 * (modulated) values of the phase, bias, skew, shape and exp parameters.
 */
export function variableLfoValue(wave: Waveshape, basis: number, phase: number, bias: number, skew: number, shape: number, exp: number): number {
  basis = basis + phase;
  if (basis > 1) basis = basis % 1;

  if (bias !== 0) {
    const biasPower = 1 + 3 * Math.abs(bias);
    const midp = 0.25 - 0.15 * bias;
    const midInv = 1 / midp;
    const midAlt = 0.5 - midp;
    const midAltInv = 1 / midAlt;
    if (basis < midp) basis = midp * javaPow(midInv * basis, biasPower);
    else if (basis < 0.5) basis = 0.5 - midAlt * javaPow(midAltInv * (0.5 - basis), biasPower);
    else if (basis < 0.5 + midAlt) basis = 0.5 + midAlt * javaPow(midAltInv * (basis - 0.5), biasPower);
    else basis = 1 - midp * javaPow(midInv * (1 - basis), biasPower);
  }

  const skewPower = skew >= 0 ? 1 + 3 * skew : 1 / (1 - 3 * skew);
  if (skewPower !== 1) basis = javaPow(basis, skewPower);

  let value = wave.compute(basis);

  const shapePower = shape <= 0 ? 1 - 3 * shape : 1 / (1 + 3 * shape);
  if (shapePower !== 1) {
    if (value >= 0.5) value = 0.5 + 0.5 * javaPow(2 * (value - 0.5), shapePower);
    else value = 0.5 - 0.5 * javaPow(2 * (0.5 - value), shapePower);
  }

  const expPower = exp >= 0 ? 1 + 3 * exp : 1 / (1 - 3 * exp);
  if (expPower !== 1) value = javaPow(value, expPower);
  return value;
}

/**
 * VariableLFO's inverse (used by setValue): LX inverts the bare waveshape only, ignoring phase,
 * bias, skew, shape and exp.
 */
export function variableLfoInverse(wave: Waveshape, basis: number, normalized: number): number {
  return wave.invert(normalized, basis);
}
