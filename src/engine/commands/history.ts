import { FootlightError, internal, invalidArgument } from '../errors.js';
import { CompoundCommand } from './command.js';
import type { Graph } from '../graph.js';
import type { Command } from './command.js';
import { ChangeSession, mergeChanges, recordStep, replayStep, type ParameterChange } from './side-effects.js';
import { estimateStepBytes } from './step-size.js';

/** Which surface (and which session of it) made a change. Shown next to each undo step. */
export interface Origin {
  readonly surface: 'mcp' | 'console' | 'osc' | 'midi' | 'protocol3' | 'cli' | 'engine' | 'cluster';
  /** The MCP session id, console connection or peer address, when there is one. */
  readonly session?: string;
  /** A human name for the session: the MCP client's name, "console", an OSC peer. */
  readonly client?: string;
  /**
   * The in-process line the change travelled over, when it did not come straight from its
   * surface: an MCP sound tool's write reaches the built-in host through protocol 3.
   */
  readonly via?: 'protocol3';
}

export interface HistoryEntry {
  readonly seq: number;
  readonly command: Command;
  readonly origin: Origin;
  readonly at: number;
  /** Continuous edits with the same key from the same origin within the window merge. */
  readonly mergeKey?: string;
  lastAt: number;
  /**
   * Every base-value change the step made, its listeners' side effects included (a Cue turning
   * a sibling's Cue off). Undo and redo drive these to their recorded values, so both are exact.
   */
  readonly changes: ParameterChange[];
}

/** A step as data: what a checkpoint keeps of it (recordedChanges). */
interface RecordedStep {
  readonly seq: number;
  readonly label: string;
  readonly changes: readonly ParameterChange[];
}

export interface RecordedSteps {
  readonly undo: readonly RecordedStep[];
  readonly redo: readonly RecordedStep[];
}

export interface PerformOptions {
  /** Set for continuous gestures (a fader drag, an OSC knob): edits of one target merge. */
  readonly mergeKey?: string;
  /** How long after the last edit a merge may still happen, in ms. Default 1000. */
  readonly mergeWindowMs?: number;
}

export interface HistoryChange {
  /** `trim`: the oldest steps were dropped to stay inside the memory budget (`dropped` of them). */
  readonly kind: 'perform' | 'merge' | 'undo' | 'redo' | 'clear' | 'trim';
  readonly entry?: HistoryEntry;
  readonly dropped?: number;
}

type HistoryListener = (change: HistoryChange) => void;

/** The most steps one undo or redo call may take: enough to unwind any job, small enough to answer in one reply. */
export const MAX_STEPS_PER_CALL = 10_000;

/**
 * How far one undo or redo call goes: a number of steps, or to a step named by its seq. Undo
 * `toSeq` keeps that step and takes back every step after it; redo `toSeq` performs every
 * undone step up to and including it. Either way the step named ends on top of the history.
 */
export type StepTarget = { readonly steps: number } | { readonly toSeq: number };

/** What one multi-step undo or redo did: the steps applied, in order, and the step it stopped at if one failed. */
export interface StepRun {
  readonly done: readonly HistoryEntry[];
  /** Set when a step could not be undone or redone: it and every step past it are left as they were. */
  readonly failed?: { readonly entry: HistoryEntry; readonly error: FootlightError };
}

/**
 * The default memory budget of the history. A one-parameter step costs about 600 bytes
 * (step-size.ts), so 512 MiB keeps about 900,000 of them: 2.5 hours of agents changing the
 * show 100 times a second.
 */
const DEFAULT_HISTORY_BUDGET_BYTES = 512 * 1024 * 1024;
/** From this share of the budget on, the history reports that it is nearly full. */
const HISTORY_WARN_SHARE = 0.8;

interface HistoryOptions {
  /** Heap the kept steps (undo and redo) may hold, in bytes, as estimateStepBytes counts it. */
  readonly budgetBytes?: number;
}

