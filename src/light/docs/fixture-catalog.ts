// What fixtures can be added: LX's stock fixture classes and, with a media folder, the JSON
// fixture types (`.lxf` files under its Fixtures/ folder).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readRegularFileSync } from '../../app/regular-file.js';
import { ARC_DEFAULT_TAGS } from '../model/arc-fixture.js';
import { GRID_DEFAULT_TAGS } from '../model/grid-fixture.js';
import {
  COMMON_FIXTURE_PARAMETERS,
  JSON_FIXTURE_CLASS,
  type FixtureParameterSpec,
  type LxfParameter,
  STOCK_FIXTURE_CLASSES,
  lxfParameters,
} from '../model/index.js';
import { parseLenientJson } from '../show/project/lenient-json.js';
import { MAX_FIXTURE_FILE_BYTES } from '../show/project/media.js';
import { POINT_DEFAULT_TAGS } from '../model/point-fixture.js';
import { SPIRAL_DEFAULT_TAGS } from '../model/spiral-fixture.js';
import { STRIP_DEFAULT_TAGS } from '../model/strip-fixture.js';

const DEFAULT_TAGS: Readonly<Record<string, readonly string[]>> = {
  Arc: ARC_DEFAULT_TAGS,
  Grid: GRID_DEFAULT_TAGS,
  Point: POINT_DEFAULT_TAGS,
  Spiral: SPIRAL_DEFAULT_TAGS,
  Strip: STRIP_DEFAULT_TAGS,
};

interface StockFixtureInfo {
  readonly className: string;
  readonly name: string;
  /** Model tags a new fixture of the class carries until its tags are set. */
  readonly defaultTags: readonly string[];
  /** The class's own parameters (the common ones are listed once, separately). */
  readonly parameters: readonly FixtureParameterSpec[];
}

interface JsonFixtureType {
  /** The type name add_fixture takes: the path under Fixtures/ without `.lxf`. */
  readonly type: string;
  readonly label: string;
  /** False for types the file marks as hidden from the browser (usually parts of other fixtures). */
  readonly isVisible: boolean;
  readonly parameters: readonly LxfParameter[];
}

interface FixtureCatalog {
  readonly classes: readonly StockFixtureInfo[];
  readonly commonParameters: readonly FixtureParameterSpec[];
  readonly jsonFixtureClass: string;
  /** The scanned folder, when there is a media folder. */
  readonly fixturesFolder?: string;
  readonly jsonTypes: readonly JsonFixtureType[];
  /** `.lxf` files that could not be read, with why. */
  readonly errors: readonly { readonly type: string; readonly error: string }[];
}

const MAX_FILES = 2000;
/** Folders deeper than this under Fixtures/ are not scanned. */
const MAX_DEPTH = 16;

/**
 * The `.lxf` names under `dir`, sorted. Only real folders are entered (a symbolic link to a folder
 * is not followed, so a link loop or a link out of the media folder is never walked); every other
 * entry named `.lxf` is listed, and reading it decides whether it is a fixture (regular file inside
 * the folder) or an error.
 */
function lxfFiles(dir: string, out: string[], depth = 0): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (out.length >= MAX_FILES || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH) lxfFiles(p, out, depth + 1);
    } else if (entry.name.endsWith('.lxf')) out.push(p);
  }
}

/** The stock classes, and the `.lxf` types of `mediaDir`/Fixtures when a media folder is given. */
export function fixtureCatalog(mediaDir?: string): FixtureCatalog {
  const common = new Set(COMMON_FIXTURE_PARAMETERS.map((p) => p.key));
  const classes = STOCK_FIXTURE_CLASSES.map((c) => ({
    className: c.className,
    name: c.name,
    defaultTags: DEFAULT_TAGS[c.name] ?? [],
    parameters: c.parameters.filter((p) => !common.has(p.key)),
  }));
  const base = { classes, commonParameters: COMMON_FIXTURE_PARAMETERS, jsonFixtureClass: JSON_FIXTURE_CLASS };
  if (mediaDir === undefined) return { ...base, jsonTypes: [], errors: [] };
  const folder = join(mediaDir, 'Fixtures');
  const jsonTypes: JsonFixtureType[] = [];
  const errors: { type: string; error: string }[] = [];
  const files: string[] = [];
  if (existsSync(folder) && statSync(folder).isDirectory()) lxfFiles(folder, files);
  for (const file of files) {
    const type = relative(folder, file).slice(0, -'.lxf'.length).split('\\').join('/');
    try {
      const bytes = readRegularFileSync(file, { folder, maxBytes: MAX_FIXTURE_FILE_BYTES });
      if (bytes === undefined) continue; // removed since the folder was listed
      const doc: unknown = parseLenientJson(bytes.toString('utf8'), file);
      const parameters = lxfParameters(doc, type);
      const obj = doc as { label?: unknown; isVisible?: unknown };
      jsonTypes.push({
        type,
        label: typeof obj.label === 'string' ? obj.label : type.slice(type.lastIndexOf('/') + 1),
        isVisible: obj.isVisible !== false,
        parameters,
      });
    } catch (err) {
      errors.push({ type, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { ...base, fixturesFolder: folder, jsonTypes, errors };
}
