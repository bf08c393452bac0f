import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { invalidArgument } from '../../../engine/errors.js';
import type { LxfResolver } from '../../model/index.js';
import { LenientJsonError, parseLenientJson } from './lenient-json.js';

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
    throw invalidArgument(`${JSON.stringify(name)} points outside the media folder`);
  return path;
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return parseLenientJson(readFileSync(path, 'utf8'), path, { lines: true });
  } catch (err) {
    if (err instanceof LenientJsonError) throw invalidArgument(`${path} cannot be read as LX JSON: ${err.message}`);
    throw err;
  }
}

/**
 * LX's media folder layout: JSON fixtures under `Fixtures/` (type "a/b" is `Fixtures/a/b.lxf`;
 * a leading "/" is the same as none) and external models under `Models/` (the saved name, with
 * or without `.lxm`). Files are read when a project opens or a JSON fixture is rebuilt.
 */
export function mediaResolvers(mediaDir: string): MediaResolvers {
  const fixtures = join(mediaDir, 'Fixtures');
  const models = join(mediaDir, 'Models');
  const lxfCache = new Map<string, unknown>();
  return {
    mediaDir,
    resolveLxf: (type) => {
      const key = type.replace(/^\/+/, '');
      if (!lxfCache.has(key)) lxfCache.set(key, readJson(inside(fixtures, `${key}.lxf`)));
      return lxfCache.get(key);
    },
    resolveLxm: (file) => {
      const name = file.endsWith('.lxm') ? file : `${file}.lxm`;
      return readJson(inside(models, name));
    },
  };
}
