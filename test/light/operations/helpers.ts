import assert from 'node:assert/strict';
import type { TestShow } from '../../helpers/show.js';

/** Everything a light mutation could change that the tests compare: channels in full, master, history. */
export async function showState(show: TestShow, extra: (() => Promise<unknown>)[] = []): Promise<unknown> {
  return {
    channels: await show.call('list_channels', { detail: 'full' }),
    master: await show.call('get_channel', { path: '/lx/mixer/master' }),
    extra: await Promise.all(extra.map((f) => f())),
  };
}

export async function history(show: TestShow): Promise<unknown> {
  return show.call('get_history', { limit: 200 });
}

/** Runs a failing call and checks its code and that state and history are unchanged. */
export async function assertRefused(
  show: TestShow,
  tool: string,
  args: Record<string, unknown>,
  expected: RegExp,
  extra: (() => Promise<unknown>)[] = [],
): Promise<string> {
  const state = await showState(show, extra);
  const h = await history(show);
  const text = await show.callError(tool, args);
  assert.match(text, expected);
  assert.deepEqual(await showState(show, extra), state, `${tool}: state changed after a refusal`);
  assert.deepEqual(await history(show), h, `${tool}: history changed after a refusal`);
  return text;
}

/** do → assert → undo → assert restored (the state before) → redo → the state after `do` again. */
export async function assertUndoable<T>(
  show: TestShow,
  action: () => Promise<T>,
  check: (result: T) => void | Promise<void>,
  extra: (() => Promise<unknown>)[] = [],
): Promise<T> {
  const before = await showState(show, extra);
  const depth = ((await history(show)) as { undoDepth: number }).undoDepth;
  const result = await action();
  await check(result);
  const after = await showState(show, extra);
  assert.equal(((await history(show)) as { undoDepth: number }).undoDepth, depth + 1, 'one call is one undo step');
  await show.call('undo');
  assert.deepEqual(await showState(show, extra), before, 'undo restores the state before');
  await show.call('redo');
  assert.deepEqual(await showState(show, extra), after, 'redo gives the same state again (same ids)');
  await show.call('undo');
  return result;
}

/** Wires a compound modulation with wire_modulation (one undo step); returns the modulation's path. */
export async function wireDirect(show: TestShow, sourcePath: string, targetPath: string, scopePath?: string, range = 0.5): Promise<string> {
  const args: Record<string, unknown> = { sourcePath, targetPath, range };
  if (scopePath !== undefined) args.scope = scopePath;
  return (await show.call('wire_modulation', args)).modulation.path;
}

/** A tool's answer as text, whether it succeeds or fails (for state that may not exist in every phase). */
export function probe(show: TestShow, tool: string, args: Record<string, unknown>): () => Promise<string> {
  return async () => {
    const r = await show.client.callTool({ name: tool, arguments: args });
    return (r.content as { text?: string }[])[0]?.text ?? '';
  };
}
