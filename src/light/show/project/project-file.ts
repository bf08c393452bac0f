import { basename, dirname } from 'node:path';
import { writeFileAtomic } from '../../../app/atomic-write.js';
import { readRegularFile } from '../../../app/regular-file.js';
import { FootlightError, invalidArgument } from '../../../engine/errors.js';
import { assertJsonTextDepth, MAX_FILE_JSON_DEPTH } from '../../../engine/client-json.js';
import { LX_VERSION } from '../../component/lx-component.js';
import { LXEngineComponent } from '../lx-engine.js';
import { STAGE_FIXTURES_KEY } from '../stage-rig.js';
import type { LxfResolver } from '../../model/index.js';
import type { DeviceRegistry } from '../../component/registry.js';
import { isLxObject, type LoadContext, type LoadSite, type LxObject } from '../../component/lxp-types.js';
import { LenientJsonError, parseLenientJson } from './lenient-json.js';
import { type MediaResolvers, mediaResolvers } from './media.js';

interface OpenedProject {
  readonly lx: LXEngineComponent;
  /** What did not load as saved (placeholders, unresolved references). */
  readonly warnings: readonly string[];
  /** Saved `externals` (UI state of other hosts), written back unchanged. */
  readonly externals: Record<string, unknown>;
  /** The largest component id in the file: ids up to it must not be handed to new components. */
  readonly maxId: number;
}

/**
 * Reads one key of a project's `externals` (state a layer above the light keeps in the file, such
 * as light cues): returns what is sound (undefined drops the key) and warns, by key path, about
 * what it dropped. `at` is the key path of the value, e.g. `externals/footlight.lightCues`.
 */
export type ExternalsReader = (value: unknown, at: string, warn: (message: string) => void) => unknown;

interface ReadProjectOptions {
  /** Readers of `externals` keys, checked as the project opens (other keys are kept as saved). */
  readonly externals?: Readonly<Record<string, ExternalsReader>>;
  /** Finds `.lxf` fixture files (the media folder's Fixtures/). */
  readonly resolveLxf?: LxfResolver;
  /** Finds external `.lxm` model files (the media folder's Models/). */
  readonly resolveLxm?: (file: string) => unknown;
  /** The engine's wall clock when the project opens (LX's nowMillis; 0 offline). */
  readonly nowMillis?: number;
}

/** The largest `id` anywhere in a saved document (LX bumps its id counter past it before loading). */
function maxIdIn(json: unknown): number {
  let max = 0;
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isLxObject(v)) {
      if (typeof v.id === 'number' && Number.isInteger(v.id) && v.id > max) max = v.id;
      for (const x of Object.values(v)) if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return max;
}

/**
 * Builds a light engine from a parsed `.lxp` project: the structure (`model`) first, then the
 * engine, then the references (modulations, triggers) once every component exists. Components
 * keep their saved ids while detached; the graph re-assigns an id only on a clash, and file
 * references resolve through the load context's id map either way.
 */
export function readProject(json: unknown, registry: DeviceRegistry, options: ReadProjectOptions | LxfResolver = {}): OpenedProject {
  const opts: ReadProjectOptions = typeof options === 'function' ? { resolveLxf: options } : options;
  if (!isLxObject(json) || !isLxObject(json.engine)) throw invalidArgument('not an LX project: the file has no "engine" object');
  const warnings: string[] = [];
  const deferred: (() => void)[] = [];
  const ctx: LoadContext = {
    ids: new Map(),
    registry,
    resolveLxf: opts.resolveLxf,
    resolveLxm: opts.resolveLxm,
    defer: (fn) => deferred.push(fn),
    warn: (m, at) => warnings.push(at === undefined ? m : `${keyPath(at)}: ${m}`),
  };
  const keyPath = keyPathFinder(json);
  const lx = new LXEngineComponent();
  lx.nowMillis = opts.nowMillis ?? 0;
  // Stage fixtures first: the engine's modulations and snapshots may name their parameters.
  lx.stage.load(isLxObject(json.externals) ? json.externals[STAGE_FIXTURES_KEY] : undefined, (m) => warnings.push(m));
  if (isLxObject(json.model)) lx.structure.load(json.model, ctx);
  lx.load(json.engine, ctx);
  for (const fn of deferred) fn();
  if (typeof json.version === 'string' && compareVersions(json.version, LX_VERSION) > 0) {
    warnings.push(`the project was saved by LX ${json.version}, newer than ${LX_VERSION}; newer features may not load`);
  }
  const externals = readExternals(json.externals, opts.externals ?? {}, (m) => warnings.push(m));
  delete externals[STAGE_FIXTURES_KEY]; // kept by lx.stage, written from it again
  return { lx, warnings, externals, maxId: maxIdIn(json) };
}

