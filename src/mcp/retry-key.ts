import * as z from 'zod';
import type { AnyTool } from '../tools/define-tool.js';

/** The optional retry key of the writes a resend would double (src/mcp/replays.ts serves it). */
export const RequestId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/)
  .describe('Retry key: resending the same call with the same id from this client (its session) returns the first reply, changing nothing');

/** True for the writes a blind retry would double. */
export function takesRequestId(tool: AnyTool): boolean {
  return !tool.annotations.readOnlyHint && tool.annotations.idempotentHint !== true;
}

const widened = new WeakMap<z.ZodObject, z.ZodObject>();

/** The tool's input as advertised: its own fields plus `request_id`. */
export function withRequestId(input: z.ZodObject): z.ZodObject {
  let out = widened.get(input);
  if (out === undefined) {
    out = input.extend({ request_id: RequestId.optional() });
    widened.set(input, out);
  }
  return out;
}