/** How much the history holds, and what it has had to forget. */
interface HistoryUsage {
  readonly bytes: number;
  readonly budgetBytes: number;
  /** Early steps dropped to stay inside the budget since the show was loaded. */
  readonly droppedSteps: number;
  /** True from HISTORY_WARN_SHARE of the budget on: the next drops are coming. */
  readonly nearBudget: boolean;
}

/** A command performed inside a transaction, with the changes it made. */
interface GroupStep {
  readonly command: Command;
  readonly changes: ParameterChange[];
}

/**
 * The one linear undo history shared by every surface. A command that fails leaves the
 * history as it was; nothing ever wipes it except loading another show.
 *
 * While a command performs, undoes or redoes, every parameter base change is recorded
 * (side-effects.ts), including the ones made by parameter listeners rather than the command
 * itself. Undo restores them in reverse order and redo replays them, so both reach the exact
 * state; a failure midway puts back everything that changed, side effects included.
 */
export class History {
  private readonly undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  /** While a verified step waits for its read-back: the redo steps its perform set aside (kept until it is confirmed). */
  private pending: { redo: HistoryEntry[] | null } | null = null;
  private seq = 0;
  private readonly listeners: HistoryListener[] = [];
  /** Commands performed inside the running transaction, in order; null outside one. */
  private group: GroupStep[] | null = null;
  /** Estimated bytes of every kept entry, by entry. */
  private readonly sizes = new WeakMap<HistoryEntry, number>();
  private bytes = 0;
  private dropped = 0;
  readonly budgetBytes: number;

  constructor(
    private readonly graph: Graph,
    private readonly now: () => number = Date.now,
    options: HistoryOptions = {},
  ) {
    this.budgetBytes = options.budgetBytes ?? DEFAULT_HISTORY_BUDGET_BYTES;
  }

  /** What the kept steps cost against the budget, and how many early steps were dropped. */
  get usage(): HistoryUsage {
    return { bytes: this.bytes, budgetBytes: this.budgetBytes, droppedSteps: this.dropped, nearBudget: this.bytes >= this.budgetBytes * HISTORY_WARN_SHARE };
  }

  /** Early steps dropped to stay inside the budget: undo cannot reach past them. */
  get droppedSteps(): number {
    return this.dropped;
  }

  private track(entry: HistoryEntry): void {
    const size = estimateStepBytes(entry);
    this.bytes += size - (this.sizes.get(entry) ?? 0);
    this.sizes.set(entry, size);
  }

  private untrack(entry: HistoryEntry): void {
    this.bytes -= this.sizes.get(entry) ?? 0;
    this.sizes.delete(entry);
  }

  /** Drops the oldest undo steps until the kept ones fit the budget; the newest step always stays. */
  private trim(): void {
    let n = 0;
    while (this.bytes > this.budgetBytes && this.undoStack.length - n > 1) this.untrack(this.undoStack[n++] as HistoryEntry);
    if (n === 0) return;
    this.undoStack.splice(0, n);
    this.dropped += n;
    this.emit({ kind: 'trim', dropped: n });
  }

  /** Performs a command and records it (or merges it into the step on top). */
  perform(command: Command, origin: Origin, options: PerformOptions = {}): HistoryEntry {
    const t = this.now();
    if (this.group !== null) {
      const changes = recordStep(() => command.perform(this.graph));
      this.group.push({ command, changes });
      return { seq: 0, command, origin, at: t, lastAt: t, changes };
    }
    const top = this.undoStack[this.undoStack.length - 1];
    if (
      options.mergeKey !== undefined &&
      top !== undefined &&
      this.redoStack.length === 0 &&
      top.mergeKey === options.mergeKey &&
      top.origin.surface === origin.surface &&
      top.origin.session === origin.session &&
      t - top.lastAt <= (options.mergeWindowMs ?? 1000) &&
      top.command.merge !== undefined
    ) {
      const changes = recordStep(() => command.perform(this.graph));
      if (top.command.merge(command)) {
        mergeChanges(top.changes, changes);
        top.lastAt = t;
        this.track(top);
        this.emit({ kind: 'merge', entry: top });
        return top;
      }
      // Not mergeable after all: record it as its own step (it has already been performed).
      return this.push(command, origin, options, t, changes);
    }
    const changes = recordStep(() => command.perform(this.graph));
    return this.push(command, origin, options, t, changes);
  }

