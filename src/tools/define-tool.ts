import type * as z from 'zod';
import type { ToolContext } from './context.js';

interface ToolAnnotations {
  /** True when the tool never changes the show. Required: every tool says so explicitly. */
  readonly readOnlyHint: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * A tool is plain data around one domain call. `handle` parses nothing (the input schema has
 * done that), calls one operation and shapes the payload.
 */
interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  /** Product documentation: the only manual an agent reads. Mutations say whether they undo. */
  readonly description: string;
  /** The family the tool belongs to, e.g. `status`, `parameters`, `history`. */
  readonly toolset: string;
  readonly annotations: ToolAnnotations;
  readonly input: I;
  readonly output: O;
  /**
   * `queued` (default): `handle` runs synchronously as one engine-queue task under the request
   * deadline, atomic with respect to frames and other calls. `direct`: `handle` runs outside
   * the queue (for tools whose work is I/O to another process) and queues what it needs itself.
   */
  readonly mode?: 'queued' | 'direct';
  /** Work that can take seconds: a client may run it as an MCP Task (`execution.taskSupport: optional`). */
  readonly longRunning?: true;
  /** MCP Apps: the ui:// resource that shows this tool's work; `visibility: ['app']` hides it from the model. */
  readonly ui?: { readonly resourceUri: string; readonly visibility?: readonly ('model' | 'app')[] };
  readonly handle: (args: z.infer<I>, ctx: ToolContext) => z.infer<O> | Promise<z.infer<O>>;
}

/** Identity with types: lets zod infer `args` and the payload for each tool. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return def;
}

export type AnyTool = ToolDefinition<z.ZodObject, z.ZodObject>;
