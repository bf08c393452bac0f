// For tests that run `footlight serve` (or another command) as a real child process: the
// launcher, a wait for a condition the child reaches, and its exit code.
import type { ChildProcess } from 'node:child_process';

/** The `footlight` launcher (bin/footlight.js). */
export const BIN = new URL('../../bin/footlight.js', import.meta.url).pathname;

/** Polls `get` every 50 ms until it gives a value (a throw counts as not yet), else fails after `ms`. */
export async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await get().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The child's exit code (−1 when a signal ended it). */
export const exitOf = (child: ChildProcess): Promise<number> => new Promise((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