  private push(command: Command, origin: Origin, options: PerformOptions, t: number, changes: ParameterChange[]): HistoryEntry {
    const entry: HistoryEntry = { seq: ++this.seq, command, origin, at: t, lastAt: t, mergeKey: options.mergeKey, changes };
    this.undoStack.push(entry);
    this.track(entry);
    if (this.pending !== null) {
      // A verified step: set the redo steps aside and trim only once the read-back confirms it.
      this.pending.redo = this.redoStack;
      this.redoStack = [];
      this.emit({ kind: 'perform', entry });
      return entry;
    }
    this.forget(this.redoStack);
    this.redoStack = [];
    this.emit({ kind: 'perform', entry });
    this.trim();
    return entry;
  }

  /**
   * Runs `fn` as one step: every command it performs is recorded as a single compound step
   * labelled `label`. If `fn` throws, everything it performed is undone in reverse and the
   * history is left exactly as it was, side effects included. Returns undefined for the entry
   * when nothing changed.
   */
  transaction<T>(label: string, origin: Origin, fn: () => T): { result: T; entry?: HistoryEntry } {
    if (this.group !== null) throw invalidArgument('a batch cannot contain another batch');
    const steps: GroupStep[] = [];
    this.group = steps;
    const session = new ChangeSession();
    let result: T;
    try {
      result = fn();
    } catch (err) {
      this.group = null;
      try {
        for (let i = steps.length - 1; i >= 0; i--) {
          const step = steps[i];
          replayStep(this.graph, step.changes, 'before', () => step.command.undo(this.graph));
        }
      } finally {
        session.revert(); // whatever the batch changed, by commands or not, goes back
      }
      throw err;
    }
    this.group = null;
    const changes = session.close();
    if (steps.length === 0) return { result };
    const t = this.now();
    return {
      result,
      entry: this.push(
        new CompoundCommand(
          label,
          steps.map((s) => s.command),
        ),
        origin,
        {},
        t,
        changes,
      ),
    };
  }

  /** True while a transaction is collecting commands. */
  get inTransaction(): boolean {
    return this.group !== null;
  }

  /** Undoes the latest step. Returns it, or undefined when there is nothing to undo. */
  undo(): HistoryEntry | undefined {
    return this.step('undo');
  }

  /**
   * Undoes (or redoes) several steps as one call, for a caller already inside one engine-queue
   * task, so nothing interleaves. Each step is all or nothing: the first step that fails stops the
   * run with every earlier step applied and reported (a failure on the very first step throws, as
   * a single undo does). Asking for more steps than the history holds takes all of them.
   */
  undoMany(target: StepTarget): StepRun {
    return this.run('undo', target);
  }

  /** As undoMany, performing undone steps again. */
  redoMany(target: StepTarget): StepRun {
    return this.run('redo', target);
  }

  private run(kind: 'undo' | 'redo', target: StepTarget): StepRun {
    if (this.group !== null) throw invalidArgument(`${kind} cannot run inside a batch`);
    const count = this.countTo(kind, target);
    const from = kind === 'undo' ? this.undoStack : this.redoStack;
    const done: HistoryEntry[] = [];
    for (let i = 0; i < count; i++) {
      const entry = from[from.length - 1] as HistoryEntry;
      try {
        this.step(kind);
      } catch (err) {
        if (done.length === 0 || !(err instanceof FootlightError)) throw err;
        return { done, failed: { entry, error: err } };
      }
      done.push(entry);
    }
    return { done };
  }

