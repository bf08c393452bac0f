import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { UndoRedoPayload, toUndoRedo } from './history-payloads.js';

export default defineTool({
  name: 'undo',
  title: 'Undo the latest change',
  toolset: 'history',
  description:
    "Takes back the most recent step of the show's one shared history — whoever made it: this session, another agent, the " +
    'operator at the console, OSC or protocol 3. Check get_history first if you only mean to undo your own work. Returns the ' +
    'step undone and what undo/redo would do next; `changed: false` means there was nothing to undo. Structural undos can ' +
    'renumber paths: re-list before reusing cached paths. Undoable: `redo` performs the step again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({}),
  output: UndoRedoPayload,
  handle: (_args, { engine }) => toUndoRedo('undo', engine.history.undo(), engine.history),
});
