// Small pieces of LX 1.2.1's NoisePattern and NoiseModulator math that sit next to the noise
// functions: the algorithm list, the motion period of NoisePattern's internal SawLFOs and
// NoiseModulator's basis step and sample. Verified through golden noise_perlin / noise_ridge_fbm.

import { fbmNoise3, perlinNoise3, ridgeNoise3, turbulenceNoise3 } from './perlin.js';

/** NoisePattern / NoiseModulator `algorithm` options in enum order (saved as ordinal + `/name`). */
export const NOISE_ALGORITHMS = Object.freeze([
  { name: 'PERLIN', label: 'Perlin' },
  { name: 'RIDGE', label: 'Ridge' },
  { name: 'FBM', label: 'FBM' },
  { name: 'TURBULENCE', label: 'Turbulence' },
  { name: 'STATIC', label: 'Static' },
] as const);
type NoiseAlgorithm = (typeof NOISE_ALGORITHMS)[number]['name'];

/**
 * Period in ms of one of NoisePattern's three motion SawLFOs (start 0, end 256, looping):
 * 6 000 000 / (speedRange · speed · |speed| · motionDamped · axisMotion), in double, multiplied
 * left to right as LX does. speed = `motionSpeed`, speedRange = `motionSpeedRange`, motionDamped =
 * the 0..1 ramp of the `motion` toggle (1 while motion is on), axisMotion = `xMotion`/`yMotion`/
 * `zMotion`. A zero factor gives ±Infinity (the axis stands still: deltaMs/∞ = 0); a negative
 * product gives a negative period and the basis runs below 0 unwrapped (see PeriodicState).
 * The axis offset the pattern adds is `Math.fround(256 · basis)` (the LFO's getValuef()).
 */
export function noiseMotionPeriodMs(speed: number, speedRange: number, motionDamped: number, axisMotion: number): number {
  return 6000000 / (speedRange * speed * Math.abs(speed) * motionDamped * axisMotion);
}

/**
 * NoiseModulator's basis step (double): (256 + (basis + deltaMs·0.001·speedRange·speed) % 256) % 256,
 * with Java's `%` (sign of the dividend), so the basis stays in [0, 256).
 */
export function noiseModulatorStep(basis: number, deltaMs: number, speedRange: number, speed: number): number {
  return (256 + ((basis + deltaMs * 0.001 * speedRange * speed) % 256)) % 256;
}

/**
 * NoiseModulator's noise sample at `basis` (the modulator passes `(float) basis` as x, with y = z = 0).
 * Perlin uses the seed; Ridge, FBM and Turbulence ignore it, as in LX. STATIC is random in LX
 * (−1 + 2·Math.random()); pass the caller's seeded random value in `staticValue`.
 * The modulator's value is then clamp(level + contrast · sample, min, max), in double.
 */
export function noiseModulatorSample(
  algorithm: NoiseAlgorithm,
  basis: number,
  seed: number,
  octaves: number,
  lacunarity: number,
  gain: number,
  ridgeOffset: number,
  staticValue: number,
): number {
  const x = Math.fround(basis);
  switch (algorithm) {
    case 'RIDGE':
      return ridgeNoise3(x, 0, 0, lacunarity, gain, ridgeOffset, octaves);
    case 'FBM':
      return fbmNoise3(x, 0, 0, lacunarity, gain, octaves);
    case 'TURBULENCE':
      return turbulenceNoise3(x, 0, 0, lacunarity, gain, octaves);
    case 'STATIC':
      return staticValue;
    case 'PERLIN':
      return perlinNoise3(x, 0, 0, seed);
  }
}