  /** How many steps a target asks for, checked against the stacks; a target that names no reachable step is refused. */
  private countTo(kind: 'undo' | 'redo', target: StepTarget): number {
    const from = kind === 'undo' ? this.undoStack : this.redoStack;
    if ('steps' in target) {
      const n = target.steps;
      if (!Number.isInteger(n) || n < 1 || n > MAX_STEPS_PER_CALL)
        throw invalidArgument(`steps takes a whole number from 1 to ${MAX_STEPS_PER_CALL}; got ${n}. Nothing was ${kind === 'undo' ? 'undone' : 'redone'}`);
      return Math.min(n, from.length);
    }
    const seq = target.toSeq;
    if (!Number.isInteger(seq)) throw invalidArgument(`toSeq takes the seq of a history step (a whole number); got ${seq}`);
    for (let i = from.length - 1; i >= 0; i--) {
      if ((from[i] as HistoryEntry).seq === seq) return kind === 'undo' ? from.length - 1 - i : from.length - i;
    }
    throw invalidArgument(this.unreachable(kind, seq));
  }

  private unreachable(kind: 'undo' | 'redo', seq: number): string {
    const span = (stack: readonly HistoryEntry[], what: string): string =>
      stack.length === 0 ? `${what} is empty` : `${what} holds steps with seqs from ${stack[0]?.seq} to ${stack[stack.length - 1]?.seq}`;
    const onOther = (kind === 'undo' ? this.redoStack : this.undoStack).some((e) => e.seq === seq);
    if (kind === 'undo') {
      return (
        `toSeq ${seq} is not a step undo can keep: ` +
        (onOther ? `it is already undone (redo to it performs it again)` : span(this.undoStack, 'the undo stack')) +
        '. Send the seq of a step on the undo stack (get_history `steps`) to take back every step after it, or `steps: N` to undo N steps (all of them: ' +
        `${this.undoStack.length}). Nothing was undone`
      );
    }
    return (
      `toSeq ${seq} is not a step redo can reach: ` +
      (onOther ? 'it is already done (undo {toSeq} takes steps back)' : span(this.redoStack.slice().reverse(), 'the redo stack, next first,')) +
      '. Send the seq of a step on the redo stack (get_history `redo`) to perform every undone step up to it, or `steps: N`. Nothing was redone'
    );
  }

  /**
   * Undoes the top of the undo stack or performs the top of the redo stack again, and moves it to
   * the other stack; a failure leaves both stacks and the graph as they were.
   */
  private step(kind: 'undo' | 'redo'): HistoryEntry | undefined {
    if (this.group !== null) throw invalidArgument(`${kind} cannot run inside a batch`);
    const from = kind === 'undo' ? this.undoStack : this.redoStack;
    const to = kind === 'undo' ? this.redoStack : this.undoStack;
    const entry = from[from.length - 1];
    if (entry === undefined) return undefined;
    try {
      if (kind === 'undo') replayStep(this.graph, entry.changes, 'before', () => entry.command.undo(this.graph));
      else replayStep(this.graph, entry.changes, 'after', () => entry.command.perform(this.graph));
    } catch (err) {
      throw internal(`${kind} of "${entry.command.label}" failed and was not applied; history is unchanged (${(err as Error).message})`);
    }
    from.pop();
    to.push(entry);
    this.emit({ kind, entry });
    return entry;
  }

  /**
   * Takes back the step just performed and forgets it, without offering it to redo: for a
   * mutation whose read-back showed the engine did not take it.
   */
  rollback(entry: HistoryEntry): void {
    if (this.group !== null) {
      const step = this.group[this.group.length - 1];
      if (step?.command !== entry.command) throw internal('rollback of a step that is no longer the latest in the transaction');
      replayStep(this.graph, step.changes, 'before', () => step.command.undo(this.graph));
      this.group.pop();
      return;
    }
    if (this.undoStack[this.undoStack.length - 1] !== entry) throw internal('rollback of a step that is no longer on top of the history');
    replayStep(this.graph, entry.changes, 'before', () => entry.command.undo(this.graph));
    this.undoStack.pop();
    this.untrack(entry);
    this.emit({ kind: 'undo', entry });
  }

