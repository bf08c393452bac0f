import type { Origin } from './commands/history.js';
import { FootlightError } from './errors.js';
import type { EngineQueue } from './queue.js';

/**
 * One request's way onto the engine queue, made by the surface that received it: who asked, and
 * one deadline that spans every task the request runs. A domain operation that does work off
 * the queue between its atomic parts (reading a file, writing a project, rendering audio in a
 * worker) takes a Request and runs each part as one of its tasks; the domain never owns a
 * deadline or a queue itself.
 */
export interface Request {
  readonly origin: Origin;
  /** Absolute deadline in `Date.now()` milliseconds. */
  readonly deadlineAt: number;
  /**
   * Runs `fn` as one engine-queue task under what is left of the deadline: atomic with respect to
   * frames and other calls. Refused with `timeout` (and not run) once the deadline has passed.
   */
  task<T>(label: string, fn: () => T): Promise<T>;
  /**
   * Runs `fn` as a `task` that commits a staged write: the one task that changes the show. A surface that
   * logs writes in the queue's order (a cluster's leader) hands the write on from inside it.
   */
  commit<T>(label: string, fn: () => T): Promise<T>;
  /** Throws `timeout` with `message` (say what was not done) when the deadline has passed. */
  checkDeadline(message: string): void;
}

/** A Request over `queue`; task labels read `<labelPrefix> <label>` (the queue keeps run times by label). */
export function queuedRequest(queue: EngineQueue, origin: Origin, deadlineAt: number, labelPrefix: string): Request {
  const task = <T>(label: string, fn: () => T): Promise<T> => {
    const remaining = deadlineAt - Date.now();
    if (remaining <= 0)
      return Promise.reject(
        new FootlightError(
          'timeout',
          `the deadline of "${label}" passed before it could be queued; it was not applied. Re-read state before deciding what to do.`,
        ),
      );
    return queue.submit(fn, { deadlineMs: remaining, label: `${labelPrefix} ${label}` });
  };
  return {
    origin,
    deadlineAt,
    task,
    commit: task,
    checkDeadline(message: string): void {
      if (Date.now() >= deadlineAt) throw new FootlightError('timeout', message);
    },
  };
}
