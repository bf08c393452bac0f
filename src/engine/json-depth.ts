import { FootlightError } from './errors.js';

/**
 * How deep JSON from a client may nest: arrays and objects inside each other. The deepest real
 * message (an apply_operations batch, a console edit) nests under 10; 64 leaves room and keeps
 * every recursive step after parsing (the MCP SDK's request conversion, schema checks, copies)
 * far from the stack's end, which a 10,000-deep body of 20 kB reaches.
 */
export const MAX_JSON_DEPTH = 64;

/** The bound for project files, which nest deeper than messages (groups in groups); still far from the stack's end. */
export const MAX_FILE_JSON_DEPTH = 256;

/** Raised for JSON nested deeper than allowed; every surface answers it as a client error. */
export class JsonDepthError extends FootlightError {
  constructor(readonly limit: number) {
    super('invalid_argument', `the JSON nests deeper than ${limit} levels of arrays and objects`);
  }
}

/** The deepest nesting of `text`'s arrays and objects, stopping as soon as it passes `limit`. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON.parse that first refuses nesting deeper than `limit` (JsonDepthError) in one linear
 * scan, so no later recursive walk of the value can overflow the stack. Syntax errors throw
 * SyntaxError as JSON.parse does.
 */
export function parseJsonBounded(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (exceedsDepth(text, limit)) throw new JsonDepthError(limit);
  return JSON.parse(text) as unknown;
}
