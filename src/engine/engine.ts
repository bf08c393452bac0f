import { EngineClock } from './clock.js';
import { History } from './commands/history.js';
import { Graph } from './graph.js';
import { DEFAULT_DEADLINE_MS, EngineQueue } from './queue.js';

interface EngineOptions {
  /** Queue deadline for each request, in ms. Default 30 000. */
  readonly deadlineMs?: number;
  /** The undo history's memory budget in bytes. Default DEFAULT_HISTORY_BUDGET_BYTES. */
  readonly historyBudgetBytes?: number;
}

/**
 * The kernel of one show process: the object graph, its one undo history, the engine queue
 * every surface goes through, and the clock that drives frames through that queue.
 */
export class Engine {
  readonly graph = new Graph();
  readonly history: History;
  readonly queue: EngineQueue;
  readonly clock: EngineClock;
  readonly deadlineMs: number;

  constructor(options: EngineOptions = {}) {
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.history = new History(this.graph, Date.now, options.historyBudgetBytes === undefined ? {} : { budgetBytes: options.historyBudgetBytes });
    this.queue = new EngineQueue(this.deadlineMs);
    this.clock = new EngineClock(
      (run) => this.queue.submitFrame(run),
      (dueAt) => this.queue.planFrame(dueAt),
    );
  }
}
