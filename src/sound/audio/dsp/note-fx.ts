import type { NoteEvent } from './voices.js';

/** A note effect: turns a block's note events (sorted by offset) into new ones. */
export interface NoteFx {
  process(events: readonly NoteEvent[], n: number): NoteEvent[];
  reset(): NoteEvent[];
  /** Emits nothing until new input comes. */
  readonly idle: boolean;
}
