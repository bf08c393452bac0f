// Chasing incoming timecode: which labels lock, when the clock is lost, and where the song
// transport must go. Pure (times are given, in ms), so tests step it frame by frame; timecode-in.ts
// feeds it packets and applies what it says to the transport in the engine's frames.
import type { ReceivedTimeCode } from './art-timecode.js';
import { frameOfTimecode, secondsOfFrame, type Timecode, type TimecodeRate } from './timecode.js';

export type ChaseState = 'waiting' | 'locked' | 'freewheeling' | 'lost';

/** What the transport must do: nothing, go to a song time (and play or hold there), or stop. */
type ChaseAction = { readonly kind: 'none' } | { readonly kind: 'locate'; readonly seconds: number; readonly play: boolean } | { readonly kind: 'stop' };

const NONE: ChaseAction = { kind: 'none' };
/** Labels in a row, each one or two frames after the last (a dropped packet), before the clock counts as running. */
const LOCK_LABELS = 2;
/** A label further on than this (or behind) is a locate on the sender's side: the transport follows at once. */
const MAX_STEP_FRAMES = 2;
/** No new label for this many frame periods: the sender paused or packets dropped; the transport runs on (freewheel). */
const SILENT_PERIODS = 3;
/** The transport is moved when the median of its last errors passes one frame. */
const ERROR_WINDOW = 8;

interface Label {
  readonly frame: number;
  readonly seconds: number;
  /** When it arrived (ms). */
  readonly at: number;
  readonly timecode: Timecode;
}

export class TimecodeChase {
  state: ChaseState = 'waiting';
  rate: TimecodeRate | null = null;
  /** Transport moves made to keep up (a relock or a drift past one frame), and sender locates followed. */
  relocates = 0;
  /** The last error measured while locked: transport − timecode, in frames (positive: ahead). */
  lastErrorFrames = 0;
  private last: Label | null = null;
  private run = 0;
  private lastAdvanceAt = Number.NEGATIVE_INFINITY;
  private jumped = false;
  private fresh = false;
  /** A locate to hold at is waiting for the next frame. */
  private held = false;
  private readonly errors: number[] = [];

  constructor(
    /** The song's 0 in timecode seconds (the offset), so song time = timecode − offset. */
    private readonly offsetSeconds: (rate: TimecodeRate) => number,
    /** How long the transport runs on without new labels before the clock counts as lost. */
    private readonly freewheelMs: number,
  ) {}

  /** Takes one label received at `at` (ms). Returns false for a label its rate does not have (dropped). */
  receive(packet: ReceivedTimeCode, at: number): boolean {
    let frame: number;
    try {
      frame = frameOfTimecode(packet.timecode, packet.rate);
    } catch {
      return false;
    }
    if (packet.rate !== this.rate) {
      this.rate = packet.rate;
      this.last = null;
      this.run = 0;
    }
    const last = this.last;
    if (last !== null && frame === last.frame) return true; // the same label again: its first arrival dates it
    const step = last === null ? 0 : frame - last.frame;
    if (last !== null && step >= 1 && step <= MAX_STEP_FRAMES) this.run++;
    else {
      this.run = 1;
      if (last !== null) this.jumped = true;
    }
    this.lastAdvanceAt = at;
    this.last = { frame, seconds: secondsOfFrame(frame, packet.rate), at, timecode: packet.timecode };
    this.fresh = true;
    return true;
  }

  /**
   * A locate on the sender while its clock stands (MTC's full frame, or a time read running in
   * reverse): the transport goes there on the next frame and holds; the labels after it must run
   * again before the chase locks. Returns false for a label its rate does not have (dropped).
   */
  hold(packet: ReceivedTimeCode, at: number): boolean {
    let frame: number;
    try {
      frame = frameOfTimecode(packet.timecode, packet.rate);
    } catch {
      return false;
    }
    this.rate = packet.rate;
    this.last = { frame, seconds: secondsOfFrame(frame, packet.rate), at, timecode: packet.timecode };
    this.run = 0;
    this.state = 'waiting';
    this.errors.length = 0;
    this.jumped = false;
    this.held = true;
    return true;
  }

  /** The incoming clock now (timecode seconds), run on from the last label; null before any. */
  timecodeSeconds(now: number): number | null {
    if (this.last === null) return null;
    const running = this.state === 'locked' || this.state === 'freewheeling' || this.run >= LOCK_LABELS;
    return this.last.seconds + (running ? Math.max(0, now - this.last.at) / 1000 : 0);
  }

  /** The last label received. */
  get lastLabel(): Timecode | null {
    return this.last?.timecode ?? null;
  }

  /**
   * Called every engine frame with the transport's song time in seconds (null while stopped):
   * what the transport must do to follow the clock.
   */
  tick(now: number, transportSeconds: number | null): ChaseAction {
    const rate = this.rate;
    if (this.last === null || rate === null) return NONE;
    if (this.held) {
      this.held = false;
      this.relocates++;
      return { kind: 'locate', seconds: Math.max(0, this.last.seconds - this.offsetSeconds(rate)), play: false };
    }
    const period = secondsOfFrame(1, rate) * 1000;
    const silent = now - this.lastAdvanceAt;
    const following = this.state === 'locked' || this.state === 'freewheeling';
    if (following && silent > this.freewheelMs) {
      this.state = 'lost';
      this.run = 0;
      this.errors.length = 0;
      return transportSeconds === null ? NONE : { kind: 'stop' };
    }
    if (!following) {
      if (this.run < LOCK_LABELS || silent > SILENT_PERIODS * period) return NONE;
      this.state = 'locked';
      this.jumped = false;
      return this.locate(now, transportSeconds);
    }
    this.state = silent > SILENT_PERIODS * period ? 'freewheeling' : 'locked';
    const target = (this.timecodeSeconds(now) ?? 0) - this.offsetSeconds(rate);
    if (this.jumped || transportSeconds === null) {
      this.jumped = false;
      if (target < 0 && transportSeconds === null) return NONE;
      return this.locate(now, transportSeconds);
    }
    if (target < 0) return { kind: 'stop' };
    if (!this.fresh) return NONE;
    // Measured when a label has just come in (the estimate is then freshest); the median ignores a late packet or two.
    this.fresh = false;
    const error = (transportSeconds - target) / (period / 1000);
    this.lastErrorFrames = error;
    this.errors.push(error);
    if (this.errors.length > ERROR_WINDOW) this.errors.shift();
    const sorted = [...this.errors].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1];
    return this.errors.length >= ERROR_WINDOW / 2 && Math.abs(median) > 1 ? this.locate(now, transportSeconds) : NONE;
  }

  private locate(now: number, transportSeconds: number | null): ChaseAction {
    const target = (this.timecodeSeconds(now) ?? 0) - this.offsetSeconds(this.rate ?? '30');
    this.errors.length = 0;
    this.fresh = false;
    this.relocates++;
    if (target < 0) return transportSeconds === null ? { kind: 'locate', seconds: 0, play: false } : { kind: 'stop' };
    return { kind: 'locate', seconds: target, play: true };
  }
}
