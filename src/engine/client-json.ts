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
class JsonDepthError extends FootlightError {
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
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The depth bound alone, for text another parser reads (LX's lenient project JSON). */
export function assertJsonTextDepth(text: string, limit: number): void {
  if (exceedsDepth(text, limit)) throw new JsonDepthError(limit);
}

/** Raised for an object key `__proto__` in a client's JSON; answered as a client error like the depth bound. */
class ProtoKeyError extends FootlightError {
  constructor(path: string) {
    super('invalid_argument', `unknown argument "__proto__" at ${path}: no Footlight message or argument has that key`);
  }
}

/** Where the first own `__proto__` key is in `value`, as a JSON path; undefined when there is none. */
function protoKeyPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '$']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) return path;
    for (const [k, x] of Object.entries(v)) stack.push([x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`]);
  }
  return undefined;
}

/**
 * JSON.parse for what a client sends. It first refuses nesting deeper than `limit`
 * (JsonDepthError) in one linear scan, so no later recursive walk of the value can overflow the
 * stack, and refuses any object key `__proto__` (ProtoKeyError): every later copy by assignment
 * (the MCP SDK's schemas, for one) would silently drop it, where any other unknown key is
 * refused by the tool's schema. Syntax errors throw SyntaxError as JSON.parse does.
 */
export function parseJsonBounded(text: string, limit = MAX_JSON_DEPTH): unknown {
  if (exceedsDepth(text, limit)) throw new JsonDepthError(limit);
  const value = JSON.parse(text) as unknown;
  if (text.includes('__proto__') || text.includes('\\u')) {
    const path = protoKeyPath(value);
    if (path !== undefined) throw new ProtoKeyError(path);
  }
  return value;
}
