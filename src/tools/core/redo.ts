import { defineTool } from '../define-tool.js';
import { StepTargetInput, UndoRedoPayload, stepTarget, toUndoRedo } from './history-payloads.js';

export default defineTool({
  name: 'redo',
  title: 'Redo undone changes',
  toolset: 'history',
  description:
    'Performs again the steps most recently undone (from any surface): one step, `steps: N`, or `toSeq: S` for every undone ' +
    'step up to and including S (get_history `redo`). A new change after an undo clears what can be redone. Returns as undo ' +
    'does (`changed: false`: nothing to redo). Undoable: `undo` takes them back again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: StepTargetInput,
  output: UndoRedoPayload,
  handle: (args, { engine }) => toUndoRedo('redo', engine.history.redoMany(stepTarget(args)), engine.history, args.steps),
});
