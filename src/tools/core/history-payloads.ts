import * as z from 'zod';
import { MAX_STEPS_PER_CALL, type History, type HistoryEntry, type StepRun, type StepTarget } from '../../engine/commands/history.js';
import { invalidArgument } from '../../engine/errors.js';

export const HistoryStepPayload = z.strictObject({
  seq: z.number().int().describe('Sequence number of the step, increasing'),
  label: z.string().describe('What the step changed'),
  surface: z.enum(['mcp', 'console', 'osc', 'midi', 'protocol3', 'cli', 'engine', 'cluster']).describe('Where the change came from'),
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

/** The arguments of undo and redo: how far to go. Neither means one step. */
export const StepTargetInput = z.strictObject({
  steps: z.number().int().min(1).max(MAX_STEPS_PER_CALL).optional().describe(`Steps to take (default 1); more than there are takes all`),
  toSeq: z.number().int().optional().describe('Instead of steps: the seq of the step to end on'),
});

export function stepTarget(args: z.infer<typeof StepTargetInput>): StepTarget {
  if (args.toSeq === undefined) return { steps: args.steps ?? 1 };
  if (args.steps !== undefined) throw invalidArgument('send either steps or toSeq, not both. Nothing was changed');
  return { toSeq: args.toSeq };
}

/** A step as an undo or redo reply lists it: enough to find it in get_history. */
const StepBriefPayload = z.strictObject({
  seq: z.number().int(),
  label: z.string(),
  surface: HistoryStepPayload.shape.surface,
});
type StepBriefPayload = z.infer<typeof StepBriefPayload>;

const brief = (e: HistoryEntry): StepBriefPayload => ({ seq: e.seq, label: e.command.label, surface: e.origin.surface });

export const UndoRedoPayload = z.strictObject({
  summary: z.string().describe('What happened, in one line'),
  action: z.enum(['undo', 'redo']),
  changed: z.boolean().describe('False when there was nothing to undo or redo'),
  steps: z.array(StepBriefPayload).describe('Every step undone or redone, in the order it was applied'),
  step: HistoryStepPayload.optional().describe('The last step undone or redone, with who made it'),
  stopped: z
    .strictObject({ seq: z.number().int(), label: z.string(), surface: HistoryStepPayload.shape.surface, error: z.string() })
    .optional()
    .describe('Present when a step could not be applied: it and the steps past it were left as they were; `steps` lists what was'),
  position: z
    .strictObject({
      seq: z.number().int().describe('Seq of the step now on top of the history (0 at its bottom)'),
      undoDepth: z.number().int(),
      redoDepth: z.number().int(),
    })
    .describe('Where the history stands now'),
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

export function toUndoRedo(action: 'undo' | 'redo', run: StepRun, history: History, requested?: number): UndoRedoPayload {
  const done = run.done;
  const last = done[done.length - 1];
  const top = history.nextUndo;
  const out: UndoRedoPayload = {
    summary: summarize(action, run, requested),
    action,
    changed: done.length > 0,
    steps: done.map(brief),
    position: { seq: top?.seq ?? 0, undoDepth: history.undoDepth, redoDepth: history.redoDepth },
    canUndo: history.canUndo,
    canRedo: history.canRedo,
  };
  if (last !== undefined) out.step = toHistoryStep(last);
  if (run.failed !== undefined) out.stopped = { ...brief(run.failed.entry), error: run.failed.error.message };
  if (top !== undefined) out.nextUndo = top.command.label;
  if (history.nextRedo !== undefined) out.nextRedo = history.nextRedo.command.label;
  if (action === 'undo' && !history.canUndo && history.droppedSteps > 0) {
    out.droppedSteps = history.droppedSteps;
    out.trimmed =
      `the history was trimmed: its ${history.droppedSteps} earliest step(s) were dropped to stay inside its memory budget, so undo cannot go ` +
      `back further than this`;
  }
  return out;
}

function summarize(action: 'undo' | 'redo', run: StepRun, requested: number | undefined): string {
  const done = run.done;
  const verb = action === 'undo' ? 'Undid' : 'Redid';
  if (done.length === 0) return `Nothing to ${action}.`;
  const first = done[0] as HistoryEntry;
  const last = done[done.length - 1] as HistoryEntry;
  let s = done.length === 1 ? `${verb} seq ${first.seq} "${first.command.label}".` : `${verb} ${done.length} steps, seq ${first.seq} to ${last.seq}.`;
  const failed = run.failed?.entry;
  if (failed !== undefined)
    s +=
      ` Stopped at seq ${failed.seq} "${failed.command.label}", which could not be ${verb === 'Undid' ? 'undone' : 'redone'}: ` +
      'it and the steps past it are unchanged.';
  else if (requested !== undefined && done.length < requested) s += ` Asked for ${requested}; the ${action} stack held only ${done.length}.`;
  return s;
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
