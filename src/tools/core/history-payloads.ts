import * as z from 'zod';
import type { History, HistoryEntry } from '../../engine/commands/history.js';

export const HistoryStepPayload = z.strictObject({
  seq: z.number().int().describe('Sequence number of the step, increasing'),
  label: z.string().describe('What the step changed'),
  surface: z.enum(['mcp', 'console', 'osc', 'protocol3', 'cli', 'engine']).describe('Where the change came from'),
  session: z.string().optional().describe('MCP session id, console connection or peer address'),
  client: z.string().optional().describe('Name of the client that made it'),
  via: z
    .enum(['protocol3'])
    .optional()
    .describe(
      "Present when the change travelled over an in-process line: protocol3 for a sound tool's write to the built-in sound host (surface, session and client " +
        'still name the caller)',
    ),
  at: z.string().describe('When it was made (ISO 8601)'),
});
export type HistoryStepPayload = z.infer<typeof HistoryStepPayload>;

export function toHistoryStep(e: HistoryEntry): HistoryStepPayload {
  const out: HistoryStepPayload = { seq: e.seq, label: e.command.label, surface: e.origin.surface, at: new Date(e.at).toISOString() };
  if (e.origin.session !== undefined) out.session = e.origin.session;
  if (e.origin.client !== undefined) out.client = e.origin.client;
  if (e.origin.via !== undefined) out.via = e.origin.via;
  return out;
}

export const UndoRedoPayload = z.strictObject({
  action: z.enum(['undo', 'redo']),
  changed: z.boolean().describe('False when there was nothing to undo or redo'),
  step: HistoryStepPayload.optional().describe('The step that was undone or redone'),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  nextUndo: z.string().optional().describe('Label of the step the next undo would take back'),
  nextRedo: z.string().optional().describe('Label of the step the next redo would perform'),
  trimmed: z
    .string()
    .optional()
    .describe('Present when undo reached the bottom of a history that had to drop its earliest steps: the show is not back at its start'),
  droppedSteps: z.number().int().optional().describe('With trimmed: how many early steps were dropped'),
});
export type UndoRedoPayload = z.infer<typeof UndoRedoPayload>;

export function toUndoRedo(action: 'undo' | 'redo', entry: HistoryEntry | undefined, history: History): UndoRedoPayload {
  const out: UndoRedoPayload = { action, changed: entry !== undefined, canUndo: history.canUndo, canRedo: history.canRedo };
  if (entry !== undefined) out.step = toHistoryStep(entry);
  if (history.nextUndo !== undefined) out.nextUndo = history.nextUndo.command.label;
  if (history.nextRedo !== undefined) out.nextRedo = history.nextRedo.command.label;
  if (action === 'undo' && !history.canUndo && history.droppedSteps > 0) {
    out.droppedSteps = history.droppedSteps;
    out.trimmed =
      `the history was trimmed: its ${history.droppedSteps} earliest step(s) were dropped to stay inside its memory budget, so undo cannot go ` +
      `back further than this`;
  }
  return out;
}

export const HistoryMemoryPayload = z.strictObject({
  droppedSteps: z.number().int().describe('Earliest steps dropped to stay inside the memory budget since the show was loaded; undo cannot reach past them'),
  usedBytes: z.number().int().describe('Estimated heap the kept undo and redo steps hold'),
  budgetBytes: z.number().int().describe('The memory budget; past it the earliest steps are dropped'),
  nearBudget: z.boolean().describe('True from 80 % of the budget on: early steps will soon be dropped'),
});
export type HistoryMemoryPayload = z.infer<typeof HistoryMemoryPayload>;

export function toHistoryMemory(history: History): HistoryMemoryPayload {
  const u = history.usage;
  return { droppedSteps: u.droppedSteps, usedBytes: Math.round(u.bytes), budgetBytes: u.budgetBytes, nearBudget: u.nearBudget };
}
