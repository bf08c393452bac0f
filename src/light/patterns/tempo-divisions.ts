// LX's Tempo.Division as the patterns' `tempoDivision` choices (saved as ordinal + constant name;
// the ordinals are LX's historical order, not duration order), and how a pattern reads the
// tempo's position within a division.

import type { Device } from '../device.js';

/** Tempo.Division in ordinal order: display label, constant name, and divisions per beat. */
export const TEMPO_DIVISIONS = Object.freeze([
  { label: '1/16', name: 'SIXTEENTH', multiplier: 4 },
  { label: '1/8T', name: 'EIGHTH_TRIPLET', multiplier: 3 },
  { label: '1/8', name: 'EIGHTH', multiplier: 2 },
  { label: '3/16', name: 'EIGHTH_DOT', multiplier: 4 / 3 },
  { label: '1/4', name: 'QUARTER', multiplier: 1 },
  { label: '1/4T', name: 'QUARTER_TRIPLET', multiplier: 3 / 2 },
  { label: '1/2T', name: 'HALF_TRIPLET', multiplier: 3 / 4 },
  { label: '3/8', name: 'QUARTER_DOT', multiplier: 2 / 3 },
  { label: '1/2', name: 'HALF', multiplier: 1 / 2 },
  { label: '3/4', name: 'HALF_DOT', multiplier: 1 / 3 },
  { label: '1', name: 'WHOLE', multiplier: 1 / 4 },
  { label: '3/2', name: 'WHOLE_DOT', multiplier: 1 / 6 },
  { label: '2', name: 'DOUBLE', multiplier: 1 / 8 },
  { label: '4', name: 'FOUR', multiplier: 1 / 16 },
  { label: '8', name: 'EIGHT', multiplier: 1 / 32 },
  { label: '16', name: 'SIXTEEN', multiplier: 1 / 64 },
] as const);

export const TEMPO_DIVISION_CHOICES = TEMPO_DIVISIONS.map((d) => ({ label: d.label, name: d.name }));

/** What a pattern needs from the tempo: the basis (0 ≤ b < 1) within a division, by ordinal. */
export interface TempoReader {
  getBasis(division: number): number;
}

/** The tempo's basis within `division` (ordinal) for the engine `device` renders in; 0 without a tempo. */
export function tempoBasis(device: Device, division: number): number {
  const tempo = device.context?.tempo as Partial<TempoReader> | undefined;
  return tempo !== undefined && typeof tempo.getBasis === 'function' ? tempo.getBasis(division) : 0;
}
