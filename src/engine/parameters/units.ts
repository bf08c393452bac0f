/**
 * Units and polarity of numeric parameters, with LX's display rules. Formatting is for people
 * (console labels, payload `formatted`); machines read the raw value.
 */
export type Units =
  | 'none'
  | 'integer'
  | 'percent'
  | 'percentNormalized'
  | 'seconds'
  | 'milliseconds'
  | 'millisecondsRaw'
  | 'hertz'
  | 'decibels'
  | 'midiNote'
  | 'degrees'
  | 'radians'
  | 'clock';

export type Polarity = 'unipolar' | 'bipolar';

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

function formatMillis(ms: number): string {
  if (ms < 1000) return `${Math.trunc(ms)}ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(2)}s`;
  const totalSeconds = Math.trunc(ms / 1000);
  const h = Math.trunc(totalSeconds / 3600);
  const m = Math.trunc((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function formatHertz(v: number): string {
  if (v >= 10000) return `${(v / 1000).toFixed(1)}kHz`;
  if (v >= 1000) return `${(v / 1000).toFixed(2)}kHz`;
  if (v >= 100) return `${Math.trunc(v)}Hz`;
  if (v >= 10) return `${v.toFixed(1)}Hz`;
  return `${v.toFixed(2)}Hz`;
}

/** LX's display string for a value in the given units. */
export function formatValue(v: number, units: Units): string {
  switch (units) {
    case 'integer':
      return String(Math.trunc(v));
    case 'percent':
      return `${Math.trunc(v)}%`;
    case 'percentNormalized':
      return `${Math.trunc(100 * v)}%`;
    case 'seconds':
      return formatMillis(v * 1000);
    case 'milliseconds':
    case 'millisecondsRaw':
      return formatMillis(v);
    case 'hertz':
      return formatHertz(v);
    case 'decibels':
      return `${v.toFixed(1)}dB`;
    case 'midiNote': {
      const n = Math.trunc(v);
      return `${NOTE_NAMES[((n % 12) + 12) % 12]}${Math.floor(n / 12) - 1}`;
    }
    case 'degrees':
      return `${Math.round(v)}°`;
    case 'clock':
      return String(Math.trunc(v)).padStart(2, '0');
    default:
      return v.toFixed(2);
  }
}

/** Units whose OSC value is absolute rather than normalized (LX flips the OSC mode for them). */
export function isAbsoluteOscUnits(units: Units): boolean {
  return units === 'integer' || units === 'seconds' || units === 'milliseconds' || units === 'millisecondsRaw' || units === 'midiNote' || units === 'clock';
}
