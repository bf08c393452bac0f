// The flywheel (docs/cluster.md, "Partitions"): a follower whose ticks stop (its leader died or it is
// cut off) keeps presenting frames on its own fixed timestep for a configurable time, then holds its
// last frame or sends black (`end`). No call can reach it meanwhile, so its frames stay a function of the frame number. It
// runs a second behind the frame its last tick projects, at the pace the leader's ticks came (a loaded
// leader runs fewer than 60 frames a second), so that when ticks return it is behind the log and jumps
// forward to it (a node ahead of the log could not take a call at the leader's frame). A node still
// applying a record, or that read one within the last second, is not cut off but behind: its next
// records hold calls at frames it has not run yet, so it does not flywheel then, and counts the second
// from the last record it read (a tick alone would let a node busy with a slow call run past the log).

/** The engine period of a cluster's frames. */
const FRAME_MS = 1000 / 60;
/** Ticks missing this long start the flywheel; it presents the frame due this long ago. */
const START_MS = 1000;
/** The pace is measured over ticks at least this far apart. */
const PACE_WINDOW_MS = 2000;

/** What a node presents once its flywheel has run out: its last frame, or black. */
export type FlywheelEnd = 'hold' | 'black';
type FlywheelState = 'following' | 'flywheel' | 'held' | 'black';

export class Flywheel {
  private last: { readonly frame: number; readonly wallMs: number; readonly at: number } | undefined;
  /** An earlier tick, to measure the leader's pace against; the pace in frames per ms. */
  private ref: { readonly frame: number; readonly at: number } | undefined;
  private pace = 1 / FRAME_MS;
  /** Records being applied now; when (performance.now()) the last one was read. */
  private inHand = 0;
  private heard = 0;
  /** The furthest frame the flywheel presented (-1: none): a call the leader logs at or before it arrives late here. */
  private furthest = -1;

  /** `seconds`: how long the flywheel runs before the node holds its last frame or sends black (`end`). */
  constructor(
    private readonly seconds: number,
    private readonly end: FlywheelEnd,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Applies a record of the log: no flywheel meanwhile, and the quiet that starts one counts from its end. */
  async applying<T>(apply: () => Promise<T>): Promise<T> {
    this.inHand++;
    try {
      return await apply();
    } finally {
      this.inHand--;
      this.heard = this.now();
    }
  }

  /** A tick arrived (or a new leader set the frame): the node follows the log again. */
  ticked(frame: number, wallMs: number): void {
    const at = this.now();
    if (this.ref === undefined || frame < this.ref.frame) this.ref = { frame, at };
    else if (at - this.ref.at >= PACE_WINDOW_MS) {
      this.pace = Math.min(1 / FRAME_MS, (frame - this.ref.frame) / (at - this.ref.at));
      this.ref = { frame, at };
    }
    this.last = { frame, wallMs, at };
  }

  /** Whether the flywheel presented frame `frame` (or later) at some point. */
  passed(frame: number): boolean {
    return this.furthest >= frame;
  }

  /** The leader is gone for good (this node leads now): nothing to flywheel. */
  stop(): void {
    this.last = undefined;
    this.ref = undefined;
  }

  /** When the log went quiet: the last tick, or the last record read after it; undefined while a record is in hand. */
  private get quietSince(): number | undefined {
    if (this.last === undefined || this.inHand > 0) return undefined;
    return Math.max(this.last.at, this.heard);
  }

  state(now = this.now()): FlywheelState {
    const since = this.quietSince;
    if (since === undefined || now - since < START_MS) return 'following';
    if (now - since - START_MS < this.seconds * 1000) return 'flywheel';
    return this.end === 'black' ? 'black' : 'held';
  }

  /** While flywheeling: the frame to present now and its wall clock (projected from the last tick, from when the log went quiet); otherwise undefined. */
  due(now = this.now()): { readonly frame: number; readonly wallMs: number } | undefined {
    const since = this.quietSince;
    if (this.last === undefined || since === undefined || this.state(now) !== 'flywheel') return undefined;
    const frames = Math.floor((now - since - START_MS) * this.pace);
    this.furthest = Math.max(this.furthest, this.last.frame + frames);
    return { frame: this.last.frame + frames, wallMs: this.last.wallMs + frames * FRAME_MS };
  }
}