  /**
   * Performs a command, then runs `verify`: a read-back that throws when the engine does not show
   * the change. If it throws, the step is rolled back (never offered to redo) and both stacks are
   * put back as they were (a step the perform evicted at the cap, the redo steps it cleared); the
   * error propagates.
   */
  performVerified<T>(command: Command, origin: Origin, verify: (entry: HistoryEntry) => T, options: PerformOptions = {}): T {
    if (this.group !== null) {
      const step = this.perform(command, origin, options);
      try {
        return verify(step);
      } catch (err) {
        this.rollback(step);
        throw err;
      }
    }
    // No copies of the stacks: the perform sets the redo steps aside and defers the budget trim,
    // so a rejected step leaves both stacks as they were at any history length. (A merged step
    // is rolled back whole; it was on the undo stack before, so it stays gone.)
    const pending: { redo: HistoryEntry[] | null } = { redo: null };
    this.pending = pending;
    let entry: HistoryEntry;
    try {
      entry = this.perform(command, origin, options);
    } finally {
      this.pending = null;
    }
    let result: T;
    try {
      result = verify(entry);
    } catch (err) {
      this.rollback(entry);
      if (pending.redo !== null) this.redoStack = pending.redo;
      throw err;
    }
    if (pending.redo !== null) this.forget(pending.redo);
    this.trim();
    return result;
  }

  private forget(entries: readonly HistoryEntry[]): void {
    for (const e of entries) this.untrack(e);
  }

  /** Performs the latest undone step again. */
  redo(): HistoryEntry | undefined {
    return this.step('redo');
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get nextUndo(): HistoryEntry | undefined {
    return this.undoStack[this.undoStack.length - 1];
  }

  get nextRedo(): HistoryEntry | undefined {
    return this.redoStack[this.redoStack.length - 1];
  }

  /** Recent steps, newest first. */
  recent(limit = 50): readonly HistoryEntry[] {
    return this.undoStack.slice(-limit).reverse();
  }

  /** Steps that redo would perform, next first. */
  redoable(limit = 50): readonly HistoryEntry[] {
    return this.redoStack.slice(-limit).reverse();
  }

  get undoDepth(): number {
    return this.undoStack.length;
  }

  get redoDepth(): number {
    return this.redoStack.length;
  }

  /** Every kept step's seq, label and recorded changes: the undo stack oldest first, then the redo stack as kept. */
  recordedChanges(): RecordedSteps {
    const data = (e: HistoryEntry): RecordedStep => ({ seq: e.seq, label: e.command.label, changes: e.changes });
    return { undo: this.undoStack.map(data), redo: this.redoStack.map(data) };
  }

  /**
   * Takes the recorded changes of another history holding the same steps (a cluster node that rebuilt
   * its history from the log's calls alone takes the leader's, which the frames between them shaped:
   * src/cluster). Refused, with nothing changed, unless every step's seq and label match.
   */
  adoptChanges(steps: RecordedSteps): void {
    const pairs: [HistoryEntry, RecordedStep][] = [];
    for (const [ours, theirs] of [
      [this.undoStack, steps.undo],
      [this.redoStack, steps.redo],
    ] as const) {
      if (ours.length !== theirs.length) throw invalidArgument(`history: ${ours.length} steps here, ${theirs.length} in the recorded history`);
      ours.forEach((entry, i) => {
        const step = theirs[i] as RecordedStep;
        if (entry.seq !== step.seq || entry.command.label !== step.label)
          throw invalidArgument(`history: step ${entry.seq} "${entry.command.label}" here, ${step.seq} "${step.label}" in the recorded history`);
        pairs.push([entry, step]);
      });
    }
    for (const [entry, step] of pairs) {
      entry.changes.splice(0, entry.changes.length, ...step.changes.map((c) => ({ ...c })));
      this.track(entry);
    }
  }

  /** Forgets every step: only when a different show is loaded. */
  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
    this.bytes = 0;
    this.dropped = 0;
    this.emit({ kind: 'clear' });
  }

  listen(listener: HistoryListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  private emit(change: HistoryChange): void {
    for (const l of this.listeners) l(change);
  }
}
