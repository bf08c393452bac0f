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

/** The longest clip time: 24 hours. Clip markers and lane events lie in 0–MAX_CLIP_MS. */
export const MAX_CLIP_MS = 86_400_000;

/** A saved cursor field that cannot be used, and why. */
interface CursorProblem {
  readonly key: 'millis' | 'beatCount' | 'beatBasis';
  readonly problem: string;
}

/**
 * Rebuilds a cursor from its saved fields as LX does: millis first, then the beat fields; when
 * they differ from 0 the millis are recomputed from the beats at `bpm`. An absent field is 0; a
 * field that is not a finite number, or a time outside 0–MAX_CLIP_MS, is a problem (the caller
 * drops the cursor and says where).
 */
export function readCursor(fields: Readonly<Record<string, unknown>>, bpm: number): Cursor | CursorProblem {
  const num = (key: CursorProblem['key']): number | CursorProblem => {
    const v = fields[key];
    if (v === undefined) return 0;
    return typeof v === 'number' && Number.isFinite(v) ? v : { key, problem: `must be a finite number; got ${JSON.stringify(v)}` };
  };
  const ms = num('millis');
  const count = num('beatCount');
  const basis = num('beatBasis');
  if (typeof ms !== 'number') return ms;
  if (typeof count !== 'number') return count;
  if (typeof basis !== 'number') return basis;
  const outside = (v: number) => !(v >= 0 && v <= MAX_CLIP_MS);
  if (Math.trunc(count) === 0 && basis === 0) {
    if (outside(ms)) return { key: 'millis', problem: `${ms} ms lies outside 0–${MAX_CLIP_MS} ms (24 hours)` };
    return { millis: ms, beatCount: 0, beatBasis: 0 };
  }
  const beatMs = ((Math.trunc(count) + basis) * 60000) / bpm;
  if (outside(beatMs)) return { key: count !== 0 ? 'beatCount' : 'beatBasis', problem: `${count + basis} beats lie outside 0–${MAX_CLIP_MS} ms (24 hours)` };
  return { millis: beatMs, beatCount: Math.trunc(count), beatBasis: basis };
}

export function isCursorProblem(c: Cursor | CursorProblem): c is CursorProblem {
  return 'problem' in c;
}

export function saveCursor(c: Cursor): { millis: number; beatCount: number; beatBasis: number } {
  return { millis: c.millis, beatCount: c.beatCount, beatBasis: c.beatBasis };
}
