/**
 * A clip time position as LX saves it (LXClip.Cursor): millis plus the same position in beats
 * (`beatCount` whole beats and `beatBasis` in [0,1)) at the clip's reference tempo.
 */
export interface Cursor {
  readonly millis: number;
  readonly beatCount: number;
  readonly beatBasis: number;
}

export const CURSOR_ZERO: Cursor = Object.freeze({ millis: 0, beatCount: 0, beatBasis: 0 });

/** The cursor at `millis`, with its beat fields at `bpm` (LX: beats = millis · bpm / 60000). */
export function cursorAtMillis(millis: number, bpm: number): Cursor {
  const beats = (millis * bpm) / 60000;
  const beatCount = Math.floor(beats);
  return { millis, beatCount, beatBasis: beats - beatCount };
}

/**
 * Rebuilds a cursor from its saved fields as LX does: millis first, then the beat fields; when
 * they differ from 0 the millis are recomputed from the beats at `bpm`.
 */
export function loadCursor(json: unknown, bpm: number): Cursor {
  const o = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  return cursorFromFields(o.millis, o.beatCount, o.beatBasis, bpm);
}

export function cursorFromFields(millis: unknown, beatCount: unknown, beatBasis: unknown, bpm: number): Cursor {
  const ms = typeof millis === 'number' && Number.isFinite(millis) ? millis : 0;
  const count = typeof beatCount === 'number' && Number.isFinite(beatCount) ? Math.trunc(beatCount) : 0;
  const basis = typeof beatBasis === 'number' && Number.isFinite(beatBasis) ? beatBasis : 0;
  if (count === 0 && basis === 0) return { millis: ms, beatCount: 0, beatBasis: 0 };
  return { millis: ((count + basis) * 60000) / bpm, beatCount: count, beatBasis: basis };
}

export function saveCursor(c: Cursor): { millis: number; beatCount: number; beatBasis: number } {
  return { millis: c.millis, beatCount: c.beatCount, beatBasis: c.beatBasis };
}
