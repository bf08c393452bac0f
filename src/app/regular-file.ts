// Files the show reads from folders people fill (the media folder's Fixtures/ and Models/, project
// files): only regular files, inside the folder they belong to, of bounded size. A FIFO, a device,
// a socket or a folder is refused from its status, before it is opened (opening a FIFO waits for
// a writer; reading a device never ends), and a symbolic link may point anywhere inside the folder
// but not out of it. The file is then opened without following links and without blocking, and
// checked again from the open descriptor, so it cannot be swapped in between.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats, statSync } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { invalidArgument, isFootlightError } from '../engine/errors.js';

interface RegularFileOptions {
  /** The folder the file must lie in, after every symbolic link is followed (absent: anywhere). */
  readonly folder?: string;
  /** The largest file accepted, in bytes. */
  readonly maxBytes: number;
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function errnoOf(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? 'error';
}

function outside(folder: string, real: string): boolean {
  const rel = relative(folder, real);
  return rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/** Refuses what is not a regular file of at most maxBytes; `real` is the path after links, `st` its status. */
function check(path: string, real: string, realFolder: string | undefined, st: Stats, maxBytes: number): void {
  if (realFolder !== undefined && outside(realFolder, real))
    throw invalidArgument(`${path} leads out of its folder (a symbolic link to ${real}); only files inside the folder are read`);
  if (!st.isFile()) throw invalidArgument(`${path} is ${kindOf(st)}, not a regular file`);
  if (st.size > maxBytes) throw invalidArgument(`${path} is ${st.size} bytes; at most ${maxBytes} are read`);
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/**
 * Reads a regular file without ever blocking on it (for the engine thread: fixture files are
 * resolved while a model is built). Undefined when there is no such file; `invalid_argument`
 * naming the path and the reason for anything else that cannot be read.
 */
export function readRegularFileSync(path: string, options: RegularFileOptions): Buffer | undefined {
  let real: string;
  let st: Stats;
  let realFolder: string | undefined;
  try {
    real = realpathSync(path);
    realFolder = options.folder === undefined ? undefined : realpathSync(options.folder);
    st = statSync(real);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return undefined;
    throw invalidArgument(`${path} cannot be read (${errnoOf(err)})`);
  }
  check(path, real, realFolder, st, options.maxBytes);
  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch (err) {
    throw invalidArgument(`${path} cannot be opened (${errnoOf(err)})`);
  }
  try {
    const opened = fstatSync(fd);
    if (!sameFile(opened, st)) throw invalidArgument(`${path} changed while it was being opened; try again`);
    check(path, real, realFolder, opened, options.maxBytes);
    const buf = Buffer.allocUnsafe(opened.size + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) throw invalidArgument(`${path} grew while it was being read; try again`);
    }
    return buf.subarray(0, n);
  } catch (err) {
    if (isFootlightError(err)) throw err;
    throw invalidArgument(`${path} cannot be read (${errnoOf(err)})`);
  } finally {
    closeSync(fd);
  }
}

/** As readRegularFileSync, off the engine thread (project files). */
export async function readRegularFile(path: string, options: RegularFileOptions): Promise<Buffer | undefined> {
  let real: string;
  let st: Stats;
  let realFolder: string | undefined;
  try {
    real = await realpath(path);
    realFolder = options.folder === undefined ? undefined : await realpath(options.folder);
    st = await stat(real);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return undefined;
    throw invalidArgument(`${path} cannot be read (${errnoOf(err)})`);
  }
  check(path, real, realFolder, st, options.maxBytes);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(real, OPEN_FLAGS);
  } catch (err) {
    throw invalidArgument(`${path} cannot be opened (${errnoOf(err)})`);
  }
  try {
    const opened = await handle.stat();
    if (!sameFile(opened, st)) throw invalidArgument(`${path} changed while it was being opened; try again`);
    check(path, real, realFolder, opened, options.maxBytes);
    const buf = Buffer.allocUnsafe(opened.size + 1);
    let n = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, n, buf.length - n, null);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n === buf.length) throw invalidArgument(`${path} grew while it was being read; try again`);
    }
    return buf.subarray(0, n);
  } catch (err) {
    if (isFootlightError(err)) throw err;
    throw invalidArgument(`${path} cannot be read (${errnoOf(err)})`);
  } finally {
    await handle.close();
  }
}
