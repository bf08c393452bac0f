// Divergence repair (docs/cluster.md, "Divergence checks"): a following node whose checks kept
// differing, or whose replay of a call failed, takes the state of the next checkpoint whose record it
// reads. At that record it has applied exactly the log the leader had when it captured the
// checkpoint — the same calls, so the same project structure and history steps — and the checkpoint
// holds what the frames made: it takes the saved values, the runtime state (the clock included),
// the history's recorded changes and the audio input, as a joining node does (checkpoint-join.ts),
// in one queue task. A show whose structure differs (a component the checkpoint has is missing, a
// call that failed here left a step out of the history) cannot be repaired so: the node runs itself
// again on the leader's start project when `serve` can (rebuild.ts), else says why and tries again at
// the next checkpoint.
import type { Engine } from '../engine/engine.js';
import type { Logger } from '../engine/log.js';
import type { LightShow } from '../light/show/light-show.js';
import type { ClusterStatus } from '../tools/cluster-link.js';
import { CheckpointJoin } from './checkpoint-join.js';
import type { CheckpointMark, CheckpointStore } from './checkpoints.js';
import type { DivergenceCheck } from './divergence.js';
import type { InputReplay } from './frame-inputs.js';

/** What a repair works on: the node's show, its input replay and its checks. */
interface RepairParts {
  readonly engine: Engine;
  readonly light: LightShow;
  readonly replay: InputReplay;
  readonly divergence: DivergenceCheck;
  readonly log: Logger;
}

export class DivergenceRepair {
  private count = 0;
  private last: { readonly frame: number; readonly reason: string; readonly ms: number } | undefined;
  private failure: string | undefined;
  /** Replayed calls that had failed here when the last repair began: a newer failure makes one due. */
  private failedSeen = 0;
  private running = false;

  constructor(private readonly store: CheckpointStore) {}

  /** True while the node loads and takes a checkpoint: it neither flywheels nor sends. */
  get busy(): boolean {
    return this.running;
  }

  /** Why the node should repair at this checkpoint record, or undefined; `failed`: replayed calls that failed here so far. */
  due(divergence: DivergenceCheck, failed: number): string | undefined {
    if (failed > this.failedSeen) return `${failed - this.failedSeen} replayed calls failed here`;
    return divergence.repairDue;
  }

  /**
   * At a checkpoint's record (the node applied every record before it): takes its state. Returns why
   * it could not when the checkpoint was there and the show's structure is not its (rebuild.ts).
   */
  async at(mark: CheckpointMark, reason: string, failed: number, parts: RepairParts): Promise<string | undefined> {
    this.running = true;
    this.failedSeen = failed;
    parts.log.warn({ checkpoint: mark.name, reason }, "this node diverged from the leader: it takes the state of the leader's checkpoint");
    try {
      const join = await CheckpointJoin.named(this.store, mark);
      const why = join === undefined ? `checkpoint ${mark.name} was not stored in time` : await join.take(parts.engine, parts.light, parts.replay);
      if (why !== undefined || join === undefined) {
        this.failure = `${why}; restart this node to join afresh`;
        parts.log.error({ checkpoint: mark.name }, `this node could not repair itself: ${this.failure}`);
        return join === undefined ? undefined : why;
      }
      this.count++;
      this.failure = undefined;
      this.last = { frame: mark.frame, reason, ms: Math.round(join.elapsedMs) };
      parts.divergence.repaired();
      parts.log.warn({ ...this.last, count: this.count }, "this node repaired itself from the leader's checkpoint");
      return undefined;
    } finally {
      this.running = false;
    }
  }

  get status(): Pick<ClusterStatus, 'repaired' | 'repairFailed'> {
    return {
      ...(this.last === undefined ? {} : { repaired: { count: this.count, ...this.last } }),
      ...(this.failure === undefined ? {} : { repairFailed: this.failure }),
    };
  }
}
