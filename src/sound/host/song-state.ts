import { availableParallelism } from 'node:os';
import type { Meter } from '../audio/dsp/engine.js';
import type { RenderPlan } from '../audio/dsp/plan.js';
import type { Payload } from '../model/payloads.js';

/**
 * Listens that may render at once: one per core beside the engine thread (at least one, at most
 * four). Each holds a worker thread, its region's audio and its analysis (six 60-s listens took
 * 1 GB and starved live audio and the light), so one past the pool is refused busy.
 */
function defaultMaxListens(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Import receipts kept for song-import-status. */
export const MAX_RECEIPTS = 256;

/** The live engine, when this process runs one (src/sound/live/player.ts). */
interface LiveSource {
  /** The transport's position comes from the engine's rendered samples, not the frame clock. */
  readonly driving: boolean;
  meters(): Payload;
  status(): Payload;
  /** The newest `seconds` of the output, the per-track meters over them and the plan they came from. */
  recent(seconds: number): { left: Float32Array; right: Float32Array; tracks: readonly Meter[]; plan: RenderPlan };
}

type ReceiptStatus = 'queued' | 'submitted' | 'native_rejected' | 'submission_error_observe_before_retry';

/** What an import created: the group, and each note track with its clip. */
export interface ImportedRecord {
  readonly groupTrackId: number;
  readonly tracks: readonly {
    readonly trackId: number;
    readonly clipId: number;
    readonly name: string;
    readonly noteCount: number;
    readonly notesDigest: string;
  }[];
}

/** One song-import: what was reviewed and submitted, and how it ended. */
export interface Receipt {
  readonly id: string;
  status: ReceiptStatus;
  readonly createdAt: string;
  readonly path: string;
  readonly artifactSha256: string;
  readonly submittedSha256: string;
  readonly noteTrackCount: number;
  readonly removedEvents: { readonly tempo: number; readonly meter: number };
  readonly target: Payload;
  error: string | null;
  imported: ImportedRecord | null;
}

/**
 * The song's runtime state beside the document: import receipts, whether a save is being
 * written, and the live engine when this process plays one. Not undoable; the song operations
 * (operations/song.ts) read and write it.
 */
export class SongState {
  /** Listens rendering now (song-listen's worker threads), and how many may at once. */
  listening = 0;
  readonly maxListens = defaultMaxListens();
  readonly receipts = new Map<string, Receipt>();
  receiptSeq = 0;
  savePending = false;
  live: LiveSource | null = null;

  keepReceipt(r: Receipt): void {
    this.receipts.set(r.id, r);
    while (this.receipts.size > MAX_RECEIPTS) this.receipts.delete(this.receipts.keys().next().value as string);
  }

  /** Runtime state the fingerprint covers (receipts and save state). */
  fingerprintState(): unknown {
    return { pending: this.savePending, receipts: [...this.receipts.values()].map((r) => [r.id, r.status]) };
  }
}
