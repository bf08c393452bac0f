import type { Command } from './command.js';
import type { ParameterChange } from './side-effects.js';

/** What a history step holds that the estimate reads (history.ts's HistoryEntry, named by shape: no import cycle). */
interface StepContents {
  readonly command: Command;
  readonly mergeKey?: string;
  readonly changes: readonly ParameterChange[];
}

/**
 * What one history entry (its record, origin and change list) costs on the V8 heap beyond the
 * command it holds, in bytes. `node --expose-gc --import tsx bench/history-step-cost.ts` measures
 * a one-parameter step at about 590 bytes in all, which these constants count as about 590.
 */
const ENTRY_BYTES = 240;
/** One recorded parameter change (its object plus the array slot). */
const CHANGE_BYTES = 72;
/** A plain object or array the walk visits, before its fields. */
const OBJECT_BYTES = 32;
/** A field or array slot. */
const SLOT_BYTES = 8;
/** An object the walk does not enter (a class instance that is not a command: a component). */
const OPAQUE_BYTES = 64;
/** The walk stops after this many values; what is left is counted at the average so far. */
const MAX_VISITS = 20_000;

function stringBytes(s: string): number {
  return 16 + s.length * 2;
}

function isCommandLike(v: object): boolean {
  const o = v as { perform?: unknown; undo?: unknown };
  return typeof o.perform === 'function' && typeof o.undo === 'function';
}

/**
 * An estimate of the heap a step keeps alive: the entry, each recorded change with its values,
 * and the command's own state (the JSON a removal keeps to put the thing back, the child steps
 * of a batch). The walk enters plain objects, arrays, maps, sets, typed arrays and commands; any
 * other object (a component the command points to) is counted flat, since the show holds it anyway.
 */
export function estimateStepBytes(entry: StepContents): number {
  let bytes = ENTRY_BYTES + stringBytes(entry.command.label);
  if (entry.mergeKey !== undefined) bytes += stringBytes(entry.mergeKey);
  for (const c of entry.changes) {
    bytes += CHANGE_BYTES + stringBytes(c.key);
    if (typeof c.before === 'string') bytes += stringBytes(c.before);
    if (typeof c.after === 'string') bytes += stringBytes(c.after);
  }
  return bytes + estimateValueBytes(entry.command);
}

/** The heap held by `root` and what it reaches, by the rules of estimateStepBytes. */
function estimateValueBytes(root: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let bytes = 0;
  let visits = 0;
  while (stack.length > 0) {
    if (visits >= MAX_VISITS) return Math.round(bytes + (bytes / visits) * stack.length);
    const v = stack.pop();
    visits++;
    if (typeof v === 'string') {
      bytes += stringBytes(v);
      continue;
    }
    if (typeof v !== 'object' || v === null) {
      bytes += SLOT_BYTES;
      continue;
    }
    if (seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      bytes += OBJECT_BYTES + v.byteLength;
      continue;
    }
    if (v instanceof Map) {
      bytes += OBJECT_BYTES + v.size * 3 * SLOT_BYTES;
      for (const [k, x] of v) stack.push(k, x);
      continue;
    }
    if (v instanceof Set) {
      bytes += OBJECT_BYTES + v.size * 2 * SLOT_BYTES;
      for (const x of v) stack.push(x);
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (Array.isArray(v) || proto === Object.prototype || proto === null || isCommandLike(v)) {
      const values = Object.values(v);
      bytes += OBJECT_BYTES + values.length * SLOT_BYTES;
      for (const x of values) stack.push(x);
      continue;
    }
    bytes += OPAQUE_BYTES;
  }
  return bytes;
}
