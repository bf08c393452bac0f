/** A frame callback: `deltaMs` of engine time since the last frame, `nowMillis` since start. */
type FrameListener = (frame: FrameTime) => void;

export interface FrameTime {
  /** Engine time for this frame, in ms (before any speed scaling a domain applies). */
  readonly deltaMs: number;
  /** Integer milliseconds since the clock started, as LX's `nowMillis` during this frame. */
  readonly nowMillis: number;
  /** 0-based count of frames run so far. */
  readonly index: number;
}

interface ClockStats {
  readonly frames: number;
  /** Frames that started later than 1.5× their period. */
  readonly late: number;
  /** Frames skipped because the previous one was still queued. */
  readonly skipped: number;
  /** Total time real-time frames ran, in ms (the render's share of the engine thread). */
  readonly frameMs: number;
  /** Total time real-time frames started after they were due, in ms (time spent waiting). */
  readonly startDelayMs: number;
  readonly fps: number;
  readonly running: boolean;
}

/** Submits a frame to the engine queue; returns false if one is already waiting. */
type FrameScheduler = (run: () => void) => boolean;

/** Tells the engine queue when the next frame is due (`performance.now()` time), or that none is. */
type FramePlanner = (dueAt: number | undefined) => void;

/**
 * Drives frames. In real time it submits one frame per period to the engine queue, which runs it
 * ahead of queued calls, and tells the queue when the next one is due so calls run in the slack
 * between frames; stepped by hand (tests, offline rendering) the same project with the same
 * `deltaMs` always gives the same frames.
 */
export class EngineClock {
  private readonly listeners: FrameListener[] = [];
  private frameIndex = 0;
  private elapsedMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private lastWall = 0;
  private nextDue = 0;
  private late = 0;
  private skipped = 0;
  private frameMs = 0;
  private startDelayMs = 0;
  fps = 60;
  /**
   * Real-time frames advance a fixed `1000 / fps` ms each (frame k at floor((k+1)·1000/fps)), as
   * the offline renderer does, instead of the wall time since the last frame: a cluster's leader
   * sets it so that its frames are a function of its command log (docs/cluster.md).
   */
  fixedStep = false;

  constructor(
    private readonly schedule: FrameScheduler,
    private readonly plan: FramePlanner = () => {},
  ) {}

  /** Runs `listener` every frame, after those before it (or before all of them with `first`: the show's clock source). */
  onFrame(listener: FrameListener, options: { readonly first?: boolean } = {}): () => void {
    if (options.first === true) this.listeners.unshift(listener);
    else this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** What a checkpoint of the clock holds (src/light/component/runtime-state.ts): where the next frame starts. */
  runtimeFields(): readonly string[] {
    return ['frameIndex', 'elapsedMs', 'fixedStep', 'fps'];
  }

  /** From start() to stop(), the first frame included (it may run before start() returns, while no timer is set yet). */
  get running(): boolean {
    return this.started;
  }

  get frames(): number {
    return this.frameIndex;
  }

  stats(): ClockStats {
    return {
      frames: this.frameIndex,
      late: this.late,
      skipped: this.skipped,
      frameMs: this.frameMs,
      startDelayMs: this.startDelayMs,
      fps: this.fps,
      running: this.running,
    };
  }

  /** Runs one frame now, synchronously. Call only from inside the engine queue or offline. */
  step(deltaMs: number): void {
    this.elapsedMs += deltaMs;
    this.runFrame(deltaMs, Math.floor(this.elapsedMs));
  }

  /**
   * Runs `count` frames of a fixed `deltaMs`. `nowMillis` for frame k is floor((k+1)·deltaMs)
   * computed by multiplication, as LX's offline protocol does, so long runs do not drift.
   */
  stepFixed(count: number, deltaMs: number): void {
    for (let k = 0; k < count; k++) {
      const n = this.frameIndex + 1;
      this.elapsedMs = n * deltaMs;
      this.runFrame(deltaMs, Math.floor(this.elapsedMs));
    }
  }

  private runFrame(deltaMs: number, nowMillis: number): void {
    const frame: FrameTime = { deltaMs, nowMillis, index: this.frameIndex };
    this.frameIndex++;
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i](frame);
  }

  /** Starts real-time frames at `fps`. */
  start(fps = this.fps): void {
    this.fps = fps;
    if (this.started) return;
    this.started = true;
    this.lastWall = performance.now();
    this.nextDue = this.lastWall;
    this.tick();
  }

  stop(): void {
    this.started = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.plan(undefined);
  }

  private tick(): void {
    const period = 1000 / this.fps;
    const due = this.nextDue;
    const queued = this.schedule(() => {
      const wall = performance.now();
      let delta = wall - this.lastWall;
      if (!(delta > 0) || delta > 60_000) delta = period;
      if (delta > 1.5 * period && this.frameIndex > 0) this.late++;
      this.lastWall = wall;
      this.startDelayMs += Math.max(0, wall - due);
      if (this.fixedStep) this.stepFixed(1, period);
      else this.step(delta);
      this.frameMs += performance.now() - wall;
    });
    if (!queued) this.skipped++;
    this.nextDue += period;
    const now = performance.now();
    if (this.nextDue < now - period) this.nextDue = now; // fell far behind: do not burst
    // A frame that ran at once may have stopped the clock.
    if (!this.started) return;
    this.plan(this.nextDue);
    this.timer = setTimeout(() => this.tick(), Math.max(0, this.nextDue - now));
  }
}
