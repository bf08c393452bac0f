/**
 * The one error type of Footlight. Every expected failure carries a code that surfaces map to
 * their wire form (MCP: `code: message`; protocol 3: a JSON error). Anything else thrown is a
 * bug, reported as `internal` at the edge and logged with its stack.
 */
/**
 * `busy`: a bound on concurrent work is reached (the listen pool…); nothing was done, and the same
 * call may succeed once the work in progress ends.
 * `unavailable`: this process may not do it now (a cluster's render node has no leader to send a write to; the
 * leader's command log did not take the call); nothing changed, and the reason names where to go.
 */
export type ErrorCode = 'not_found' | 'invalid_argument' | 'stale' | 'timeout' | 'busy' | 'unavailable' | 'internal';

export const ERROR_CODES: readonly ErrorCode[] = ['not_found', 'invalid_argument', 'stale', 'timeout', 'busy', 'unavailable', 'internal'];

export class FootlightError extends Error {
  override readonly name = 'FootlightError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function notFound(message: string): FootlightError {
  return new FootlightError('not_found', message);
}

export function invalidArgument(message: string): FootlightError {
  return new FootlightError('invalid_argument', message);
}

export function stale(message: string): FootlightError {
  return new FootlightError('stale', message);
}

export function unavailable(message: string): FootlightError {
  return new FootlightError('unavailable', message);
}

export function internal(message: string): FootlightError {
  return new FootlightError('internal', message);
}

export function isFootlightError(err: unknown): err is FootlightError {
  return err instanceof FootlightError;
}
