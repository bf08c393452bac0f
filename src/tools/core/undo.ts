import { defineTool } from '../define-tool.js';
import { StepTargetInput, UndoRedoPayload, stepTarget, toUndoRedo } from './history-payloads.js';

export default defineTool({
  name: 'undo',
  title: 'Undo recent changes',
  toolset: 'history',
  description:
    "Takes back the latest steps of the show's one shared history, whoever made them (this session, other agents, the console, " +
    'OSC, protocol 3): one step, `steps: N`, or `toSeq: S` for every step after S (a seq from get_history). Check get_history ' +
    'first to undo only your own work. One atomic call; returns a summary, each step undone and the new position (`changed: ' +
    'false`: nothing to undo). A step that cannot be undone stops the call: `stopped` names it. Structural undos can renumber ' +
    'paths. Undoable: `redo` performs the steps again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: StepTargetInput,
  output: UndoRedoPayload,
  handle: (args, { engine }) => toUndoRedo('undo', engine.history.undoMany(stepTarget(args)), engine.history, args.steps),
});
