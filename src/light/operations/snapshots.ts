// Snapshots: capture (add), recall (with the engine's transition, or at once) whose undo puts
// back every value it overwrote, update, remove. Built on the snapshot engine's commands.

import { CompoundCommand, FunctionCommand } from '../../engine/commands/command.js';
import type { Origin } from '../../engine/commands/history.js';
import { internal, invalidArgument } from '../../engine/errors.js';
import type { LightShow } from '../show/light-show.js';
import { CaptureSnapshot, RecallSnapshot, RemoveSnapshot, UpdateSnapshot } from '../show/snapshots/snapshot-commands.js';
import { Snapshot, type SnapshotEngine } from '../show/snapshots/snapshot-engine.js';
import { checkIndex, plural } from './common.js';
import { pathChanges, pathPicture, type PathChange } from './path-changes.js';
import * as targets from './targets.js';
import type { ComponentTarget } from './targets.js';

function snapshotAt(show: LightShow, target: ComponentTarget): Snapshot {
  const c = targets.component(show.lx, target, 'snapshot');
  if (c instanceof Snapshot && c.parent === show.lx.snapshots) return c;
  throw invalidArgument(`${c.path} is not a snapshot; snapshots are /lx/snapshots/snapshot/N (list_snapshots)`);
}

/** Captures the show's current state as a new snapshot (default label Snapshot-N, at the end). Undoable. */
export function addSnapshot(show: LightShow, options: { label?: string; index?: number }, origin: Origin): Snapshot {
  const engine = show.lx.snapshots;
  const n = engine.snapshots.length;
  const index = options.index === undefined ? n : checkIndex(options.index, n, `there are ${plural(n, 'snapshot')}`);
  const s = engine.newSnapshot(options.label);
  return show.engine.history.performVerified(new CaptureSnapshot(engine.id, s, index), origin, () => {
    if (engine.snapshots.at(index) !== s) throw internal(`${engine.path}: the snapshot is not at index ${index}; the change was rolled back`);
    return s;
  });
}

/**
 * Recalls a snapshot: with the engine's transition when it is on (unless `immediate`), scoped
 * by the engine's recall switches. Undo drops a running transition and puts back every value
 * the recall overwrote, active patterns included (LX's undo cannot). Undoable.
 */
export function recallSnapshot(show: LightShow, target: ComponentTarget, immediate: boolean, origin: Origin): { snapshot: Snapshot; transitioning: boolean } {
  const engine: SnapshotEngine = show.lx.snapshots;
  const s = snapshotAt(show, target);
  const recall = new RecallSnapshot(engine.id, s.id, () => show.lx, s.label.getString());
  const command = immediate
    ? new CompoundCommand(`Recall ${s.label.getString()}`, [
        recall,
        new FunctionCommand(
          'Finish transition',
          () => engine.finishTransition(),
          () => undefined,
        ),
      ])
    : recall;
  return show.engine.history.performVerified(command, origin, () => {
    if (engine.autoCycleCursor.getValue() !== s.index) throw internal(`${s.path} is not the recalled snapshot; the change was rolled back`);
    return { snapshot: s, transitioning: engine.transitioning };
  });
}

/** Recaptures a snapshot from the current state; undo restores what it held. Undoable. */
export function updateSnapshot(show: LightShow, target: ComponentTarget, origin: Origin): Snapshot {
  const engine = show.lx.snapshots;
  const s = snapshotAt(show, target);
  const before = s.views;
  return show.engine.history.performVerified(new UpdateSnapshot(engine.id, s.id, s.label.getString()), origin, () => {
    if (s.views === before && before.length > 0) throw internal(`${s.path} was not updated; the change was rolled back`);
    return s;
  });
}

/** Removes a snapshot (later ones move up a path slot). Undoable. */
export function removeSnapshot(show: LightShow, target: ComponentTarget, origin: Origin): { path: string; id: number; pathChanges: PathChange[] } {
  const engine = show.lx.snapshots;
  const s = snapshotAt(show, target);
  const path = s.path;
  const picture = pathPicture(show.lx);
  return show.engine.history.performVerified(new RemoveSnapshot(engine.id, s.id, s.label.getString()), origin, () => {
    if (s.graph !== null) throw internal(`${path} is still there after removing it; the change was rolled back`);
    return { path, id: s.id, pathChanges: pathChanges(picture, show.lx) };
  });
}
