import { constants } from 'node:fs';
import { access, link, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { sweepStaleTemporaries, tempPrefix } from '../app/atomic-write.js';
import { invalidArgument, notFound } from '../engine/errors.js';

export class FileExistsError extends Error {}

/**
 * Writes `data` to `path` atomically. Without `overwrite`, an existing file is never replaced
 * (the final step is a hard link, which fails if the name exists, so even a file created in
 * between is safe); with it, the new file is renamed over the old one.
 */
export async function writeShowFile(path: string, data: string, overwrite: boolean): Promise<void> {
  const dir = dirname(path);
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) throw notFound(`${dir} is not a folder`);
    await access(dir, constants.W_OK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(`the folder ${dir} does not exist; create it first or pick another`);
    throw fsRefusal(err, dir, 'cannot write into');
  }
  const refusal = (err: unknown): unknown => {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code === 'EISDIR') return invalidArgument(`${path} is a folder; choose a file name ending in .lxp`);
    if (code === 'ENAMETOOLONG') return invalidArgument(`the file name is too long for this file system: ${JSON.stringify(basename(path).slice(0, 60))}…`);
    return fsRefusal(err, path, 'cannot write');
  };
  let tmpDir: string;
  try {
    // A save killed mid-write leaves its temporary folder (the show itself is whole): clear those first.
    await sweepStaleTemporaries(dir, basename(path));
    tmpDir = await mkdtemp(join(dir, tempPrefix(basename(path))));
  } catch (err) {
    throw refusal(err);
  }
  const tmp = join(tmpDir, 'show.tmp');
  try {
    await writeFile(tmp, data, { flush: true });
    if (overwrite) await rename(tmp, path);
    else {
      try {
        await link(tmp, path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExistsError(path);
        throw err;
      }
    }
  } catch (err) {
    throw refusal(err);
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** What common file-system error codes mean, for the operator. */
const FS_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links in the path',
  EXDEV: 'the temporary file and the target are on different file systems',
  EMLINK: 'too many links',
  EINVAL: 'the file system does not accept this file (a special file system such as /proc or /sys?)',
  ENOTSUP: 'the file system does not support this operation',
  EOPNOTSUPP: 'the file system does not support this operation',
  EIO: 'an input/output error on the device',
  EBUSY: 'the file or device is busy',
  EMFILE: 'too many open files; retry later',
  ENFILE: 'too many open files; retry later',
};

/**
 * Every file-system failure of a save is the operator's to act on, never a server fault: an
 * invalid_argument naming the path and the reason. Anything that is not a file-system error
 * (it has no errno code) is passed on as the bug it is.
 */
function fsRefusal(err: unknown, path: string, what: string): unknown {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return err;
  return invalidArgument(`${what} ${path}: ${FS_REASONS[code] ?? (err as Error).message} (${code})`);
}

/** Checks an operator-picked path for a light show: absolute and ending in `.lxp`. */
export function checkShowPath(path: string, extension: string): string {
  if (path.includes('\0')) throw invalidArgument('path may not contain NUL bytes');
  if (!isAbsolute(path)) throw invalidArgument(`path must be absolute (start at /); got ${JSON.stringify(path)}`);
  if (!path.endsWith(extension)) throw invalidArgument(`path must end with ${extension}; got ${JSON.stringify(path)}`);
  if (basename(path) === extension) throw invalidArgument(`path needs a file name before ${extension}`);
  return path;
}
