import * as z from 'zod';
import { FootlightError } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';

export interface ImageBlock {
  readonly type: 'image';
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

/** The only place an unknown throwable becomes `internal`; the bug keeps its stack, in the log. */
export function toolError(err: unknown, log: Logger, tool: string): ToolResult {
  let e: FootlightError;
  if (err instanceof FootlightError) e = err;
  else if (err instanceof z.ZodError) e = new FootlightError('invalid_argument', describeZodError(err));
  else {
    e = new FootlightError('internal', `unexpected failure in ${tool} (logged on the server); re-read state before retrying`);
    log.error({ err, tool }, 'tool handler failed');
  }
  if (e.code === 'internal' && err instanceof FootlightError) log.error({ err, tool }, 'tool reported internal');
  return { isError: true, content: [{ type: 'text', text: `${e.code}: ${e.message}` }] };
}

/** Words a schema failure as `field: problem; field: problem` for an agent to act on. */
export function describeZodError(err: z.ZodError): string {
  const parts = err.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'arguments';
    return `${field}: ${describeIssue(issue)}`;
  });
  if (err.issues.length > 5) parts.push(`and ${err.issues.length - 5} more problems`);
  return parts.join('; ');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_type':
      return describeType([issue.expected], issue.message);
    case 'invalid_union': {
      const expected = issue.errors.flatMap((branch) => branch.filter((i) => i.code === 'invalid_type' && i.path.length === 0).map((i) => (i as z.core.$ZodIssueInvalidType).expected));
      return expected.length > 0 ? describeType(expected, issue.errors[0][0]?.message ?? '') : 'does not match any accepted form';
    }
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

/** zod 4 does not keep the input; its message ends with "received <type>". */
function describeType(expected: readonly string[], message: string): string {
  const wanted = expected.length === 1 ? expected[0] : `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]}`;
  const received = /received (\w+)/.exec(message)?.[1];
  if (received === undefined || received === 'undefined') return `required (${wanted})`;
  return `expected ${wanted}, got ${received}`;
}