function readExternals(saved: unknown, readers: Readonly<Record<string, ExternalsReader>>, warn: (message: string) => void): Record<string, unknown> {
  const externals: Record<string, unknown> = isLxObject(saved) ? { ...saved } : {};
  for (const [key, read] of Object.entries(readers)) {
    if (!Object.hasOwn(externals, key)) continue;
    const value = read(externals[key], `externals/${key}`, warn);
    if (value === undefined) delete externals[key];
    else externals[key] = value;
  }
  return externals;
}

/**
 * The key path of a site in the parsed file (`engine/children/mixer/channels/2/…`). The paths
 * are found when the first warning names one: most projects load without a warning.
 */
function keyPathFinder(root: unknown): (site: LoadSite) => string {
  let paths: WeakMap<object, string> | undefined;
  return ({ obj, key }) => {
    if (paths === undefined) {
      paths = new WeakMap();
      const stack: [unknown, string][] = [[root, '']];
      while (stack.length > 0) {
        const [v, path] = stack.pop()!;
        if (typeof v !== 'object' || v === null || paths.has(v)) continue;
        paths.set(v, path);
        for (const [k, x] of Object.entries(v)) if (typeof x === 'object' && x !== null) stack.push([x, path === '' ? k : `${path}/${k}`]);
      }
    }
    const base = paths.get(obj) ?? '?';
    return key === undefined ? base : base === '' ? String(key) : `${base}/${key}`;
  };
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Writes a project LX can open: version, timestamp, the structure as `model`, the engine. */
export function writeProject(lx: LXEngineComponent, externals: Record<string, unknown> = {}, timestamp = Date.now()): LxObject {
  return {
    version: LX_VERSION,
    timestamp,
    model: lx.structure.save(),
    engine: lx.save(),
    externals: withStage(lx, externals),
  };
}

/** The externals to write: the given ones with the stage fixtures as `lx.stage` holds them now. */
function withStage(lx: LXEngineComponent, externals: Record<string, unknown>): Record<string, unknown> {
  const { [STAGE_FIXTURES_KEY]: _old, ...rest } = externals;
  const stage = lx.stage.save();
  return stage === undefined ? rest : { ...rest, [STAGE_FIXTURES_KEY]: stage };
}

/**
 * The media folder for a project file when none is given: LX keeps projects in
 * `<media>/Projects/`, so a project there finds `<media>/Fixtures` and `<media>/Models`;
 * otherwise the project's own folder is used.
 */
export function defaultMediaDir(projectPath: string): string {
  const dir = dirname(projectPath);
  return basename(dir) === 'Projects' ? dirname(dir) : dir;
}

/** The largest `.lxp` file opened. */
const MAX_PROJECT_FILE_BYTES = 256 * 1024 * 1024;

/**
 * A `.lxp` file's text: only a regular file of at most MAX_PROJECT_FILE_BYTES (a FIFO or a device
 * is refused before it is opened), `invalid_argument` naming the path and the reason otherwise.
 */
async function readProjectText(path: string): Promise<string> {
  const bytes = await readRegularFile(path, { maxBytes: MAX_PROJECT_FILE_BYTES });
  if (bytes === undefined) throw invalidArgument(`no project file at ${path}`);
  return bytes.toString('utf8');
}

/**
 * A `.lxp` file parsed as LX reads it, for every place a project opens (serve, render,
 * render-show): nesting deeper than MAX_FILE_JSON_DEPTH is refused before the parser recurses.
 */
export async function readProjectJson(path: string): Promise<unknown> {
  const text = await readProjectText(path);
  try {
    assertJsonTextDepth(text, MAX_FILE_JSON_DEPTH);
    return parseLenientJson(text, path);
  } catch (err) {
    if (err instanceof LenientJsonError) throw invalidArgument(`${path} is not an LX project file: ${err.message}`);
    if (err instanceof FootlightError) throw new FootlightError(err.code, `${path}: ${err.message}`);
    throw err;
  }
}

/** Reads and parses a `.lxp` file and builds the engine (see readProject). */
export async function openProjectFile(
  path: string,
  registry: DeviceRegistry,
  mediaDir?: string,
  nowMillis = 0,
  externals: Readonly<Record<string, ExternalsReader>> = {},
): Promise<OpenedProject & { readonly media: MediaResolvers }> {
  const json = await readProjectJson(path);
  const media = mediaResolvers(mediaDir ?? defaultMediaDir(path));
  return { ...readProject(json, registry, { ...media, nowMillis, externals }), media };
}

/** Saves a project atomically (a temporary file renamed into place). */
export async function saveProjectFile(path: string, lx: LXEngineComponent, externals: Record<string, unknown> = {}): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(writeProject(lx, externals), null, 2)}\n`);
}
