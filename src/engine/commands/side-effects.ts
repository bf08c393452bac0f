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
  private readonly seen = new Set<Parameter>();
  private readonly parent: ParameterRecorder | null;
  private readonly since: number;
  private open = true;

  constructor() {
    this.parent = recording.current;
    this.since = attachSerial();
    recording.current = this;
  }

  changing(p: Parameter, before: StoredValue): void {
    if (!this.seen.has(p)) {
      this.seen.add(p);
      const owner = p.owner;
      if (owner !== null && owner.graph !== null && owner.attachSerial <= this.since) {
        this.params.push(p);
        this.befores.push(before);
      }
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

  /**
   * Restores parameters this session changed that `recorded` does not cover to their value from
   * before the session: a listener's side effect during an undo or redo that the original step
   * did not make. Returns whether anything moved.
   */
  restoreOthers(recorded: ReadonlySet<string>): boolean {
    let moved = false;
    for (let i = this.params.length - 1; i >= 0; i--) {
      const p = this.params[i];
      if (p.owner === null || p.owner.graph === null || recorded.has(changeKey(p.owner.id, p.key))) continue;
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
