import { FootlightError } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';

/** An image or audio content block (base64 data). */
interface ImageBlock {
  readonly type: 'image' | 'audio';
  readonly data: string;
  readonly mimeType: string;
}

export interface ToolResult {
  [key: string]: unknown;
  content: ({ type: 'text'; text: string } | ImageBlock)[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A success: the payload as structured content and the byte-identical JSON as text. */
export function toolResult(payload: Record<string, unknown>, images: readonly ImageBlock[] = []): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(payload) }, ...images], structuredContent: payload };
}

/**
 * The only place an unknown throwable becomes `internal`; the bug keeps its stack, in the log.
 * A zod failure here is one too: the caller's arguments were parsed at the edge (ToolRegistry.invoke
 * words those as `invalid_argument`), so a ZodError that reaches this far came from the domain or
 * the adapter, a Footlight bug, not the caller's.
 */
export function toolError(err: unknown, log: Logger, tool: string): ToolResult {
  let e: FootlightError;
  if (err instanceof FootlightError) e = err;
  else {
    e = new FootlightError('internal', `unexpected failure in ${tool} (logged on the server); re-read state before retrying`);
    log.error({ err, tool }, 'tool handler failed');
  }
  if (e.code === 'internal' && err instanceof FootlightError) log.error({ err, tool }, 'tool reported internal');
  return { isError: true, content: [{ type: 'text', text: `${e.code}: ${e.message}` }] };
}
