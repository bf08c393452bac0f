import type { Parameter } from './parameter.js';

/** A stored base as the history records it: numeric kinds by their raw double, strings as text. */
export type StoredValue = number | string;

/**
 * Told about every base-value change while a command performs, undoes or redoes (see
 * `commands/side-effects.ts`). `before` is the stored base the parameter had just before.
 */
export interface ParameterRecorder {
  changing(p: Parameter, before: StoredValue): void;
}

/**
 * The recorder listening now, or null, and (while one listens) how deep inside parameter
 * listeners the current change happens: 0 for a command's own write, more for a write made by a
 * listener of another change (a side effect). The history sets it only around a command's perform,
 * undo and redo; everywhere else (render frames, modulation, project loading) it is null and a
 * change costs one null check.
 */
export const recording: { current: ParameterRecorder | null; depth: number } = { current: null, depth: 0 };
