import { invalidArgument } from '../engine/errors.js';

/**
 * Argument encoding for protocol-3 lines: the adapter takes raw exact strings from MCP callers
 * and encodes each `*_B64` argument separately as URL-safe base64 of its UTF-8.
 */
export const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/** A finite decimal token the host accepts (`NaN`, `Infinity` and exponents of huge size never reach the wire). */
export function num(value: number, what: string): string {
  if (!Number.isFinite(value)) throw invalidArgument(`${what} must be a finite number; got ${value}`);
  const text = String(value);
  return text === '-0' ? '0' : text;
}

export const bool = (value: boolean): string => (value ? 'true' : 'false');

/** The MCP exposed-control scale (0–128) and the native protocol's normalized 0–1. */
const MCP_SCALE_MAX = 128;
export const toNative = (mcp: number): number => mcp / MCP_SCALE_MAX;
export const toMcp = (native: number): number => Math.round(native * MCP_SCALE_MAX * 1e6) / 1e6;
