import * as z from 'zod';
import { invalidArgument, stale } from '../engine/errors.js';

/** Arguments every paged list takes. */
export const PageInput = {
  cursor: z.string().max(200).optional().describe('nextCursor from the previous page; omit for the first page'),
  limit: z.number().int().min(1).max(200).optional().describe('Items per page (1–200)'),
};

interface CursorState {
  readonly list: string;
  readonly offset: number;
  readonly revision: number;
}

function encode(state: CursorState): string {
  return Buffer.from(JSON.stringify([state.list, state.offset, state.revision])).toString('base64url');
}

function decode(cursor: string, list: string): CursorState {
  try {
    const [l, offset, revision] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown, unknown];
    if (l === list && Number.isInteger(offset) && Number.isInteger(revision) && (offset as number) >= 0)
      return { list, offset: offset as number, revision: revision as number };
  } catch {
    // fall through
  }
  throw invalidArgument('cursor is not a cursor from this list; omit it to start from the first page');
}

interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly nextCursor?: string;
}

/**
 * One page of a list. The cursor pins the structure revision it was made at: if the show's
 * structure changed between pages, the next page is refused as `stale` rather than silently
 * skipping or repeating entries.
 */
export function page<T>(all: readonly T[], options: { list: string; cursor?: string; limit: number; revision: number }): Page<T> {
  let offset = 0;
  if (options.cursor !== undefined) {
    const state = decode(options.cursor, options.list);
    if (state.revision !== options.revision)
      throw stale("the show's structure changed since the first page, so this cursor no longer lines up; list again from the start");
    offset = state.offset;
  }
  const items = all.slice(offset, offset + options.limit);
  const next = offset + items.length;
  return next < all.length
    ? { items, total: all.length, nextCursor: encode({ list: options.list, offset: next, revision: options.revision }) }
    : { items, total: all.length };
}
