// A device's native parameters, declared beside its DSP (one file per device): an exact string
// id, a native domain, a default and a display scale. The catalog (src/sound/model/catalog.ts)
// lists them; units.ts displays and resolves them; the plan hands the DSP their physical values.

/** The unit a native value displays in. */
export type DisplayUnit = 'Hz' | 'dB' | '%' | 'ms' | 'st' | 'note' | '';

/** How a native number maps to its display number. */
export type NativeScale =
  /** display = native × factor + offset */
  | { readonly kind: 'linear'; readonly unit: DisplayUnit; readonly factor: number; readonly offset: number }
  /** native 0–1; display = lo × (hi / lo)^native (frequencies, times) */
  | { readonly kind: 'exp'; readonly unit: DisplayUnit; readonly lo: number; readonly hi: number }
  /** native linear gain ≥ 0; display = 20·log10(native) dB */
  | { readonly kind: 'gain'; readonly unit: 'dB' };

export const linear = (unit: DisplayUnit, factor = 1, offset = 0): NativeScale => ({ kind: 'linear', unit, factor, offset });
export const exp = (unit: DisplayUnit, lo: number, hi: number): NativeScale => ({ kind: 'exp', unit, lo, hi });
export const gain: NativeScale = { kind: 'gain', unit: 'dB' };

/** A native parameter: an exact string id (any characters), a native domain and a display scale. */
export interface NativeParamSpec {
  readonly id: string;
  readonly name: string;
  readonly type: 'number' | 'boolean' | 'enum';
  /** Native domain. Booleans are 0–1; enums 0–(options−1). */
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** Numbers only: how the native value displays. */
  readonly scale?: NativeScale;
  /** Enums only: option labels by native index. */
  readonly options?: readonly string[];
  /** Numbers that take whole values only (voice counts, keys). */
  readonly integer?: boolean;
}

export const num = (id: string, name: string, min: number, max: number, def: number, scale: NativeScale): NativeParamSpec => ({
  id,
  name,
  type: 'number',
  min,
  max,
  default: def,
  scale,
});
export const bool = (id: string, name: string, def: boolean): NativeParamSpec => ({ id, name, type: 'boolean', min: 0, max: 1, default: def ? 1 : 0 });
export const choice = (id: string, name: string, options: readonly string[], def = 0): NativeParamSpec => ({
  id,
  name,
  type: 'enum',
  min: 0,
  max: options.length - 1,
  default: def,
  options,
});

// Shared shapes.
export const pct = (id: string, name: string, def: number): NativeParamSpec => num(id, name, 0, 1, def, linear('%', 100));
export const freq = (id: string, name: string, def: number): NativeParamSpec => num(id, name, 0, 1, def, exp('Hz', 20, 20000));
export const time = (id: string, name: string, def: number, lo = 0.1, hi = 20000): NativeParamSpec => num(id, name, 0, 1, def, exp('ms', lo, hi));
export const level = (id: string, name: string, def = 1): NativeParamSpec => num(id, name, 0, 2, def, gain);
export const semis = (id: string, name: string, range: number, def = 0): NativeParamSpec => num(id, name, -range, range, def, linear('st'));
export const rate = (id: string, name: string, def: number): NativeParamSpec => num(id, name, 0, 1, def, exp('Hz', 0.01, 100));
export const whole = (id: string, name: string, min: number, max: number, def: number, scale: NativeScale): NativeParamSpec => ({
  ...num(id, name, min, max, def, scale),
  integer: true,
});

/** Polyphony of an instrument: how many notes sound at once (the oldest voice is stolen; 1 = mono, played legato). */
export const MAX_VOICES = 32;
export const voices = (def = 8): NativeParamSpec => whole('VOICES', 'Voices', 1, MAX_VOICES, def, linear(''));

/**
 * Tempo-synced note values, in quarter-note beats: the Arpeggiator's step (RATE_SYNC) and the
 * Delay+'s time (TIME_SYNC). With SYNC on they follow the transport tempo; with it off, the
 * free RATE in Hz or TIME in ms applies.
 */
export const SYNC_NOTE_VALUES: readonly { readonly label: string; readonly beats: number }[] = [
  { label: '1/1', beats: 4 },
  { label: '1/2', beats: 2 },
  { label: '1/4', beats: 1 },
  { label: '1/8', beats: 0.5 },
  { label: '1/16', beats: 0.25 },
  { label: '1/32', beats: 0.125 },
  { label: '1/4T', beats: 2 / 3 },
  { label: '1/8T', beats: 1 / 3 },
  { label: '1/16T', beats: 1 / 6 },
  { label: '1/4.', beats: 1.5 },
  { label: '1/8.', beats: 0.75 },
  { label: '1/16.', beats: 0.375 },
];
