import { lstat, readdir, rename, writeFile, rm } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { invalidArgument } from '../engine/errors.js';
import { checkOutputFile, makeFolders } from './output-path.js';
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

/** A file being written under a temporary name beside its target. */
interface PendingOutput {
  /** Where to write: `.<name>.<pid>.<random>.tmp` in the target's folder. */
  readonly temp: string;
  /** Renames the temporary over the target: the new file replaces the old one whole. */
  commit(): Promise<void>;
  /** Removes the temporary; the target is left as it was. */
  abort(): Promise<void>;
}

/**
 * Starts writing `path` atomically: checks it (checkOutputFile: never a device, a FIFO or a
 * folder, never on /proc), creates its folder, removes the temporaries of killed writers of the
 * same name, and names a temporary in the same folder. A process killed before `commit` leaves
 * the previous file as it was, plus the temporary, which the next write of the same name removes.
 */
export async function beginOutput(path: string): Promise<PendingOutput> {
  const full = await checkOutputFile(path);
  const dir = dirname(full);
  await makeFolders(dir);
  await sweepStaleTemporaries(dir, basename(full));
  const temp = join(dir, `${tempPrefix(basename(full))}${randomBytes(4).toString('hex')}.tmp`);
  return {
    temp,
    async commit() {
      try {
        await rename(temp, full);
      } catch (err) {
        await rm(temp, { force: true });
        throw invalidArgument(`${full} cannot be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    },
    abort: () => rm(temp, { force: true }),
  };
}

/**
 * Writes a file so that readers see either the old content or the new, never a part: the data
 * goes to a temporary file in the same folder, which is then renamed over the target. Temporaries
 * left by a process killed mid-write are removed by the next write of the same file.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const out = await beginOutput(path);
  try {
    await writeFile(out.temp, data, { flush: true, ...(options.mode === undefined ? {} : { mode: options.mode }) });
  } catch (err) {
    await out.abort();
    throw err;
  }
  await out.commit();
}
