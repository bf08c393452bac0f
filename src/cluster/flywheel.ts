// The flywheel (docs/cluster.md, "Partitions"): a follower whose ticks stop (its leader died or it is
// cut off) keeps presenting frames on its own fixed timestep for a configurable time, then holds its
// last frame. No call can reach it meanwhile, so its frames stay a function of the frame number. It
// runs a second behind the frame its last tick projects, so that when ticks return it is behind the
// log and jumps forward to it (a node ahead of the log could not take a call at the leader's frame).

/** The engine period of a cluster's frames. */
const FRAME_MS = 1000 / 60;
/** Ticks missing this long start the flywheel; it presents the frame due this long ago. */
const START_MS = 1000;

export type FlywheelState = 'following' | 'flywheel' | 'held';

export class Flywheel {
  private last: { readonly frame: number; readonly wallMs: number; readonly at: number } | undefined;

  /** `seconds`: how long the flywheel runs before the node holds its last frame. */
  constructor(private readonly seconds: number) {}

  /** A tick arrived (or a new leader set the frame): the node follows the log again. */
  ticked(frame: number, wallMs: number): void {
    this.last = { frame, wallMs, at: performance.now() };
  }

  /** The leader is gone for good (this node leads now): nothing to flywheel. */
  stop(): void {
    this.last = undefined;
  }

  state(now = performance.now()): FlywheelState {
    if (this.last === undefined || now - this.last.at < START_MS) return 'following';
    return now - this.last.at - START_MS < this.seconds * 1000 ? 'flywheel' : 'held';
  }

  /** While flywheeling: the frame to present now and its wall clock (projected from the last tick); otherwise undefined. */
  due(now = performance.now()): { readonly frame: number; readonly wallMs: number } | undefined {
    if (this.last === undefined || this.state(now) !== 'flywheel') return undefined;
    const frames = Math.floor((now - this.last.at - START_MS) / FRAME_MS);
    return { frame: this.last.frame + frames, wallMs: this.last.wallMs + frames * FRAME_MS };
  }
}
