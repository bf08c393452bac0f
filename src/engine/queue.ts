import { FootlightError } from './errors.js';

export const DEFAULT_DEADLINE_MS = 30_000;

/** Calls with no cost measured yet are assumed to take this long, in ms. */
const FIRST_ESTIMATE_MS = 1;
/** When no frame is planned (clock stopped), calls run in slices this long before yielding. */
const SLICE_MS = 8;
/**
 * After each frame, calls may always run this long (a quarter of a 60 fps period), or a quarter
 * of the frame's own run time if longer, even if the next frame is already due: when the render
 * alone fills the period (an overloaded machine), agents still get a share of the thread.
 */
const CALL_FLOOR_MS = 4;
const CALL_SHARE = 0.25;
/** Bounds of the per-call allowance for work the call causes outside its task (see `reserveMs`). */
const RESERVE_MIN_MS = 0.25;
const RESERVE_MAX_MS = 4;
/** A planned frame overdue by more than this is not coming (a stalled clock): calls stop waiting. */
const OVERDUE_MS = 100;

interface TaskOptions {
  /** How long the task may wait in the queue before it is refused, in ms. */
  readonly deadlineMs?: number;
  /** For logs, the console's activity list and the per-label cost estimate. */
  readonly label?: string;
  /** Who submits it: calls of one session start in submission order. */
  readonly session?: string;
  /**
   * The task only reads. A read whose session has nothing queued does not wait behind other
   * sessions' queued writes: it runs at once if it fits before the next frame, else first
   * after it. Whenever it runs, it sees the state between two whole tasks.
   */
  readonly read?: boolean;
}

interface Task {
  readonly run: () => unknown;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly label: string;
  readonly session: string | undefined;
  readonly deadline: number;
  readonly deadlineMs: number;
  timer: NodeJS.Timeout | null;
  settled: boolean;
}

interface QueueStats {
  readonly queued: number;
  readonly completed: number;
  readonly expired: number;
  readonly failed: number;
  /** Times a call was held back because it would not finish before the next frame was due. */
  readonly deferred: number;
  /** Calls (and admitted work) still running when the planned frame was due, and their time past it, in ms. */
  readonly overran: number;
  readonly pastDueMs: number;
}

/**
 * A FIFO array with a moving head (shift() is O(n)). A task that left is no longer referenced:
 * its closure holds the call's arguments and context (for MCP, the session's server), which
 * must not outlive the call.
 */
class Lane {
  private items: (Task | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(task: Task): void {
    this.items.push(task);
  }

  peek(): Task | undefined {
    return this.items[this.head];
  }

  shift(): Task | undefined {
    if (this.head >= this.items.length) return undefined;
    const task = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return task;
  }
}

/**
 * The single serialized executor every surface goes through, scheduled by the frame deadline.
 * Tasks are synchronous functions run one at a time, so each is atomic with respect to rendering
 * (frames run here too) and to every other call.
 *
 * - A frame runs as soon as the clock submits it, ahead of every queued call.
 * - Calls run in FIFO order in the slack before the next planned frame (`planFrame`): a call
 *   starts only if its estimated cost (a moving average per label) plus an allowance for the work
 *   it causes outside the queue (serializing and writing its reply, the next requests' parsing:
 *   `reserveMs`, measured) ends before the frame is due. Otherwise it waits for the frame.
 * - The first call after a frame always starts, and calls get at least `CALL_FLOOR_MS` (or a
 *   quarter of the frame's run time) after each frame, so a call too long for any slack (opening
 *   a project) still runs (it may delay the next frame by its excess) and agents are never
 *   starved by a render that fills the period.
 * - `admit` holds a surface's own work on a request (the MCP SDK's) for slack the same way.
 * - Reads (`read: true`) whose session has nothing queued skip the writes queued ahead of them.
 *
 * Calls of one session start in submission order. A task still queued at its deadline is refused
 * with `timeout` and never runs; a task that started always finishes. Nothing is retried.
 */
export class EngineQueue {
  private readonly writes = new Lane();
  private readonly reads = new Lane();
  private readonly perSession = new Map<string, number>();
  private readonly costs = new Map<string, number>();
  /** Work waiting for slack to start (`admit`), oldest first. */
  private admissions: (() => void)[] = [];
  private frame: (() => void) | null = null;
  private nextFrameAt = Infinity;
  /** Calls may run until this time whatever the plan (see CALL_FLOOR_MS). */
  private floorEndsAt = -Infinity;
  /** Calls run since the last frame. */
  private sinceFrame = 0;
  /** Work outside the queue per call, in ms (moving average). */
  private reserveMs = 1;
  /** Calls the last drain ran, and when it ended, to measure `reserveMs` at the next one. */
  private lastBatch = 0;
  private lastDrainEnd = 0;
  private scheduled = false;
  private paused = false;
  private running = false;
  private completed = 0;
  private expired = 0;
  private failed = 0;
  private deferred = 0;
  private overran = 0;
  private pastDueMs = 0;

