// A render node that joins a running show late, or restarts, replays the show's log from its start
// (docs/cluster.md, "Joining late"). Until it has applied the log's newest record it is catching up:
// it steps runs of ticks with no call between them in one engine-queue task, each frame still with
// its own tick's wall clock and inputs, so its frames are the leader's; it neither waits for a
// frame's presentation time nor sends its outputs. From the next frame on it presents on the delay
// and sends, as every following node does.
import type { TickRecord } from './records.js';

/**
 * The most ticks stepped in one queue task: about half a second of show, a few tens of ms of
 * rendering, so reads and forwarded writes on this node still get the thread between runs.
 */
const MOST_TICKS = 30;

/** What a catch-up took, once over: reported by get_cluster_status and status.json. */
interface CaughtUp {
  /** From the first record read to the newest applied, in ms. */
  readonly ms: number;
  readonly frames: number;
  readonly calls: number;
}

export class CatchUp {
  private held: TickRecord[] = [];
  private heldSeq = 0;
  /** When the first record was read (performance.now()), and the frame count then. */
  private began: { readonly at: number; readonly frames: number } | undefined;
  private calls = 0;
  /** The newest tick's frame the log was seen to hold. */
  private newest = -1;
  private done: CaughtUp | undefined;

  /** True until the node has applied the log's newest record. */
  get active(): boolean {
    return this.done === undefined;
  }

  get result(): CaughtUp | undefined {
    return this.done;
  }

  /** Frames between the last this node rendered and the newest tick the log was seen to hold. */
  behind(lastFrame: number): number {
    return Math.max(0, this.newest - lastFrame);
  }

  /** The log's newest tick, as read now and then (the lag measurement). */
  sawNewest(frame: number): void {
    this.newest = Math.max(this.newest, frame);
  }

  /** A record was read while catching up; `frames`: this node's frame count. */
  read(frames: number): void {
    this.began ??= { at: performance.now(), frames };
  }

  /** The node joined from a checkpoint: its frame count jumped to `frames`, and the frames it replays count from there. */
  rebase(frames: number): void {
    if (this.began !== undefined) this.began = { at: this.began.at, frames };
  }

  /** A replayed call (a call or a protocol-3 line), counted in the catch-up's figures. */
  called(): void {
    if (this.active) this.calls++;
  }

  /** Holds a tick read while catching up; true when the held run should be stepped now (it is full). */
  hold(tick: TickRecord, seq: number): boolean {
    this.held.push(tick);
    this.heldSeq = seq;
    this.sawNewest(tick.frame);
    return this.held.length >= MOST_TICKS;
  }

  /** The held run of ticks and the last one's stream sequence, emptied; undefined when none is held. */
  take(): { readonly ticks: readonly TickRecord[]; readonly seq: number } | undefined {
    if (this.held.length === 0) return undefined;
    const ticks = this.held;
    this.held = [];
    return { ticks, seq: this.heldSeq };
  }

  /** The node applied the log's newest record: the catch-up is over (`frames`: its frame count now). */
  reached(frames: number): void {
    if (this.done !== undefined || this.began === undefined) return;
    this.done = { ms: Math.round(performance.now() - this.began.at), frames: frames - this.began.frames, calls: this.calls };
  }
}
