import * as z from 'zod';
import { defineTool } from '../define-tool.js';
import { HistoryMemoryPayload, HistoryStepPayload, toHistoryMemory, toHistoryStep } from './history-payloads.js';

export default defineTool({
  name: 'get_history',
  title: 'Read the undo history',
  toolset: 'history',
  description:
    'Lists the most recent steps of the shared undo history, newest first, with who made each (surface, session, client), ' +
    'and the steps redo would perform. One tool call that changes the show is one step. ' +
    'The history keeps steps up to a memory budget; `memory.droppedSteps` > 0 means the earliest steps were dropped and undo cannot reach the start.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.strictObject({
    limit: z.number().int().min(1).max(200).default(20).describe('How many steps to return (1–200, default 20)'),
  }),
  output: z.strictObject({
    steps: z.array(HistoryStepPayload).describe('Undoable steps, newest first'),
    redo: z.array(HistoryStepPayload).describe('Redoable steps, next first'),
    canUndo: z.boolean(),
    canRedo: z.boolean(),
    undoDepth: z.number().int(),
    memory: HistoryMemoryPayload,
  }),
  handle: ({ limit }, { engine }) => ({
    steps: engine.history.recent(limit).map(toHistoryStep),
    redo: engine.history.redoable(limit).map(toHistoryStep),
    canUndo: engine.history.canUndo,
    canRedo: engine.history.canRedo,
    undoDepth: engine.history.undoDepth,
    memory: toHistoryMemory(engine.history),
  }),
});
