import * as z from 'zod';
import { displayTextProblem } from '../../engine/text.js';
import { FootlightError, invalidArgument } from '../../engine/errors.js';
import { describeZodError } from '../zod-errors.js';
import { defineTool, type AnyTool } from '../define-tool.js';
import { HistoryStepPayload, toHistoryStep } from './history-payloads.js';

const NOT_BATCHABLE = new Set(['apply_operations', 'undo', 'redo']);
const MAX_OPERATIONS = 100;

export default defineTool({
  name: 'apply_operations',
  title: 'Apply several changes as one',
  toolset: 'batch',
  description:
    "Runs up to 100 changing tool calls as one transaction: every operation's arguments are checked before anything runs, " +
    'then all are applied in order inside one engine task — between two frames, so no frame ever shows half of it — and ' +
    'recorded as ONE undo step. If any operation fails, everything already applied is rolled back and the error names the ' +
    'operation (0-based index), its tool and the reason: all or nothing. Each operation is {"tool": "<name>", "args": {...}} ' +
    'with the same arguments as calling that tool directly; read-only tools, undo, redo and nested batches are refused. ' +
    'Later operations see the effects of earlier ones (paths shift after structural changes). Undoable.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    operations: z
      .array(
        z.strictObject({
          tool: z.string().describe('Tool name, e.g. set_parameter'),
          args: z.record(z.string(), z.unknown()).default({}).describe("That tool's arguments"),
        }),
      )
      .min(1)
      .max(MAX_OPERATIONS)
      .describe('The operations, applied in order'),
    label: z
      .string()
      .max(120)
      .refine((s) => displayTextProblem(s) === undefined, 'must be plain text: no control or bidi characters, U+FEFF or unpaired surrogates')
      .optional()
      .describe('Name of the undo step (default "Batch of N changes")'),
  }),
  output: z.strictObject({
    applied: z.number().int().describe('How many operations were applied (all of them)'),
    results: z.array(z.strictObject({ tool: z.string(), result: z.record(z.string(), z.unknown()) })).describe("Each operation's payload, in order"),
    step: HistoryStepPayload.optional().describe('The one undo step the batch made (absent if nothing changed)'),
  }),
  handle: ({ operations, label }, ctx) => {
    const planned: { tool: AnyTool; args: unknown }[] = operations.map((op, i) => {
      const tool = ctx.findTool(op.tool);
      if (tool === undefined) throw invalidArgument(`operations[${i}]: no tool named ${JSON.stringify(op.tool)}`);
      if (tool.annotations.readOnlyHint || NOT_BATCHABLE.has(tool.name) || tool.mode === 'direct') {
        throw invalidArgument(`operations[${i}]: ${tool.name} cannot run in a batch (only changing light tools can; undo, redo and batches cannot)`);
      }
      const parsed = tool.input.safeParse(op.args);
      if (!parsed.success) throw invalidArgument(`operations[${i}] (${tool.name}): ${describeZodError(parsed.error)}; nothing was applied`);
      return { tool, args: parsed.data };
    });
    let current = 0;
    try {
      const { result, entry } = ctx.engine.history.transaction(label ?? `Batch of ${planned.length} change${planned.length === 1 ? '' : 's'}`, ctx.origin, () =>
        planned.map(({ tool, args }, i) => {
          current = i;
          const payload = tool.handle(args as never, ctx);
          if (payload instanceof Promise) throw invalidArgument(`operations[${i}]: ${tool.name} cannot run in a batch`);
          return { tool: tool.name, result: payload as Record<string, unknown> };
        }),
      );
      const out: { applied: number; results: typeof result; step?: ReturnType<typeof toHistoryStep> } = { applied: result.length, results: result };
      if (entry !== undefined) out.step = toHistoryStep(entry);
      return out;
    } catch (err) {
      if (err instanceof FootlightError)
        throw new FootlightError(
          err.code,
          `operations[${current}] (${planned[current].tool.name}) failed: ${err.message}; every operation was rolled back and nothing changed`,
        );
      throw err;
    }
  },
});
