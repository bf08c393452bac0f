import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { readRegularFileSync } from '../../../app/regular-file.js';
import { assertJsonTextDepth, MAX_FILE_JSON_DEPTH } from '../../../engine/client-json.js';
import { isFootlightError } from '../../../engine/errors.js';
import { type LxfResolver, ModelInputError } from '../../model/index.js';
import { LenientJsonError, parseLenientJson } from './lenient-json.js';

/** The largest `.lxf` fixture file read (LX's are a few kB). */
export const MAX_FIXTURE_FILE_BYTES = 4 * 1024 * 1024;
/** The largest external `.lxm` model file read. */
const MAX_MODEL_FILE_BYTES = 64 * 1024 * 1024;

/** How a project finds the files it references: `.lxf` fixtures and external `.lxm` models. */
export interface MediaResolvers {
  /** The media folder the resolvers read from. */
  readonly mediaDir: string;
  readonly resolveLxf: LxfResolver;
  readonly resolveLxm: (file: string) => unknown;
}

/** A path under `base` for a name from a project file; names that would leave `base` are refused. */
function inside(base: string, name: string): string {
  const path = normalize(join(base, name));
  const rel = relative(base, path);
  if (rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..'))
    throw new ModelInputError(`${JSON.stringify(name)} points outside the media folder`);
  return path;
}

/**
 * A media file as LX JSON: undefined when there is none. Only a regular file inside `folder`, of
 * at most `maxBytes`, is read (src/app/regular-file.ts), so a FIFO or a device named like a
 * fixture never blocks the engine thread; anything else is a ModelInputError naming the reason,
 * which a model build reports for that fixture alone.
 */
function readJson(folder: string, path: string, maxBytes: number): unknown {
  let bytes: Buffer | undefined;
  try {
    bytes = readRegularFileSync(path, { folder, maxBytes });
  } catch (err) {
    if (isFootlightError(err)) throw new ModelInputError(err.message);
    throw err;
  }
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  try {
    assertJsonTextDepth(text, MAX_FILE_JSON_DEPTH);
    return parseLenientJson(text, path);
  } catch (err) {
    if (err instanceof LenientJsonError) throw new ModelInputError(`${path} cannot be read as LX JSON: ${err.message}`);
    if (isFootlightError(err)) throw new ModelInputError(`${path}: ${err.message}`);
    throw err;
  }
}

/**
 * LX's media folder layout: JSON fixtures under `Fixtures/` (type "a/b" is `Fixtures/a/b.lxf`;
 * a leading "/" is the same as none) and external models under `Models/` (the saved name, with
 * or without `.lxm`). Files are read when a project opens or a JSON fixture is first built, and
 * kept for the life of the show.
 */
export function mediaResolvers(mediaDir: string): MediaResolvers {
  const fixtures = join(mediaDir, 'Fixtures');
  const models = join(mediaDir, 'Models');
  const lxfCache = new Map<string, unknown>();
  return {
    mediaDir,
    resolveLxf: (type) => {
      const key = type.replace(/^\/+/, '');
      if (!lxfCache.has(key)) lxfCache.set(key, readJson(fixtures, inside(fixtures, `${key}.lxf`), MAX_FIXTURE_FILE_BYTES));
      return lxfCache.get(key);
    },
    resolveLxm: (file) => {
      const name = file.endsWith('.lxm') ? file : `${file}.lxm`;
      return readJson(models, inside(models, name), MAX_MODEL_FILE_BYTES);
    },
  };
}
