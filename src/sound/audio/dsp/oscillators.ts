/** PolyBLEP residual for a discontinuity at phase 0 (t in [0,1), dt = phase increment). */
function blep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** Band-limited saw (PolyBLEP), −1…1. */
export function saw(phase: number, dt: number): number {
  return 2 * phase - 1 - blep(phase, dt);
}

/** Band-limited pulse of width w (PolyBLEP), −1…1. */
export function pulse(phase: number, dt: number, w: number): number {
  let v = phase < w ? 1 : -1;
  v += blep(phase, dt);
  let t2 = phase - w;
  if (t2 < 0) t2 += 1;
  v -= blep(t2, dt);
  return v;
}

function triangle(phase: number): number {
  return phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase;
}

export const TWO_PI = 2 * Math.PI;

/** Waveforms by the catalog's option index: Saw, Pulse, Sine, Triangle. */
export function wave(shape: number, phase: number, dt: number): number {
  switch (shape) {
    case 0:
      return saw(phase, dt);
    case 1:
      return pulse(phase, dt, 0.5);
    case 2:
      return Math.sin(TWO_PI * phase);
    default:
      return triangle(phase);
  }
}

/** LFO shapes by option index: Sine, Triangle, Saw, Square (bipolar, −1…1). */
export function lfoShape(shape: number, phase: number): number {
  switch (shape) {
    case 0:
      return Math.sin(TWO_PI * phase);
    case 1:
      return triangle(phase);
    case 2:
      return 2 * phase - 1;
    default:
      return phase < 0.5 ? 1 : -1;
  }
}
