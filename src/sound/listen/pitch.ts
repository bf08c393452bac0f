/** YIN's absolute threshold on the cumulative mean normalized difference. */
const THRESHOLD = 0.15;

/**
 * The fundamental of a monophonic window by YIN (de Cheveigné & Kawahara 2002), between 40 Hz
 * and 2 kHz, with parabolic interpolation; null when the window has no clear single pitch
 * (a chord, noise, silence). `clarity` is 1 − the difference at the chosen lag.
 */
export function yin(x: Float32Array, rate: number): { hz: number; clarity: number } | null {
  const maxLag = Math.min(Math.floor(rate / 40), Math.floor(x.length / 2));
  const minLag = Math.floor(rate / 2000);
  const n = x.length - maxLag;
  const d = new Float64Array(maxLag + 1);
  for (let tau = 1; tau <= maxLag; tau++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const v = x[i] - x[i + tau];
      s += v * v;
    }
    d[tau] = s;
  }
  let running = 0;
  const cm = new Float64Array(maxLag + 1);
  cm[0] = 1;
  for (let tau = 1; tau <= maxLag; tau++) {
    running += d[tau];
    cm[tau] = running > 0 ? (d[tau] * tau) / running : 1;
  }
  for (let tau = Math.max(2, minLag); tau < maxLag; tau++) {
    if (cm[tau] < THRESHOLD) {
      while (tau + 1 < maxLag && cm[tau + 1] < cm[tau]) tau++;
      const a = cm[tau - 1];
      const b = cm[tau];
      const c = cm[tau + 1];
      const shift = a + c - 2 * b !== 0 ? (a - c) / (2 * (a + c - 2 * b)) : 0;
      return { hz: rate / (tau + shift), clarity: 1 - b };
    }
  }
  return null;
}

const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** MIDI key and name (C3 = key 60, as the host names keys) and cents off the nearest key. */
export function noteOf(hz: number): { key: number; name: string; cents: number } {
  const exact = 69 + 12 * Math.log2(hz / 440);
  const key = Math.round(exact);
  return { key, name: `${NAMES[((key % 12) + 12) % 12]}${Math.floor(key / 12) - 2}`, cents: Math.round((exact - key) * 100) };
}
