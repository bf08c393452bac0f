import { lstat, mkdir, readdir, rename, writeFile, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pidAlive } from './pid-alive.js';

/** The prefix of this process's temporaries for `name`: `.<name>.<pid>.` (the name cut to 64 characters). */
export function tempPrefix(name: string, pid = process.pid): string {
  return `.${name.slice(0, 64)}.${pid}.`;
}

/**
 * Removes temporaries a killed process left beside `name` in `dir`: entries named
 * `.<name>.<pid>.<random>[.tmp]` whose process no longer exists. A crash mid-write leaves one
 * (the target itself is never partial); the next write of the same name clears it. Entries of
 * live processes, and anything not shaped like a temporary, are left alone.
 */
export async function sweepStaleTemporaries(dir: string, name: string): Promise<void> {
  const head = `.${name.slice(0, 64)}.`;
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(head)) continue;
    const m = /^(\d{1,10})\.[A-Za-z0-9]{6,16}(\.tmp)?$/.exec(entry.slice(head.length));
    if (m === null) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || pidAlive(pid)) continue;
    const path = join(dir, entry);
    const st = await lstat(path).catch(() => undefined);
    if (st === undefined || st.isSymbolicLink()) continue;
    if (st.isDirectory()) {
      // A save's temporary folder holds its one temporary file and nothing else.
      const inside = await readdir(path).catch(() => ['?']);
      if (inside.some((f) => !f.endsWith('.tmp'))) continue;
    }
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Writes a file so that readers see either the old content or the new, never a part: the data
 * goes to a temporary file in the same folder, which is then renamed over the target. Temporaries
 * left by a process killed mid-write are removed by the next write of the same file.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await sweepStaleTemporaries(dirname(path), basename(path));
  const tmp = join(dirname(path), `${tempPrefix(basename(path))}${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, data, { flush: true });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