  constructor(
    private readonly defaultDeadlineMs = DEFAULT_DEADLINE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Queues `run` and resolves with its result once it has run. */
  submit<T>(run: () => T, options: TaskOptions = {}): Promise<T> {
    const deadlineMs = options.deadlineMs ?? this.defaultDeadlineMs;
    return new Promise<T>((resolve, reject) => {
      const task: Task = {
        run,
        resolve: resolve as (v: unknown) => void,
        reject,
        label: options.label ?? 'task',
        session: options.session,
        deadline: this.now() + deadlineMs,
        deadlineMs,
        timer: null,
        settled: false,
      };
      const overtakes = options.read === true && (task.session === undefined || !this.perSession.has(task.session));
      if (overtakes && !this.paused && !this.running && this.reads.length === 0 && this.fits(task, this.now(), 0)) {
        task.settled = true;
        this.execute(task);
        return;
      }
      // Refuse at the deadline even if the queue is stuck behind a paused or long queue.
      task.timer = setTimeout(() => this.expire(task), deadlineMs);
      if (task.session !== undefined) this.perSession.set(task.session, (this.perSession.get(task.session) ?? 0) + 1);
      (overtakes ? this.reads : this.writes).push(task);
      this.schedule();
    });
  }

  /**
   * Runs a render frame now, ahead of every queued call, or, while the queue is paused, keeps it
   * until `resume` (frames coalesce: false if one is already waiting; the clock counts the skip).
   * Frames have no deadline: a late frame still renders.
   */
  submitFrame(run: () => void): boolean {
    if (this.frame !== null) return false;
    this.frame = run;
    if (!this.paused && !this.running) this.runFrame();
    return true;
  }

  /**
   * When the next frame is due (on this queue's clock), or undefined when no frame is planned
   * (clock stopped). Calls run only in the slack before it.
   */
  planFrame(dueAt: number | undefined): void {
    this.nextFrameAt = dueAt ?? Infinity;
    if (dueAt === undefined) {
      this.admitAll();
      this.schedule();
    }
  }

  /**
   * For work a surface does on this thread before it submits (the MCP SDK's handling of a
   * request): undefined when there is slack for it now, else a promise resolved once there is,
   * at the latest just after the next frame. Never refuses and has no deadline; a paused queue or
   * a stopped clock admits at once.
   */
  admit(): Promise<void> | undefined {
    if (this.paused || this.nextFrameAt === Infinity || this.fitsCost(0, this.now(), 0)) return undefined;
    return new Promise<void>((resolve) => {
      this.admissions.push(resolve);
      this.schedule();
    });
  }

  /** Reports a frame that threw; set by whoever owns logging. */
  onFrameError: (err: unknown) => void = (err) => {
    console.error('frame failed', err);
  };

  /** Tasks waiting to run. */
  get depth(): number {
    return this.writes.length + this.reads.length;
  }

  /** True while a task's function is executing. */
  get busy(): boolean {
    return this.running;
  }

  stats(): QueueStats {
    return {
      queued: this.depth,
      completed: this.completed,
      expired: this.expired,
      failed: this.failed,
      deferred: this.deferred,
      overran: this.overran,
      pastDueMs: this.pastDueMs,
    };
  }

  /** Holds queued tasks and frames (tasks keep their deadlines). For stepping and fault tests. */
  pause(): void {
    this.paused = true;
    this.admitAll();
  }

  resume(): void {
    this.paused = false;
    if (this.frame !== null && !this.running) this.runFrame();
    this.schedule();
  }

  /** The estimated cost of a task with this label, in ms. */
  estimate(label: string): number {
    return this.costs.get(label) ?? FIRST_ESTIMATE_MS;
  }

  /**
   * Whether `task` may start at `now`, `charged` ms of work of calls already run this slice
   * still to come outside the queue.
   */
  private fits(task: Task, now: number, charged: number): boolean {
    return this.fitsCost(this.estimate(task.label), now, charged);
  }

  private fitsCost(costMs: number, now: number, charged: number): boolean {
    const due = this.nextFrameAt;
    if (due === Infinity || now > due + OVERDUE_MS) return true;
    if (this.sinceFrame === 0 || now < this.floorEndsAt) return true;
    return now + charged + costMs + this.reserveMs <= due;
  }

  private admitAll(): void {
    const waiting = this.admissions;
    this.admissions = [];
    for (const resolve of waiting) resolve();
  }

  private runFrame(): void {
    const run = this.frame;
    if (run === null) return;
    this.frame = null;
    this.running = true;
    const started = this.now();
    try {
      run();
      this.completed++;
    } catch (err) {
      this.failed++;
      this.onFrameError(err);
    } finally {
      this.running = false;
    }
    const ended = this.now();
    this.floorEndsAt = ended + Math.max(CALL_FLOOR_MS, CALL_SHARE * (ended - started));
    this.sinceFrame = 0;
    this.lastBatch = 0;
    this.schedule();
  }

  private expire(task: Task): void {
    if (task.settled) return;
    task.settled = true;
    this.expired++;
    task.reject(
      new FootlightError(
        'timeout',
        `the engine did not start "${task.label}" within its ${task.deadlineMs} ms deadline; it was not applied. Re-read state before deciding what to do.`,
      ),
    );
  }

  private schedule(): void {
    if (this.scheduled || this.paused || (this.depth === 0 && this.frame === null && this.admissions.length === 0)) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
  }

  /** The next live task: reads first, expired or settled ones dropped. */
  private next(now: number): { lane: Lane; task: Task } | undefined {
    for (const lane of [this.reads, this.writes]) {
      for (let task = lane.peek(); task !== undefined; task = lane.peek()) {
        if (task.settled || now > task.deadline) {
          lane.shift();
          this.leave(task);
          if (!task.settled) {
            if (task.timer !== null) clearTimeout(task.timer);
            this.expire(task);
          }
          continue;
        }
        return { lane, task };
      }
    }
    return undefined;
  }

  private leave(task: Task): void {
    if (task.session === undefined) return;
    const n = (this.perSession.get(task.session) ?? 1) - 1;
    if (n === 0) this.perSession.delete(task.session);
    else this.perSession.set(task.session, n);
  }

  private drain(): void {
    this.scheduled = false;
    if (this.paused) return;
    if (this.frame !== null) this.runFrame();
    let now = this.now();
    // The time since the last drain went on the replies and requests of the calls it ran.
    if (this.lastBatch > 0) {
      const perCall = (now - this.lastDrainEnd) / this.lastBatch;
      this.reserveMs = Math.min(RESERVE_MAX_MS, Math.max(RESERVE_MIN_MS, 0.8 * this.reserveMs + 0.2 * perCall));
    }
    const sliceEnd = now + SLICE_MS;
    let ran = 0;
    while (!this.paused) {
      const found = this.next(now);
      if (found === undefined) break;
      if (!this.fits(found.task, now, ran * this.reserveMs)) {
        this.deferred++;
        break; // the frame comes first; runFrame schedules the next drain
      }
      found.lane.shift();
      this.leave(found.task);
      if (found.task.timer !== null) clearTimeout(found.task.timer);
      found.task.settled = true;
      this.execute(found.task);
      ran++;
      now = this.now();
      if (this.nextFrameAt === Infinity && now >= sliceEnd) break;
    }
    // Then admit waiting work with the slack left, oldest first; it counts as a call run.
    let admitted = 0;
    while (admitted < this.admissions.length && this.fitsCost(0, now, (ran + admitted) * this.reserveMs)) {
      this.admissions[admitted++]();
      this.sinceFrame++;
    }
    if (admitted > 0) this.admissions = this.admissions.slice(admitted);
    ran += admitted;
    // Measured only when the next drain follows at once (more is waiting), not after idle time.
    this.lastBatch = this.depth > 0 || this.admissions.length > 0 ? ran : 0;
    this.lastDrainEnd = now;
    // Waiting for a frame: the frame's runFrame reschedules. Otherwise yield so sockets and timers are served.
    if (ran > 0 || this.nextFrameAt === Infinity) this.schedule();
  }

  private execute(task: Task): void {
    const started = this.now();
    this.running = true;
    try {
      const result = task.run();
      this.completed++;
      task.resolve(result);
    } catch (err) {
      this.failed++;
      task.reject(err);
    } finally {
      this.running = false;
    }
    this.sinceFrame++;
    const ended = this.now();
    const due = this.nextFrameAt;
    if (ended > due) {
      this.overran++;
      this.pastDueMs += ended - Math.max(started, due);
    }
    const took = ended - started;
    const before = this.costs.get(task.label);
    if (before === undefined && this.costs.size >= 512) this.costs.clear(); // labels are tool names: this is a backstop
    this.costs.set(task.label, before === undefined ? took : 0.8 * before + 0.2 * took);
  }
}
