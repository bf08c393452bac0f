import { invalidArgument } from '../../engine/errors.js';

/**
 * Argument parsers of protocol 3. Each takes one whitespace-delimited token and the name the
 * contract gives it, and refuses anything else with invalid_argument naming the argument.
 */

/**
 * The number grammar of protocol 3 (docs/protocol3.md, "Arguments"): JSON's, decided once for
 * every argument. An optional minus (never a plus), no leading zeros, digits on both sides of a
 * point, an optional exponent. A decimal must also keep its value as a double: one that
 * overflows to Infinity or whose nonzero digits underflow to 0 (`1e-400`) is refused, not rounded.
 */
const INTEGER = /^-?(?:0|[1-9]\d{0,15})$/;
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d{1,4})?$/;
/** The digits before the exponent, to tell an underflow from a real zero. */
const NONZERO_MANTISSA = /^-?[0.]*[1-9]/;
const B64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const DIGEST = /^[0-9a-f]{64}$/;

const show = (token: string): string => JSON.stringify(token.length > 40 ? `${token.slice(0, 40)}…` : token);

export function integer(token: string, name: string): number {
  if (!INTEGER.test(token)) throw invalidArgument(`${name} takes a decimal integer (optional -, no + or leading zeros); got ${show(token)}`);
  const n = Number(token);
  if (!Number.isSafeInteger(n)) throw invalidArgument(`${name} is out of range; got ${show(token)}`);
  return n;
}

/** A signed 32-bit integer (native clip ids). */
export function int32(token: string, name: string): number {
  const n = integer(token, name);
  if (n < -(2 ** 31) || n > 2 ** 31 - 1) throw invalidArgument(`${name} takes a signed 32-bit integer; got ${show(token)}`);
  return n;
}

/** A positive integer id (track, device, module and modulator instance ids). */
export function id(token: string, name: string): number {
  const n = integer(token, name);
  if (n < 1) throw invalidArgument(`${name} takes a positive integer id from a read command; got ${show(token)}`);
  return n;
}

/** A finite decimal number (no NaN, Infinity, hex or empty strings). */
export function number(token: string, name: string): number {
  if (!DECIMAL.test(token))
    throw invalidArgument(
      `${name} takes a finite decimal number such as 12, -0.5 or 1e3 (optional -, no +, no leading zeros, digits on both sides of a point); got ${show(token)}`,
    );
  const n = Number(token);
  if (!Number.isFinite(n)) throw invalidArgument(`${name} takes a finite number; got ${show(token)}`);
  if (n === 0 && NONZERO_MANTISSA.test(token)) throw invalidArgument(`${name} is too small to represent (it would round to 0); got ${show(token)}`);
  return n;
}

/** Literal `true` or `false`. */
export function literalBoolean(token: string, name: string): boolean {
  if (token === 'true') return true;
  if (token === 'false') return false;
  throw invalidArgument(`${name} takes literal true or false; got ${show(token)}`);
}

/** Literal `true`, `false` or `keep`. */
export function triState(token: string, name: string): boolean | 'keep' {
  if (token === 'keep') return 'keep';
  if (token === 'true') return true;
  if (token === 'false') return false;
  throw invalidArgument(`${name} takes true, false or keep; got ${show(token)}`);
}

/** A native Grid value: literal true/false for booleans, else a finite number. */
export function nativeValue(token: string, name: string): number | boolean {
  if (token === 'true') return true;
  if (token === 'false') return false;
  if (!DECIMAL.test(token)) throw invalidArgument(`${name} takes a native number or literal true/false; got ${show(token)}`);
  return number(token, name);
}

/** A 64-lowercase-hex digest (tokens, revisions, SHA-256). */
export function digestArg(token: string, name: string): string {
  if (!DIGEST.test(token)) throw invalidArgument(`${name} takes 64 lowercase hex digits; got ${show(token)}`);
  return token;
}

/** URL-safe base64 of a UTF-8 string; padding optional; the standard alphabet's + and / are refused. */
export function base64Utf8(token: string, name: string): string {
  if (!B64URL.test(token) || token.replace(/=+$/, '').length % 4 === 1)
    throw invalidArgument(`${name} takes URL-safe base64 (A–Z a–z 0–9 - _, optional = padding); got ${show(token)}`);
  const body = token.replace(/=+$/, '');
  if (token.length !== body.length && token.length % 4 !== 0) throw invalidArgument(`${name} has bad base64 padding; got ${show(token)}`);
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.toString('base64url') !== body) throw invalidArgument(`${name} is not canonical URL-safe base64; got ${show(token)}`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidArgument(`${name} decodes to bytes that are not UTF-8`);
  }
}

export function oneOf<T extends string>(token: string, name: string, options: readonly T[]): T {
  if ((options as readonly string[]).includes(token)) return token as T;
  throw invalidArgument(`${name} takes one of ${options.join(', ')}; got ${show(token)}`);
}
