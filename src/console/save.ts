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
    if ((err as NodeJS.ErrnoException).code === 'EACCES') throw invalidArgument(`cannot write into ${dir}: permission denied`);
    throw err;
  }
  // File-system refusals the operator can act on are theirs, not server faults.
  const refusal = (err: unknown): unknown => {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (code === 'EISDIR') return invalidArgument(`${path} is a folder; choose a file name ending in .lxp`);
    if (code === 'ENAMETOOLONG') return invalidArgument(`the file name is too long for this file system: ${JSON.stringify(basename(path).slice(0, 60))}…`);
    if (code === 'EACCES' || code === 'EPERM') return invalidArgument(`cannot write ${path}: permission denied`);
    return err;
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

/** Checks an operator-picked path for a light show: absolute and ending in `.lxp`. */
export function checkShowPath(path: string, extension: string): string {
  if (path.includes('\0')) throw invalidArgument('path may not contain NUL bytes');
  if (!isAbsolute(path)) throw invalidArgument(`path must be absolute (start at /); got ${JSON.stringify(path)}`);
  if (!path.endsWith(extension)) throw invalidArgument(`path must end with ${extension}; got ${JSON.stringify(path)}`);
  if (basename(path) === extension) throw invalidArgument(`path needs a file name before ${extension}`);
  return path;
}
