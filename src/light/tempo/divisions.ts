/**
 * LX's tempo divisions (Tempo.Division), in LX's ordinal order. The order is part of the file
 * format: `tempoMultiplier`, `tempoDivision` and similar parameters save the ordinal, and it is
 * not duration order (1/4T and 1/2T sit between 1/4 and 3/8). `multiplier` is how many of the
 * division fit in one beat (a quarter note).
 */
export interface Division {
  /** 0-based ordinal, as saved. */
  readonly ordinal: number;
  /** Enum constant, saved as `<key>/name`. */
  readonly name: string;
  /** Display label, e.g. "1/8T". */
  readonly label: string;
  readonly multiplier: number;
}

const TABLE: readonly [string, string, number][] = [
  ['SIXTEENTH', '1/16', 4],
  ['EIGHTH_TRIPLET', '1/8T', 3],
  ['EIGHTH', '1/8', 2],
  ['EIGHTH_DOT', '3/16', 4 / 3],
  ['QUARTER', '1/4', 1],
  ['QUARTER_TRIPLET', '1/4T', 3 / 2],
  ['HALF_TRIPLET', '1/2T', 3 / 4],
  ['QUARTER_DOT', '3/8', 2 / 3],
  ['HALF', '1/2', 1 / 2],
  ['HALF_DOT', '3/4', 1 / 3],
  ['WHOLE', '1', 1 / 4],
  ['WHOLE_DOT', '3/2', 1 / 6],
  ['DOUBLE', '2', 1 / 8],
  ['FOUR', '4', 1 / 16],
  ['EIGHT', '8', 1 / 32],
  ['SIXTEEN', '16', 1 / 64],
];

export const DIVISIONS: readonly Division[] = Object.freeze(
  TABLE.map(([name, label, multiplier], ordinal) => Object.freeze({ ordinal, name, label, multiplier })),
);

export const Div = {
  SIXTEENTH: DIVISIONS[0],
  EIGHTH_TRIPLET: DIVISIONS[1],
  EIGHTH: DIVISIONS[2],
  EIGHTH_DOT: DIVISIONS[3],
  QUARTER: DIVISIONS[4],
  QUARTER_TRIPLET: DIVISIONS[5],
  HALF_TRIPLET: DIVISIONS[6],
  QUARTER_DOT: DIVISIONS[7],
  HALF: DIVISIONS[8],
  HALF_DOT: DIVISIONS[9],
  WHOLE: DIVISIONS[10],
  WHOLE_DOT: DIVISIONS[11],
  DOUBLE: DIVISIONS[12],
  FOUR: DIVISIONS[13],
  EIGHT: DIVISIONS[14],
  SIXTEEN: DIVISIONS[15],
} as const;

/**
 * Launch quantization options (Tempo.Quantization), in LX's order: None, then bar lengths, then
 * note values. Saved as the option index. Each maps to the division whose boundary it waits for.
 */
export const QUANTIZATIONS: readonly { readonly label: string; readonly division: Division | null }[] = Object.freeze([
  { label: 'None', division: null },
  { label: '8 Bars', division: Div.EIGHT },
  { label: '4 Bars', division: Div.FOUR },
  { label: '2 Bars', division: Div.DOUBLE },
  { label: '1 Bar', division: Div.WHOLE },
  { label: '1/2', division: Div.HALF },
  { label: '1/4', division: Div.QUARTER },
  { label: '1/8', division: Div.EIGHTH },
  { label: '1/16', division: Div.SIXTEENTH },
]);
