import type { Meter } from '../audio/dsp/engine.js';
import type { RenderPlan } from '../audio/dsp/plan.js';

/** Where the live engine's samples go and what paces it. */
export type OutputKind = 'device' | 'none' | 'clock';

/** The render lead by default (ms): what the worker keeps rendered ahead of its output. */
export const DEFAULT_LEAD_MS = 128;
/** The shortest lead: more than the 4 blocks the worker hands an output context at once. */
export const MIN_LEAD_MS = 14;

/** The engine thread → the render worker. */
export type ToWorker =
  /** `tap`: the flat index of the track whose post-fader output the light hears (the master last). */
  | { readonly type: 'plan'; readonly plan: RenderPlan; readonly tap: number }
  | { readonly type: 'play'; readonly beat: number; readonly seq: number }
  | { readonly type: 'stop'; readonly seq: number }
  | { readonly type: 'seek'; readonly beat: number; readonly seq: number }
  /** A note played live (a MIDI keyboard) on the track at flat index `track`; `sentAt` on the `performance.timeOrigin + now()` scale (ms). */
  | {
      readonly type: 'note';
      readonly id: number;
      readonly track: number;
      readonly on: boolean;
      readonly pitch: number;
      readonly velocity: number;
      readonly sentAt: number;
    }
  | { readonly type: 'close' };

/** When a live note reached the worker, when the block it starts was rendered, and when that block is played out (ms, `performance.timeOrigin + now()`). */
export interface NoteReceipt {
  readonly id: number;
  readonly sentAt: number;
  readonly appliedAt: number;
  readonly renderedAt: number;
  readonly playsAt: number;
  /** The block (counted from the worker's first) whose first sample the note starts on. */
  readonly block: number;
}

/** What the worker opened: `device` a sound card, `none` a real-time context with no device (tests), `clock` the wall clock alone. */
export interface WorkerReady {
  readonly type: 'ready';
  readonly output: OutputKind;
  readonly sampleRate: number;
  /** Why the requested output could not be opened (null when it was). */
  readonly reason: string | null;
}

/** About every 50 ms: the position, the meters and the samples rendered since the last tick. */
export interface WorkerTick {
  readonly type: 'tick';
  readonly beat: number;
  readonly playing: boolean;
  /** The last transport message applied, so a tick from before a seek is not taken as the position. */
  readonly seq: number;
  /** Samples rendered since the worker started (the observation time). */
  readonly sample: number;
  /** Peak and RMS over this tick's samples, by flat track index; the master is last. */
  readonly tracks: readonly Meter[];
  /** Blocks rendered after their play-out time had passed (underruns), since start. */
  readonly lateBlocks: number;
  readonly blocks: number;
  /** CPU time the worker spent rendering since the last tick, in ms, and the audio time it covered. */
  readonly renderMs: number;
  /** This tick's samples: the last `left.length` of the `blocks` rendered so far. */
  readonly left: Float32Array;
  readonly right: Float32Array;
  /** The same samples of the light's tap (the master, or one track post-fader), mono: what the light hears. */
  readonly light: Float32Array;
  /** The transport position (beats) at the end of each of this tick's blocks. */
  readonly blockBeats: Float64Array;
  /** How many blocks had been played out (fractional) when the tick was posted: the output's clock. */
  readonly playedBlocks: number;
  /** When the tick was posted: `performance.timeOrigin + performance.now()` (ms), comparable across threads. */
  readonly postedAt: number;
  /** The block the last transport message (`seq`) took effect at: blocks before it were rendered before it. */
  readonly seqBlock: number;
  /** Live notes rendered since the last tick. */
  readonly notes: readonly NoteReceipt[];
}

export type FromWorker = WorkerReady | WorkerTick | { readonly type: 'error'; readonly message: string };
