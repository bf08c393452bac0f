import { attachSerial, type Graph } from '../graph.js';
import type { Parameter } from '../parameters/parameter.js';
import { recording, type ParameterRecorder, type StoredValue } from '../parameters/recording.js';

/**
 * One parameter's change across a history step: its stored base before the step and after it.
 * Held by owner id and key (like a ParameterRef), so it resolves after a removal was undone.
 */
export interface ParameterChange {
  readonly componentId: number;
  readonly key: string;
  readonly before: StoredValue;
  after: StoredValue;
}

/** Passes over the recorded parameters before a replay gives up converging (listeners fighting). */
const MAX_PASSES = 4;

function same(a: StoredValue, b: StoredValue): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

function changeKey(componentId: number, key: string): string {
  return `${componentId}\u0000${key}`;
}

/**
 * Records every base-value change while it is open: the command's own writes and whatever the
 * parameters' listeners write in turn (a pattern's exclusive Cue turning its siblings' off). It
 * keeps each parameter's first `before`, in first-change order. Sessions nest: an inner one
 * (a step of a transaction) forwards each change to the outer one.
 *
 * Only parameters of components that were in the graph when the session opened are recorded;
 * a component attached during the session (created, or put back by undo) did not exist before
 * it, so it has no prior state to restore. Engine-driven changes (render frames, modulation)
 * never happen while a session is open, and modulation never moves a base value.
 */
export class ChangeSession implements ParameterRecorder {
  private readonly params: Parameter[] = [];
  private readonly befores: StoredValue[] = [];
  /** Whether the run wrote the parameter itself (not only through a listener). */
  private readonly direct: boolean[] = [];
  private readonly index = new Map<Parameter, number>();
  private readonly parent: ParameterRecorder | null;
  private readonly since: number;
  private readonly depth: number;
  private open = true;
  /** Set while the history drives parameters to recorded values: those writes are not the run's. */
  private enforcing = false;

  constructor() {
    this.parent = recording.current;
    this.since = attachSerial();
    this.depth = recording.depth;
    recording.current = this;
  }

  changing(p: Parameter, before: StoredValue): void {
    const direct = !this.enforcing && recording.depth === this.depth;
    const i = this.index.get(p);
    if (i === undefined) {
      const owner = p.owner;
      if (owner !== null && owner.graph !== null && owner.attachSerial <= this.since) {
        this.index.set(p, this.params.length);
        this.params.push(p);
        this.befores.push(before);
        this.direct.push(direct);
      } else {
        this.index.set(p, -1);
      }
    } else if (direct && i >= 0) {
      this.direct[i] = true;
    }
    this.parent?.changing(p, before);
  }

  /** Closes the session and returns what changed, `after` read from the current state. */
  close(): ParameterChange[] {
    this.detach();
    const out: ParameterChange[] = [];
    for (let i = 0; i < this.params.length; i++) {
      const p = this.params[i];
      out.push({ componentId: (p.owner as NonNullable<Parameter['owner']>).id, key: p.key, before: this.befores[i], after: p.storedBase });
    }
    return out;
  }

  /**
   * Drives every parameter changed in this session back to its value from before it, newest
   * change first, then closes the session. Used when a perform, undo or redo fails midway.
   */
  revert(): void {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let moved = false;
      for (let i = this.params.length - 1; i >= 0; i--) {
        const p = this.params[i];
        if (p.owner?.graph === null || same(p.storedBase, this.befores[i])) continue;
        p.restoreStoredBase(this.befores[i]);
        moved = true;
      }
      if (!moved) break;
    }
    this.detach();
  }

  /** Marks the writes that follow as the history's own (driving values back), not the run's. */
  startEnforcing(): void {
    this.enforcing = true;
  }

  /**
   * Restores parameters that listeners changed during this session and `recorded` does not
   * cover to their value from before the session: a side effect of an undo or redo that the
   * original step did not make. What the command's undo or redo wrote itself stands (it may
   * rightly differ from the value before the run, e.g. a transition's mid-point put back).
   * Returns whether anything moved.
   */
  restoreOthers(recorded: ReadonlySet<string>): boolean {
    let moved = false;
    for (let i = this.params.length - 1; i >= 0; i--) {
      const p = this.params[i];
      if (this.direct[i] || p.owner === null || p.owner.graph === null || recorded.has(changeKey(p.owner.id, p.key))) continue;
      if (same(p.storedBase, this.befores[i])) continue;
      p.restoreStoredBase(this.befores[i]);
      moved = true;
    }
    return moved;
  }

  private detach(): void {
    if (!this.open) return;
    this.open = false;
    if (recording.current !== this) throw new Error('parameter recording sessions closed out of order');
    recording.current = this.parent;
  }
}

/**
 * Runs `perform` while recording parameter changes and returns them (the step's exact effect).
 * If it throws, every parameter it changed, side effects included, is put back and the error
 * is rethrown.
 */
export function recordStep(perform: () => void): ParameterChange[] {
  const session = new ChangeSession();
  try {
    perform();
  } catch (err) {
    session.revert();
    throw err;
  }
  return session.close();
}

/**
 * Runs a step's undo (`target` 'before') or redo ('after'), then makes the result exact: every
 * parameter the step changed is driven to its recorded value (in reverse change order for an
 * undo, in order for a redo), and any other parameter the run's listeners changed goes back to
 * its value from before the run. Repeats while listeners keep moving things (bounded). If `run`
 * throws, everything it changed is put back and the error is rethrown.
 */
export function replayStep(g: Graph, changes: readonly ParameterChange[], target: 'before' | 'after', run: () => void): void {
  const session = new ChangeSession();
  try {
    run();
    session.startEnforcing();
    const recorded = new Set<string>();
    for (const c of changes) recorded.add(changeKey(c.componentId, c.key));
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let moved = false;
      const n = changes.length;
      for (let j = 0; j < n; j++) {
        const c = changes[target === 'before' ? n - 1 - j : j];
        const p = g.get(c.componentId)?.parameters.get(c.key);
        if (p === undefined) continue; // its component is not in the graph in this state
        const value = target === 'before' ? c.before : c.after;
        if (same(p.storedBase, value)) continue;
        p.restoreStoredBase(value);
        moved = true;
      }
      if (session.restoreOthers(recorded)) moved = true;
      if (!moved) break;
    }
  } catch (err) {
    session.revert();
    throw err;
  }
  session.close();
}

/**
 * Folds the changes of a later step into an earlier one (a merged continuous edit): each
 * parameter keeps its earliest `before` and takes the latest `after`.
 */
export function mergeChanges(into: ParameterChange[], later: readonly ParameterChange[]): void {
  for (const c of later) {
    const hit = into.find((x) => x.componentId === c.componentId && x.key === c.key);
    if (hit !== undefined) hit.after = c.after;
    else into.push({ componentId: c.componentId, key: c.key, before: c.before, after: c.after });
  }
}
