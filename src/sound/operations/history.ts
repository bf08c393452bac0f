// The one global history as protocol 3 shows it: its state, and undo and redo of its latest step
// (whoever made it: another agent, the console, the light engine).

import type { HistoryEntry } from '../../engine/commands/history.js';
import { refuse } from '../model/errors.js';
import type { SoundHost } from '../host/host.js';
import type { Payload } from '../model/payloads.js';

export function historyPayload(host: SoundHost): Payload {
  const h = host.engine.history;
  const entry = (e: HistoryEntry | undefined): Payload | null =>
    e === undefined ? null : { label: e.command.label, surface: e.origin.surface, session: e.origin.session ?? null };
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

export function undoRedo(host: SoundHost, which: 'undo' | 'redo'): Payload {
  const h = host.engine.history;
  const entry = which === 'undo' ? h.undo() : h.redo();
  if (entry === undefined && which === 'undo' && h.droppedSteps > 0)
    throw refuse(
      'invalid_argument',
      'nothing_to_undo',
      `there is nothing left to undo: the history was trimmed, its ${h.droppedSteps} earliest step(s) were dropped to stay inside its memory budget`,
    );
  if (entry === undefined) throw refuse('invalid_argument', which === 'undo' ? 'nothing_to_undo' : 'nothing_to_redo', `there is nothing to ${which}`);
  return {
    [which === 'undo' ? 'undone' : 'redone']: { label: entry.command.label, surface: entry.origin.surface, session: entry.origin.session ?? null },
    ...historyPayload(host),
  };
}
