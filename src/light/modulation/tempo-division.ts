import type { Component } from '../../engine/component.js';
import type { EnumOption } from '../../engine/parameters/enum.js';

/**
 * LX's `Tempo.Division`, in LX's ordinal order (saved in `.lxp` files as the ordinal plus
 * `/name`). The order is historical, not by duration: 1/4T and 1/2T sit between 1/4 and 3/8.
 * `multiplier` is how many of the division fit in one beat.
 */
export const TEMPO_DIVISIONS = Object.freeze([
  { name: 'SIXTEENTH', label: '1/16', multiplier: 4 },
  { name: 'EIGHTH_TRIPLET', label: '1/8T', multiplier: 3 },
  { name: 'EIGHTH', label: '1/8', multiplier: 2 },
  { name: 'EIGHTH_DOT', label: '3/16', multiplier: 4 / 3 },
  { name: 'QUARTER', label: '1/4', multiplier: 1 },
  { name: 'QUARTER_TRIPLET', label: '1/4T', multiplier: 3 / 2 },
  { name: 'HALF_TRIPLET', label: '1/2T', multiplier: 3 / 4 },
  { name: 'QUARTER_DOT', label: '3/8', multiplier: 2 / 3 },
  { name: 'HALF', label: '1/2', multiplier: 1 / 2 },
  { name: 'HALF_DOT', label: '3/4', multiplier: 1 / 3 },
  { name: 'WHOLE', label: '1', multiplier: 1 / 4 },
  { name: 'WHOLE_DOT', label: '3/2', multiplier: 1 / 6 },
  { name: 'DOUBLE', label: '2', multiplier: 1 / 8 },
  { name: 'FOUR', label: '4', multiplier: 1 / 16 },
  { name: 'EIGHT', label: '8', multiplier: 1 / 32 },
  { name: 'SIXTEEN', label: '16', multiplier: 1 / 64 },
] as const);

/** Ordinal of `Tempo.Division.QUARTER`, the default of every division chooser. */
export const QUARTER = 4;

/** The division options of an EnumParameter (LX's EnumParameter<Tempo.Division>). */
export const TEMPO_DIVISION_CHOICES: readonly EnumOption[] = TEMPO_DIVISIONS.map((d) => ({ label: d.label, name: d.name }));

/**
 * LX's `Tempo.Quantization` (launch quantization choosers, saved as an index): None, then
 * the bar divisions EIGHT, FOUR, DOUBLE, WHOLE and the beat divisions HALF, QUARTER, EIGHTH,
 * SIXTEENTH. `division` is the ordinal in TEMPO_DIVISIONS, -1 for None.
 */
export const TEMPO_QUANTIZATIONS = Object.freeze([
  { label: 'None', name: 'NONE', division: -1 },
  { label: '8 Bars', name: 'EIGHT_BARS', division: 14 },
  { label: '4 Bars', name: 'FOUR_BARS', division: 13 },
  { label: '2 Bars', name: 'TWO_BARS', division: 12 },
  { label: '1 Bar', name: 'ONE_BAR', division: 10 },
  { label: '1/2', name: 'HALF', division: 8 },
  { label: '1/4', name: 'QUARTER', division: 4 },
  { label: '1/8', name: 'EIGHTH', division: 2 },
  { label: '1/16', name: 'SIXTEENTH', division: 0 },
] as const);

export const TEMPO_QUANTIZATION_CHOICES: readonly EnumOption[] = TEMPO_QUANTIZATIONS.map((q) => ({ label: q.label }));

/**
 * What periodic modulators read from the tempo clock (`/lx/tempo`). Divisions are ordinals of
 * TEMPO_DIVISIONS. All readings come from the smooth cursor, so they move with `deltaMs`.
 */
export interface TempoReader {
  /** Phase within the division, in [0, 1). */
  getBasis(division: number): number;
  /** How many whole divisions have elapsed. */
  getCycleCount(division: number): number;
  /** Milliseconds per beat. */
  beatPeriodMs(): number;
}

interface TempoLike {
  getBasis?(division: unknown): number;
  getCycleCount?(division: unknown): number;
  period?: { getValue(): number };
  beatPeriodMs?(): number;
}

/** A tempo that never moves: 120 bpm, phase 0. Used while a modulator has no engine. */
const STILL: TempoReader = {
  getBasis: () => 0,
  getCycleCount: () => 0,
  beatPeriodMs: () => 500,
};

/**
 * Adapts the engine's Tempo (whatever object `/lx/tempo` is) to TempoReader. Works as long as
 * it offers `getBasis(division)`, `getCycleCount(division)` and a beat period (`beatPeriodMs()`
 * or a `period` parameter in ms); otherwise returns a still 120 bpm clock. Call it when the
 * tempo object changes, not per frame (it allocates).
 */
export function adaptTempo(tempo: unknown): TempoReader {
  const t = tempo as TempoLike | undefined;
  if (t === undefined || t === null || typeof t.getBasis !== 'function' || typeof t.getCycleCount !== 'function') return STILL;
  return {
    getBasis: (d) => t.getBasis!(d),
    getCycleCount: (d) => t.getCycleCount!(d),
    beatPeriodMs: () => (typeof t.beatPeriodMs === 'function' ? t.beatPeriodMs() : t.period !== undefined ? t.period.getValue() : 500),
  };
}

/** Caches the TempoReader of a component's engine; re-adapts only when the tempo object changes. */
export class TempoLink {
  private tempo: unknown = undefined;
  private reader: TempoReader = STILL;

  constructor(private readonly owner: Component) {}

  get(): TempoReader {
    const t = tempoObjectOf(this.owner);
    if (t !== this.tempo) {
      this.tempo = t;
      this.reader = adaptTempo(t);
    }
    return this.reader;
  }
}

/** The `tempo` child of the light root above `c` (walks parents; no allocation). */
function tempoObjectOf(c: Component): unknown {
  for (let p: Component | null = c; p !== null; p = p.parent) {
    if ((p as { isLightRoot?: boolean }).isLightRoot === true) return (p as unknown as { tempo?: unknown }).tempo;
  }
  return undefined;
}
