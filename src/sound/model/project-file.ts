import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, realpath, rename, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { invalidArgument, notFound } from '../../engine/errors.js';
import { MAX_FILE_JSON_DEPTH, parseJsonBounded } from '../../engine/client-json.js';
import { refuse } from './errors.js';
import { sha256 } from './midi.js';
import type { ProjectJson } from './components.js';

/**
 * Sound project files. A save writes DIRECTORY/PromptTrack/PromptTrack.bwproject (the layout
 * protocol-3 clients check) into a caller-allocated, fresh, empty directory. The folder is built
 * under a staging name (`.PromptTrack.incomplete-<hex>`) and renamed into place once its file is
 * complete and synced, so `PromptTrack` is either absent or whole: a host killed mid-save leaves
 * only the staging folder, whose name says the save never finished (and a retry there is refused
 * with reason `incomplete_save`).
 */
export const PROJECT_DIR = 'PromptTrack';
const PROJECT_FILE = 'PromptTrack.bwproject';
export const PROJECT_FORMAT = 'footlight.sound-project';
/** The name prefix of a project folder still being written. */
export const STAGING_PREFIX = `.${PROJECT_DIR}.incomplete-`;
export const PROJECT_FORMAT_VERSION = 1;
/** Largest project file the loader reads. */
const MAX_PROJECT_BYTES = 64 * 1024 * 1024;

interface ProjectFile {
  readonly format: typeof PROJECT_FORMAT;
  readonly version: number;
  readonly saved_by: { readonly host: string; readonly version: string };
  readonly project: ProjectJson;
}

export const projectFilePath = (dir: string): string => join(dir, PROJECT_DIR, PROJECT_FILE);

const code = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;

/**
 * Checks a save destination: an absolute, canonical (no symlink anywhere on the way, no `.`/`..`,
 * no trailing separator), existing, empty directory that is not inside an existing project
 * folder (no ancestor holds a .bwproject file).
 */
export async function validateSaveDirectory(dir: string): Promise<void> {
  const bad = (message: string): Error => refuse('invalid_argument', 'invalid_path', message);
  if (dir.length === 0 || dir.includes('\0')) throw bad('DIRECTORY must be a non-empty path without NUL bytes');
  if (!isAbsolute(dir)) throw bad(`DIRECTORY must be an absolute path; got ${JSON.stringify(dir.slice(0, 200))}`);
  if (normalize(dir) !== dir || (dir.length > 1 && dir.endsWith(sep)))
    throw bad(`DIRECTORY must be canonical (no ., .., doubled or trailing separators); got ${JSON.stringify(dir.slice(0, 200))}`);
  if (dirname(dir) === dir) throw bad('DIRECTORY may not be the filesystem root');
  let st;
  try {
    st = await lstat(dir);
  } catch (err) {
    if (code(err) === 'ENOENT') throw notFound(`DIRECTORY ${dir} does not exist; allocate a fresh empty directory first and keep it`);
    throw bad(`DIRECTORY ${dir} cannot be read (${code(err) ?? 'error'})`);
  }
  if (st.isSymbolicLink()) throw bad(`DIRECTORY ${dir} is a symbolic link; pass the real directory path`);
  if (!st.isDirectory()) throw bad(`DIRECTORY ${dir} is not a directory`);
  const real = await realpath(dir);
  if (real !== dir) throw bad(`DIRECTORY ${dir} is not canonical: it resolves to ${real} (a symbolic link on the way); pass the resolved path`);
  const entries = await readdir(dir);
  const unfinished = entries.find((n) => n.startsWith(STAGING_PREFIX));
  if (unfinished !== undefined) {
    throw refuse(
      'invalid_argument',
      'incomplete_save',
      `DIRECTORY ${dir} holds ${unfinished}, left by a save that never finished (the host stopped while writing it); it is not a project. Save into a fresh ` +
        `empty directory`,
    );
  }
  if (entries.length > 0)
    throw refuse(
      'invalid_argument',
      'destination_not_empty',
      `DIRECTORY ${dir} is not empty (${entries.length} entries); saves go only into a fresh empty directory and never overwrite`,
    );
  for (let a = dirname(dir); ; a = dirname(a)) {
    let names: string[] = [];
    try {
      names = await readdir(a);
    } catch (err) {
      // An ancestor we may not list (permissions) cannot be inspected; anything else is a fault.
      if (code(err) !== 'EACCES' && code(err) !== 'EPERM') throw err;
    }
    const project = names.find((n) => n.endsWith('.bwproject'));
    if (project !== undefined)
      throw refuse(
        'invalid_argument',
        'inside_project_folder',
        `DIRECTORY ${dir} is inside an existing project folder (${join(a, project)}); choose a directory outside it`,
      );
    if (dirname(a) === a) break;
  }
}

interface WrittenProject {
  readonly project_file: string;
  readonly bytes: number;
  readonly file_sha256: string;
}

/** Makes a rename inside `dir` durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes the project folder (staging name, fsync, rename) and checks its file is a regular, non-symlink file. */
export async function writeProjectFile(dir: string, file: ProjectFile): Promise<WrittenProject> {
  const entries = await readdir(dir);
  if (entries.length > 0) throw new Error(`${dir} is no longer empty; nothing was written`);
  const staging = join(dir, `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`);
  await mkdir(staging);
  const data = Buffer.from(`${JSON.stringify(file, null, 1)}\n`, 'utf8');
  try {
    const handle = await open(join(staging, PROJECT_FILE), 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(staging, join(dir, PROJECT_DIR));
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
  await syncDirectory(dir);
  const final = projectFilePath(dir);
  const st = await lstat(final);
  if (!st.isFile() || st.isSymbolicLink()) throw new Error(`${final} is not a regular file after the save`);
  return { project_file: final, bytes: data.length, file_sha256: sha256(data) };
}

/** Reads and checks a project file; returns its document (built and validated by the caller). */
export async function readProjectFile(path: string): Promise<ProjectJson> {
  let st;
  try {
    st = await lstat(path);
  } catch (err) {
    if (code(err) === 'ENOENT') throw notFound(`no project file at ${path}`);
    throw invalidArgument(`cannot read ${path} (${code(err) ?? 'error'})`);
  }
  if (!st.isFile()) throw invalidArgument(`${path} is not a regular file`);
  if (st.size > MAX_PROJECT_BYTES) throw invalidArgument(`${path} is ${st.size} bytes; project files are at most ${MAX_PROJECT_BYTES}`);
  let parsed: unknown;
  try {
    parsed = parseJsonBounded(await readFile(path, 'utf8'), MAX_FILE_JSON_DEPTH);
  } catch (err) {
    throw invalidArgument(`${path} is not a project file: ${(err as Error).message}`);
  }
  const f = parsed as Partial<ProjectFile> | null;
  if (f === null || typeof f !== 'object' || f.format !== PROJECT_FORMAT) throw invalidArgument(`${path} is not a ${PROJECT_FORMAT} file`);
  if (f.version !== PROJECT_FORMAT_VERSION)
    throw invalidArgument(`${path} has format version ${String(f.version)}; this host reads version ${PROJECT_FORMAT_VERSION}`);
  if (f.project === undefined || typeof f.project !== 'object') throw invalidArgument(`${path} holds no project`);
  return f.project;
}
