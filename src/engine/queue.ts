import { FootlightError } from './errors.js';

export const DEFAULT_DEADLINE_MS = 30_000;

export interface TaskOptions {
  /** How long the task may wait in the queue before it is refused, in ms. */
  readonly deadlineMs?: number;
  /** For logs and the console's activity list. */
  readonly label?: string;
}

interface Task {
  readonly run: () => unknown;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly label: string;
  readonly deadline: number;
  readonly deadlineMs: number;
  timer: NodeJS.Timeout | null;
  settled: boolean;
}

export interface QueueStats {
  readonly queued: number;
  readonly completed: number;
  readonly expired: number;
  readonly failed: number;
}

/**
 * The single serialized executor every surface goes through. Tasks are synchronous functions
 * run one at a time in FIFO order, so each is atomic with respect to rendering (frames are
 * tasks too) and to every other call. A task still queued at its deadline is refused with
 * `timeout` and never runs; a task that started always finishes. Nothing is retried.
 */
export class EngineQueue {
  private readonly tasks: Task[] = [];
  private head = 0;
  private scheduled = false;
  private paused = false;
  private running = false;
  private completed = 0;
  private expired = 0;
  private failed = 0;

  constructor(
    private readonly defaultDeadlineMs = DEFAULT_DEADLINE_MS,
    private readonly now: () => number = Date.now,
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
        deadline: this.now() + deadlineMs,
        deadlineMs,
        timer: null,
        settled: false,
      };
      // Refuse at the deadline even if the queue is stuck behind a paused or long queue.
      task.timer = setTimeout(() => this.expire(task), deadlineMs);
      this.tasks.push(task);
      this.schedule();
    });
  }

  private framePending = false;

  /**
   * Queues a render frame unless one is already waiting (frames coalesce; the clock counts the
   * skip). Frames have no deadline: a late frame still renders.
   */
  submitFrame(run: () => void): boolean {
    if (this.framePending) return false;
    this.framePending = true;
    void this.submit(
      () => {
        this.framePending = false;
        run();
      },
      { label: 'frame', deadlineMs: 2 ** 31 - 1 },
    ).catch((err: unknown) => {
      this.framePending = false;
      this.onFrameError(err);
    });
    return true;
  }

  /** Reports a frame that threw; set by whoever owns logging. */
  onFrameError: (err: unknown) => void = (err) => {
    console.error('frame failed', err);
  };

  /** Tasks waiting to run. */
  get depth(): number {
    return this.tasks.length - this.head;
  }

  /** True while a task's function is executing. */
  get busy(): boolean {
    return this.running;
  }

  stats(): QueueStats {
    return { queued: this.depth, completed: this.completed, expired: this.expired, failed: this.failed };
  }

  /** Holds queued tasks (they keep their deadlines). For stepping and fault tests. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.schedule();
  }

  private expire(task: Task): void {
    if (task.settled) return;
    task.settled = true;
    this.expired++;
    task.reject(new FootlightError('timeout', `the engine did not start "${task.label}" within its ${task.deadlineMs} ms deadline; it was not applied. Re-read state before deciding what to do.`));
  }

  private schedule(): void {
    if (this.scheduled || this.paused) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
  }

  private drain(): void {
    this.scheduled = false;
    // Run for a bounded slice, then yield so sockets and timers are served.
    const sliceEnd = this.now() + 8;
    while (!this.paused && this.head < this.tasks.length) {
      const task = this.tasks[this.head++];
      if (task.settled) continue;
      if (this.now() > task.deadline) {
        if (task.timer !== null) clearTimeout(task.timer);
        this.expire(task);
        continue;
      }
      if (task.timer !== null) clearTimeout(task.timer);
      task.settled = true;
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
      if (this.now() >= sliceEnd) break;
    }
    if (this.head > 1024 && this.head * 2 > this.tasks.length) {
      this.tasks.splice(0, this.head);
      this.head = 0;
    }
    if (this.head < this.tasks.length) this.schedule();
  }
}
