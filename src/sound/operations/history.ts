// The one global history as protocol 3 shows it: its state, and undo and redo of its latest steps
// (whoever made them: another agent, the console, the light engine).

import type { HistoryEntry, StepTarget } from '../../engine/commands/history.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import type { Reply } from '../../protocol3/replies/index.js';
import type { HistoryStep } from '../../protocol3/replies/shapes.js';

export function historyPayload(host: SoundHost): Reply<'history'> {
  const h = host.engine.history;
  const entry = (e: HistoryEntry | undefined): HistoryStep | null => (e === undefined ? null : step(e));
  return {
    project_name: host.project.name,
    project_modified: host.modified,
    can_undo: h.canUndo,
    can_redo: h.canRedo,
    undo_depth: h.undoDepth,
    redo_depth: h.redoDepth,
    next_undo: entry(h.nextUndo),
    next_redo: entry(h.nextRedo),
    scope: 'global',
  };
}

const step = (e: HistoryEntry): HistoryStep => ({ seq: e.seq, label: e.command.label, surface: e.origin.surface, session: e.origin.session ?? null });

/**
 * Undo or redo by a target (one step, a count, or up to a seq), as one queue task. The reply
 * names the last step applied (`undone`/`redone`), lists every step applied in order (`steps`)
 * and, when a step could not be applied, the step it stopped at (`stopped`).
 */
export function undoRedo(host: SoundHost, which: 'undo' | 'redo', target: StepTarget): Reply<'undo'> {
  const h = host.engine.history;
  const run = which === 'undo' ? h.undoMany(target) : h.redoMany(target);
  const entry = run.done[run.done.length - 1];
  if (entry === undefined && 'toSeq' in target)
    throw refuse('invalid_argument', 'nothing_to_undo', `step ${target.toSeq} is already on top of the history: there is nothing after it to undo`);
  if (entry === undefined && which === 'undo' && h.droppedSteps > 0)
    throw refuse(
      'invalid_argument',
      'nothing_to_undo',
      `there is nothing left to undo: the history was trimmed, its ${h.droppedSteps} earliest step(s) were dropped to stay inside its memory budget`,
    );
  if (entry === undefined) throw refuse('invalid_argument', which === 'undo' ? 'nothing_to_undo' : 'nothing_to_redo', `there is nothing to ${which}`);
  return {
    [which === 'undo' ? 'undone' : 'redone']: step(entry),
    steps: run.done.map(step),
    ...(run.failed === undefined ? {} : { stopped: { ...step(run.failed.entry), error: run.failed.error.message } }),
    ...historyPayload(host),
  };
}
