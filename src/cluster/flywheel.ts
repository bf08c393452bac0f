// The flywheel (docs/cluster.md, "Partitions"): a follower whose ticks stop (its leader died or it is
// cut off) keeps presenting frames on its own fixed timestep for a configurable time, then holds its
// last frame or sends black (`end`). No call can reach it meanwhile, so its frames stay a function of the frame number. It
// runs a second behind the frame its last tick projects, at the pace the leader's ticks came (a loaded
// leader runs fewer than 60 frames a second), so that when ticks return it is behind the log and jumps
// forward to it (a node ahead of the log could not take a call at the leader's frame).

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

  /** `seconds`: how long the flywheel runs before the node holds its last frame or sends black (`end`). */
  constructor(
    private readonly seconds: number,
    private readonly end: FlywheelEnd,
  ) {}

  /** A tick arrived (or a new leader set the frame): the node follows the log again. */
  ticked(frame: number, wallMs: number): void {
    const at = performance.now();
    if (this.ref === undefined || frame < this.ref.frame) this.ref = { frame, at };
    else if (at - this.ref.at >= PACE_WINDOW_MS) {
      this.pace = Math.min(1 / FRAME_MS, (frame - this.ref.frame) / (at - this.ref.at));
      this.ref = { frame, at };
    }
    this.last = { frame, wallMs, at };
  }

  /** The leader is gone for good (this node leads now): nothing to flywheel. */
  stop(): void {
    this.last = undefined;
    this.ref = undefined;
  }

  state(now = performance.now()): FlywheelState {
    if (this.last === undefined || now - this.last.at < START_MS) return 'following';
    if (now - this.last.at - START_MS < this.seconds * 1000) return 'flywheel';
    return this.end === 'black' ? 'black' : 'held';
  }

  /** While flywheeling: the frame to present now and its wall clock (projected from the last tick); otherwise undefined. */
  due(now = performance.now()): { readonly frame: number; readonly wallMs: number } | undefined {
    if (this.last === undefined || this.state(now) !== 'flywheel') return undefined;
    const frames = Math.floor((now - this.last.at - START_MS) * this.pace);
    return { frame: this.last.frame + frames, wallMs: this.last.wallMs + frames * FRAME_MS };
  }
}
