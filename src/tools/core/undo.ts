import { defineTool } from '../define-tool.js';
import { StepTargetInput, UndoRedoPayload, stepTarget, toUndoRedo } from './history-payloads.js';

export default defineTool({
  name: 'undo',
  title: 'Undo recent changes',
  toolset: 'history',
  description:
    "Takes back the most recent steps of the show's one shared history — whoever made them: this session, another agent, the " +
    'operator at the console, OSC or protocol 3. No arguments: one step. `steps: N` takes back N steps; `toSeq: S` takes back ' +
    'every step after step S (a seq from get_history), so S ends on top. Check get_history first if you only mean to undo your ' +
    'own work. One call is atomic: nothing else interleaves. Returns a summary, every step undone (seq, label, surface) and the ' +
    'new position; `changed: false` means there was nothing to undo. If a step cannot be undone the call stops there, ' +
    '`stopped` names it and `steps` lists what was undone. Structural undos can renumber paths: re-list before reusing cached ' +
    'paths. Undoable: `redo` performs the steps again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: StepTargetInput,
  output: UndoRedoPayload,
  handle: (args, { engine }) => toUndoRedo('undo', engine.history.undoMany(stepTarget(args)), engine.history, args.steps),
});
