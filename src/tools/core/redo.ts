import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { UndoRedoPayload, toUndoRedo } from './history-payloads.js';

export default defineTool({
  name: 'redo',
  title: 'Redo the latest undone change',
  toolset: 'history',
  description:
    'Performs again the step most recently taken back by undo (from any surface). Any new change after an undo clears what ' +
    'can be redone. Returns the step redone; `changed: false` means there was nothing to redo. Undoable: `undo` takes it back again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({}),
  output: UndoRedoPayload,
  handle: (_args, { engine }) => toUndoRedo('redo', engine.history.redo(), engine.history),
});
