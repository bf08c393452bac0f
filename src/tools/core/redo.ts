import { defineTool } from '../define-tool.js';
import { StepTargetInput, UndoRedoPayload, stepTarget, toUndoRedo } from './history-payloads.js';

export default defineTool({
  name: 'redo',
  title: 'Redo undone changes',
  toolset: 'history',
  description:
    'Performs again the steps most recently taken back by undo (from any surface). No arguments: one step. `steps: N` redoes ' +
    'N steps; `toSeq: S` redoes every undone step up to and including step S (a seq from get_history `redo`). Any new change ' +
    'after an undo clears what can be redone. Returns a summary, every step redone and the new position; `changed: false` ' +
    'means there was nothing to redo. Undoable: `undo` takes them back again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: StepTargetInput,
  output: UndoRedoPayload,
  handle: (args, { engine }) => toUndoRedo('redo', engine.history.redoMany(stepTarget(args)), engine.history, args.steps),
});
