// Where renders and saves write: checked before any work (a device, a FIFO, /proc or an
// unwritable folder is refused at once) and created without Node's recursive mkdir, which never
// returns for a path under /proc. Writing itself is atomic-write.ts's.
import { constants } from 'node:fs';
import { access, lstat, mkdir, stat, statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { invalidArgument, isFootlightError } from '../engine/errors.js';

/** Kernel pseudo file systems (statfs magic numbers): nothing a show writes belongs on them. */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0x65735543, 'fusectl'],
  [0x1cd1, 'devpts'],
  [0x19800202, 'mqueue'],
]);

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? 'error';
}

function kindOf(st: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The nearest folder of `dir` that exists (itself or an ancestor, links followed), refused when a part of the path is not a folder. */
async function nearestFolder(dir: string): Promise<string> {
  for (let at = dir; ; at = dirname(at)) {
    let st: Awaited<ReturnType<typeof stat>>;
    try {
      st = await stat(at);
    } catch (err) {
      if (codeOf(err) === 'ENOENT' && dirname(at) !== at) continue;
      throw invalidArgument(`${at} cannot be reached (${codeOf(err)})`);
    }
    if (!st.isDirectory()) throw invalidArgument(`${at} is ${kindOf(st)}, so ${dir} cannot be a folder`);
    return at;
  }
}

/** Refuses a folder on a pseudo file system or one this process cannot write into. */
async function checkWritable(folder: string, forWhat: string): Promise<void> {
  try {
    const fs = await statfs(folder);
    const pseudo = PSEUDO_FILE_SYSTEMS.get(Number(fs.type));
    if (pseudo !== undefined) throw invalidArgument(`${forWhat} is on ${folder}, a ${pseudo} file system; write to an ordinary folder`);
    await access(folder, constants.W_OK);
  } catch (err) {
    if (isFootlightError(err)) throw err;
    throw invalidArgument(`${forWhat} cannot be written: ${folder} is not writable (${codeOf(err)})`);
  }
}

/**
 * Checks, before any work, that a file can be written at `path`: it is absent or a regular file
 * (never a folder, FIFO or device), and its folder exists or can be made in a writable folder of
 * an ordinary file system (not /proc or /sys). `invalid_argument` naming the path and the reason.
 */
export async function checkOutputFile(path: string): Promise<string> {
  const full = resolve(path);
  try {
    const st = await lstat(full);
    if (!st.isFile() && !st.isSymbolicLink()) throw invalidArgument(`${full} is ${kindOf(st)}; give the path of a file to write`);
  } catch (err) {
    if (isFootlightError(err)) throw err;
    if (codeOf(err) !== 'ENOENT') throw invalidArgument(`${full} cannot be written (${codeOf(err)})`);
  }
  await checkWritable(await nearestFolder(dirname(full)), full);
  return full;
}

/** As checkOutputFile, for a folder a render writes several files into. */
export async function checkOutputFolder(path: string): Promise<string> {
  const full = resolve(path);
  await checkWritable(await nearestFolder(full), full);
  return full;
}

/** Creates `dir` and its missing parents one level at a time (Node's recursive mkdir loops forever under /proc). */
export async function makeFolders(dir: string): Promise<void> {
  const full = resolve(dir);
  const existing = await nearestFolder(full);
  if (existing === full) return;
  const missing: string[] = [];
  for (let at = full; at !== existing; at = dirname(at)) missing.unshift(at);
  for (const at of missing) {
    try {
      await mkdir(at);
    } catch (err) {
      if (codeOf(err) !== 'EEXIST') throw invalidArgument(`${at} cannot be created (${codeOf(err)})`);
    }
  }
}
