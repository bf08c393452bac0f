// JSON fixtures: geometry from an `.lxf` fixture document (§7.6).
//
// Covered: declared parameters with `$name` substitution and expressions, `tag`/`tags` (and the
// legacy `modelKey`/`modelKeys`), top-level and per-component `transforms`, `meta`, and the
// components `point`, `points`, `strip`, `arc`, `class` (a stock fixture class) and sub-fixtures
// (another `.lxf` by type), each with `enabled` and `instances`. The legacy top-level `points`,
// `strips`, `arcs` and `children` arrays are read as components in that order. UI meshes do not
// affect geometry and are ignored. Outputs (`output`/`outputs` of the file and of components)
// are read by lxf-outputs.ts and resolved here against the built points.
//
// Point order: every component's points in file order, as in LX. Points, strips and arcs are the
// fixture's own points; sub-fixtures and `class` components are child fixtures placed between
// them (`childAt`). Strips, arcs and `points` lists become submodels tagged with their `tags`
// (defaults `strip`, `strip arc`, `points`); a single `point` becomes a submodel only when it
// declares tags.
import { ModelInputError } from './errors.js';
import { type ExpressionValue, type Variables, evaluate, evaluateCondition, substitute } from './expression.js';
import {
  type FixtureGeometry,
  type FixtureParams,
  ParamReader,
  type SubmodelGeometry,
  type TransformStep,
  applySteps,
  dedupeTags,
  geometryMatrix,
  isValidTag,
  modelTags,
  readCommon,
  totalSize,
} from './fixture.js';
import { f, toRadians } from '../math/float32.js';
import { stockFixtureClass } from './stock-classes.js';
import { walkArc } from './arc-fixture.js';
import { type LxfComponentEntry, LxfComponentTable, type LxfOutput, type LxfProblem, type ParsedOutput, parseOutputs, resolveOutput } from './lxf-outputs.js';
import { sourceLine } from './source-lines.js';
import { type Mat4, copyMatrix, rotateX, rotateY, rotateZ, scale, transformX, transformY, transformZ, translate } from './matrix.js';

/**
 * Returns the parsed `.lxf` document for a fixture type (its path under the Fixtures folder,
 * without `.lxf`), or undefined when there is no such file.
 */
export type LxfResolver = (type: string) => unknown;

type LxfParameterType = 'float' | 'int' | 'string' | 'boolean';

/** A parameter a fixture file declares; the engine shows these on the JSON fixture. */
export interface LxfParameter {
  readonly name: string;
  readonly type: LxfParameterType;
  readonly default: number | string | boolean;
  readonly min?: number;
  readonly max?: number;
  readonly options?: readonly string[];
  readonly label: string;
  readonly description?: string;
}

const MAX_DEPTH = 16;
const MAX_COMPONENT_POINTS = 4096;
const PARAMETER_NAME = /^[A-Za-z0-9]+$/;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Declared parameters

/** Reads the `parameters` block of a fixture document. */
export function lxfParameters(doc: unknown, type: string): LxfParameter[] {
  if (!isObject(doc)) throw new ModelInputError(`fixture ${type}.lxf must be a JSON object`);
  const block = doc.parameters;
  if (block === undefined) return [];
  if (!isObject(block)) throw new ModelInputError(`fixture ${type}.lxf: "parameters" must be an object of parameter definitions`);
  const out: LxfParameter[] = [];
  for (const [name, def] of Object.entries(block)) {
    const where = `fixture ${type}.lxf parameter ${name}`;
    if (!PARAMETER_NAME.test(name)) throw new ModelInputError(`${where}: names may only hold ASCII letters and digits`);
    if (!isObject(def)) throw new ModelInputError(`${where}: must be an object with "type" and "default"`);
    const kind = typeof def.type === 'string' ? def.type.toLowerCase() : undefined;
    if (kind !== 'float' && kind !== 'int' && kind !== 'string' && kind !== 'boolean') {
      throw new ModelInputError(`${where}: "type" must be one of float, int, string, boolean`);
    }
    const dflt = def.default;
    const label = typeof def.label === 'string' ? def.label : name;
    const description = typeof def.description === 'string' ? def.description : undefined;
    const base = { name, label, ...(description !== undefined ? { description } : {}) };
    if (kind === 'float' || kind === 'int') {
      if (typeof dflt !== 'number') throw new ModelInputError(`${where}: "default" must be a number`);
      if (kind === 'int' && !Number.isInteger(dflt)) throw new ModelInputError(`${where}: "default" must be an integer`);
      const min = def.min,
        max = def.max;
      if (min !== undefined && typeof min !== 'number') throw new ModelInputError(`${where}: "min" must be a number`);
      if (max !== undefined && typeof max !== 'number') throw new ModelInputError(`${where}: "max" must be a number`);
      if (min !== undefined && max !== undefined && min > max) throw new ModelInputError(`${where}: "min" ${min} is above "max" ${max}`);
      out.push({ ...base, type: kind, default: dflt, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
    } else if (kind === 'string') {
      if (typeof dflt !== 'string') throw new ModelInputError(`${where}: "default" must be a string`);
      let options: string[] | undefined;
      if (def.options !== undefined) {
        const list: unknown = def.options;
        if (!Array.isArray(list) || !list.every((o): o is string => typeof o === 'string')) {
          throw new ModelInputError(`${where}: "options" must be an array of strings`);
        }
        options = list;
        if (!options.includes(dflt)) throw new ModelInputError(`${where}: default ${JSON.stringify(dflt)} is not among its options`);
      }
      out.push({ ...base, type: kind, default: dflt, ...(options !== undefined ? { options } : {}) });
    } else {
      if (typeof dflt !== 'boolean') throw new ModelInputError(`${where}: "default" must be true or false`);
      out.push({ ...base, type: kind, default: dflt });
    }
  }
  return out;
}

/** Parameter values handed to a fixture: plain values, or (from a parent file) expressions. */
interface Overrides {
  readonly values: Readonly<Record<string, unknown>>;
  /** The variables expressions in `values` are evaluated with (the parent's), if any. */
  readonly vars?: Variables;
}

/** Where warnings of one fixture file go (LX's addWarning): outputs report them with the file. */
interface Sink {
  readonly file: string;
  readonly problems: LxfProblem[];
}

/** Records a refusal LX only warns about (it then reads false). */
function warnRefusal(sink: Sink, key: string, message: string): void {
  sink.problems.push({ message, source: { file: sink.file, key } });
}

/** LX's bound of an int parameter declared without "max" (1 << 16). */
const INT_PARAMETER_MAX = 1 << 16;

/**
 * An int parameter's value as LX's DiscreteParameter keeps it: a value outside min..max WRAPS
 * around the range (max 5, min 1: 9 is 4, 0 is 5), it is not clamped; min defaults to 0.
 */
function wrapDiscrete(v: number, min: number, max: number): number {
  const range = max + 1 - min;
  if (v < min) return min + ((range - ((min - v) % range)) % range);
  return min + ((v - min) % range);
}

function resolveParameterValues(decls: readonly LxfParameter[], overrides: Overrides, type: string, sink: Sink): Map<string, number | boolean | string> {
  const vars = new Map<string, number | boolean | string>();
  for (const d of decls) {
    const where = `fixture ${type}.lxf parameter ${d.name}`;
    const given: unknown = overrides.values[d.name];
    // A default goes through the same bounds as a given value (LX sets either on its parameter).
    let v: unknown = given ?? d.default;
    if (given !== undefined && typeof v === 'string' && overrides.vars !== undefined) {
      if (d.type === 'string') v = substitute(v, overrides.vars, where);
      else if (d.type === 'boolean') {
        const r = evaluateCondition(v, overrides.vars, where);
        if (r.refused !== undefined) warnRefusal(sink, d.name, r.refused);
        v = r.value;
      } else v = evaluate(v, overrides.vars, where);
    }
    if (d.type === 'float' || d.type === 'int') {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new ModelInputError(`${where} takes a number; got ${JSON.stringify(v)}`);
      if (d.type === 'int') vars.set(d.name, wrapDiscrete(Math.trunc(v), d.min ?? 0, d.max ?? INT_PARAMETER_MAX));
      else vars.set(d.name, Math.min(Math.max(v, d.min ?? -Number.MAX_VALUE), d.max ?? Number.MAX_VALUE));
    } else if (d.type === 'string') {
      if (typeof v !== 'string') throw new ModelInputError(`${where} takes a string; got ${JSON.stringify(v)}`);
      if (d.options !== undefined && !d.options.includes(v)) {
        throw new ModelInputError(`${where} takes one of ${d.options.join(', ')}; got ${JSON.stringify(v)}`);
      }
      vars.set(d.name, v);
    } else {
      if (typeof v !== 'boolean') throw new ModelInputError(`${where} takes true or false; got ${JSON.stringify(v)}`);
      vars.set(d.name, v);
    }
  }
  return vars;
}

// ---------------------------------------------------------------------------------------------
// Field readers

const TRANSLATE_KEYS = ['x', 'y', 'z'] as const;
/** LX's rotation keys, in the order it applies them. */
const ROTATE_KEYS = ['yaw', 'pitch', 'roll', 'rotateX', 'rotateY', 'rotateZ'] as const;
const ROTATE_OPS = { yaw: 'rotateY', pitch: 'rotateX', roll: 'rotateZ', rotateX: 'rotateX', rotateY: 'rotateY', rotateZ: 'rotateZ' } as const;
const SCALE_KEYS = ['scale', 'scaleX', 'scaleY', 'scaleZ'] as const;

class Fields {
  constructor(
    readonly obj: Json,
    readonly vars: Variables,
    readonly where: string,
    readonly sink: Sink,
  ) {}

  has(key: string): boolean {
    return this.obj[key] !== undefined;
  }

  private value(key: string): ExpressionValue | undefined {
    const v = this.obj[key];
    if (v === undefined) return undefined;
    if (typeof v === 'number' || typeof v === 'boolean') return v;
    if (typeof v === 'string') return evaluate(v, this.vars, `${this.where} "${key}"`);
    throw new ModelInputError(`${this.where}: "${key}" must be a number, boolean or expression string`);
  }

  number(key: string, fallback: number): number {
    const v = this.value(key);
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ModelInputError(`${this.where}: "${key}" must be a finite number`);
    return v;
  }

  int(key: string, fallback: number): number {
    return Math.trunc(this.number(key, fallback));
  }

  /** LX's loadBoolean: a numeric reference or result is refused with a warning and reads false. */
  boolean(key: string, fallback: boolean): boolean {
    const raw = this.obj[key];
    if (typeof raw === 'string') {
      const r = evaluateCondition(raw, this.vars, `${this.where} "${key}"`);
      if (r.refused !== undefined) warnRefusal(this.sink, key, r.refused);
      return r.value;
    }
    const v = this.value(key);
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') throw new ModelInputError(`${this.where}: "${key}" must be true or false`);
    return v;
  }

  string(key: string): string | undefined {
    const v = this.obj[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new ModelInputError(`${this.where}: "${key}" must be a string`);
    return substitute(v, this.vars, `${this.where} "${key}"`);
  }

  vector(key: string): { x: number; y: number; z: number } | undefined {
    const v = this.obj[key];
    if (v === undefined) return undefined;
    if (!isObject(v)) throw new ModelInputError(`${this.where}: "${key}" must be an {x, y, z} object`);
    const inner = new Fields(v, this.vars, `${this.where} "${key}"`, this.sink);
    return { x: f(inner.number('x', 0)), y: f(inner.number('y', 0)), z: f(inner.number('z', 0)) };
  }

  /** `tag` (string) or `tags` (array), or the legacy `modelKey`/`modelKeys`. */
  tags(): string[] | undefined {
    const raw = this.obj.tags ?? this.obj.modelKeys;
    const one = this.obj.tag ?? this.obj.modelKey;
    let list: unknown[];
    if (raw !== undefined) {
      if (!Array.isArray(raw)) throw new ModelInputError(`${this.where}: "tags" must be an array of strings`);
      list = raw;
    } else if (one !== undefined) {
      list = [one];
    } else {
      return undefined;
    }
    const out: string[] = [];
    for (const t of list) {
      if (typeof t !== 'string') throw new ModelInputError(`${this.where}: tags must be strings`);
      const tag = substitute(t, this.vars, `${this.where} tag`).trim();
      if (!isValidTag(tag)) throw new ModelInputError(`${this.where}: invalid tag ${JSON.stringify(tag)} (letters, digits, _ . - / only)`);
      out.push(tag);
    }
    return dedupeTags(out);
  }

  meta(): Record<string, string> {
    const m = this.obj.meta;
    if (m === undefined) return {};
    if (!isObject(m)) throw new ModelInputError(`${this.where}: "meta" must be an object`);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(m)) {
      if (typeof v === 'string') out[k] = substitute(v, this.vars, `${this.where} meta ${k}`);
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
      else throw new ModelInputError(`${this.where}: meta ${k} must be a primitive value`);
    }
    return out;
  }

  /**
   * `transforms`, as LX's loadTransform reads them: each entry translates, rotates or scales
   * (several axes of one kind may share an entry, in LX's key order); an entry mixing kinds or
   * holding two rotations is skipped with a warning, unknown keys and null entries are ignored.
   */
  transforms(): TransformStep[] {
    const list = this.obj.transforms;
    if (list === undefined) return [];
    if (!Array.isArray(list)) throw new ModelInputError(`${this.where}: "transforms" must be an array`);
    const steps: TransformStep[] = [];
    list.forEach((entry, i) => {
      const key = `transforms[${i}]`;
      const where = `${this.where} ${key}`;
      if (entry === null) return;
      if (!isObject(entry)) {
        warnRefusal(this.sink, key, `${where} is not an object such as {"yaw": 90}; LX skips it`);
        return;
      }
      const t = new Fields(entry, this.vars, where, this.sink);
      if (!t.boolean('enabled', true)) return;
      const rotations = ROTATE_KEYS.filter((k) => t.has(k)).length;
      const translates = TRANSLATE_KEYS.some((k) => t.has(k));
      const scales = SCALE_KEYS.some((k) => t.has(k));
      let refused: string | undefined;
      if (rotations > 1) refused = 'holds more than one rotation';
      else if (translates && rotations > 0) refused = 'mixes translation and rotation';
      else if (translates && scales) refused = 'mixes translation and scaling';
      else if (rotations > 0 && scales) refused = 'mixes rotation and scaling';
      if (refused !== undefined) {
        warnRefusal(this.sink, key, `${where} ${refused}; LX skips it`);
        return;
      }
      if (t.has('x')) steps.push({ op: 'translateX', value: t.number('x', 0) });
      if (t.has('y')) steps.push({ op: 'translateY', value: t.number('y', 0) });
      if (t.has('z')) steps.push({ op: 'translateZ', value: t.number('z', 0) });
      for (const k of ROTATE_KEYS) if (t.has(k)) steps.push({ op: ROTATE_OPS[k], degrees: t.number(k, 0) });
      if (t.has('scale')) {
        const s = entry.scale;
        if (isObject(s)) {
          const v = new Fields(s, this.vars, `${where} scale`, this.sink);
          if (v.has('x')) steps.push({ op: 'scaleX', value: v.number('x', 1) });
          if (v.has('y')) steps.push({ op: 'scaleY', value: v.number('y', 1) });
          if (v.has('z')) steps.push({ op: 'scaleZ', value: v.number('z', 1) });
        } else if (typeof s === 'number' || typeof s === 'string') {
          steps.push({ op: 'scale', value: t.number('scale', 1) });
        } else {
          warnRefusal(this.sink, key, `${where} "scale" must be a number or an {x, y, z} object; LX skips the rest of the entry`);
          return;
        }
      }
      for (const k of ['scaleX', 'scaleY', 'scaleZ'] as const) if (t.has(k)) steps.push({ op: k, value: t.number(k, 1) });
    });
    return steps;
  }
}

/** `LXVector.mag()`: float products and sums, then a float square root. */
function mag(v: { x: number; y: number; z: number }): number {
  return f(Math.sqrt(f(f(f(v.x * v.x) + f(v.y * v.y)) + f(v.z * v.z))));
}

// ---------------------------------------------------------------------------------------------
// Building

interface Build {
  readonly type: string;
  /** The file, as outputs cite it: `Fixtures/<type>.lxf`. */
  readonly file: string;
  readonly resolve: LxfResolver;
  readonly depth: number;
  readonly matrix: Mat4;
  readonly points: number[];
  readonly normals: number[];
  readonly submodels: SubmodelGeometry[];
  readonly children: FixtureGeometry[];
  /** Own points before each child (model.ts keeps the components in file order). */
  readonly childAt: number[];
  /** Points built so far, own and children's, in file order. */
  size: number;
  readonly components: LxfComponentTable;
  /** Outputs declared in this file, with the points they were declared on, in declaration order. */
  readonly declared: { readonly output: ParsedOutput; readonly offset: number; readonly size: number }[];
  /** Outputs of the sub-fixtures' files, resolved and placed in this fixture. */
  readonly childOutputs: LxfOutput[];
  readonly problems: LxfProblem[];
}

/** What building one fixture file gives besides its geometry. */
interface Built {
  readonly geometry: FixtureGeometry;
  readonly components: LxfComponentTable;
  readonly outputs: readonly LxfOutput[];
  readonly problems: readonly LxfProblem[];
}

const PLACEMENT_KEYS = ['x', 'y', 'z', 'yaw', 'pitch', 'roll', 'scale'] as const;

/**
 * A component's matrix: the fixture's, then translate, yaw/pitch/roll, scale and transforms, each
 * multiplied in turn into it as LXFixture does (float products do not associate, so composing the
 * component's own steps first and the fixture's matrix after is off by an ulp now and then).
 */
function componentLocal(b: Build, c: Fields): Mat4 {
  const m = copyMatrix(b.matrix);
  translate(m, f(c.number('x', 0)), f(c.number('y', 0)), f(c.number('z', 0)));
  return m;
}

function finishLocal(c: Fields, m: Mat4): Mat4 {
  if (c.has('scale')) {
    const s = f(c.number('scale', 1));
    scale(m, s, s, s);
  }
  applySteps(m, c.transforms());
  return m;
}

function yprLocal(c: Fields, m: Mat4): void {
  rotateY(m, f(toRadians(c.number('yaw', 0))));
  rotateX(m, f(toRadians(c.number('pitch', 0))));
  rotateZ(m, f(toRadians(c.number('roll', 0))));
}

/** A working copy of a component's matrix (componentLocal already starts from the fixture's). */
function placedMatrix(local: Readonly<Mat4>): Mat4 {
  return copyMatrix(local);
}

function pushPoint(b: Build, x: number, y: number, z: number, nx: number, ny: number, nz: number): void {
  b.points.push(x, y, z);
  b.normals.push(nx, ny, nz);
}

function addSubmodel(b: Build, tags: readonly string[], metaData: Record<string, string>, start: number, transform: Mat4): void {
  const count = b.points.length / 3 - start;
  if (count > 0) b.submodels.push({ tags, metaData, start, count, stride: 1, transform });
}

function buildPoint(b: Build, c: Fields): void {
  const local = finishLocal(c, componentLocal(b, c));
  const m = placedMatrix(local);
  const start = b.points.length / 3;
  pushPoint(b, m[3], m[7], m[11], -m[2], -m[6], -m[10]);
  const tags = c.tags();
  if (tags !== undefined) addSubmodel(b, tags, c.meta(), start, m);
}

function buildPoints(b: Build, c: Fields): void {
  const coords = c.obj.coords;
  if (!Array.isArray(coords)) throw new ModelInputError(`${c.where}: a points component needs a "coords" array of {x, y, z}`);
  const local = finishLocal(c, componentLocal(b, c));
  const m = placedMatrix(local);
  const start = b.points.length / 3;
  coords.forEach((p, i) => {
    if (!isObject(p)) throw new ModelInputError(`${c.where}: coords[${i}] must be an {x, y, z} object`);
    const v = new Fields(p, c.vars, `${c.where} coords[${i}]`, c.sink);
    const x = f(v.number('x', 0)),
      y = f(v.number('y', 0)),
      z = f(v.number('z', 0));
    pushPoint(b, transformX(m, x, y, z), transformY(m, x, y, z), transformZ(m, x, y, z), -m[2], -m[6], -m[10]);
  });
  addSubmodel(b, c.tags() ?? ['points'], c.meta(), start, m);
}

function pointCount(c: Fields, kind: string): number {
  if (!c.has('numPoints')) throw new ModelInputError(`${c.where}: a ${kind} needs "numPoints"`);
  const n = c.int('numPoints', 0);
  if (n < 1 || n > MAX_COMPONENT_POINTS) {
    throw new ModelInputError(`${c.where}: "numPoints" must be 1..${MAX_COMPONENT_POINTS}; got ${n}`);
  }
  return n;
}

function buildStrip(b: Build, c: Fields): void {
  const n = pointCount(c, 'strip');
  const local = componentLocal(b, c);
  let spacing = 1;
  const direction = c.vector('direction');
  const end = c.vector('end');
  if (direction !== undefined || end !== undefined) {
    let d = direction;
    if (d === undefined && end !== undefined) {
      const x0 = f(c.number('x', 0)),
        y0 = f(c.number('y', 0)),
        z0 = f(c.number('z', 0));
      d = { x: f(end.x - x0), y: f(end.y - y0), z: f(end.z - z0) };
    }
    const length = mag(d!);
    if (length === 0) throw new ModelInputError(`${c.where}: the strip's direction has zero length`);
    spacing = direction !== undefined ? length : n > 1 ? f(length / (n - 1)) : 0;
    rotateY(local, f(Math.atan2(-d!.z, d!.x)));
    rotateZ(local, f(Math.asin(d!.y / length)));
  } else {
    yprLocal(c, local);
  }
  if (c.has('spacing')) {
    spacing = f(c.number('spacing', 1));
    if (spacing < 0) throw new ModelInputError(`${c.where}: "spacing" may not be negative`);
  }
  finishLocal(c, local);
  const m = placedMatrix(local);
  const start = b.points.length / 3;
  for (let i = 0; i < n; i++) {
    pushPoint(b, m[3], m[7], m[11], -m[2], -m[6], -m[10]);
    translate(m, spacing, 0, 0);
  }
  addSubmodel(b, c.tags() ?? ['strip'], c.meta(), start, placedMatrix(local));
}

function buildArc(b: Build, c: Fields): void {
  const n = pointCount(c, 'arc');
  const radius = f(c.number('radius', 0));
  const degrees = f(c.number('degrees', 0));
  if (!(radius > 0)) throw new ModelInputError(`${c.where}: an arc needs a positive "radius"`);
  if (!(degrees > 0)) throw new ModelInputError(`${c.where}: an arc needs a positive "degrees"`);
  const mode = c.string('mode') ?? 'origin';
  if (mode !== 'origin' && mode !== 'center') throw new ModelInputError(`${c.where}: "mode" must be "origin" or "center"`);
  const local = componentLocal(b, c);
  const normal = c.vector('normal');
  const direction = c.vector('direction');
  if (normal !== undefined) {
    const length = mag(normal);
    if (length === 0) throw new ModelInputError(`${c.where}: the arc's normal has zero length`);
    rotateY(local, f(Math.atan2(normal.x, normal.z)));
    rotateX(local, f(Math.asin(normal.y / length)));
    rotateZ(local, f(toRadians(c.number('roll', 0))));
  } else if (direction !== undefined) {
    const length = mag(direction);
    if (length === 0) throw new ModelInputError(`${c.where}: the arc's direction has zero length`);
    rotateY(local, f(Math.atan2(-direction.z, direction.x)));
    rotateX(local, f(toRadians(c.number('pitch', 0))));
    rotateZ(local, f(Math.asin(direction.y / length)));
  } else {
    yprLocal(c, local);
  }
  finishLocal(c, local);
  const m = placedMatrix(local);
  const start = b.points.length / 3;
  const rotation = f(toRadians(f(degrees / (n - 1))));
  const pts = new Float32Array(3 * n),
    nrm = new Float32Array(3 * n);
  walkArc(m, n, radius, rotation, mode === 'center', pts, nrm, 0);
  for (let i = 0; i < 3 * n; i += 3) pushPoint(b, pts[i], pts[i + 1], pts[i + 2], nrm[i], nrm[i + 1], nrm[i + 2]);
  addSubmodel(b, c.tags() ?? ['strip', 'arc'], c.meta(), start, placedMatrix(local));
}

function placementParams(c: Fields): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of PLACEMENT_KEYS) if (c.has(key)) out[key] = c.number(key, 0);
  return out;
}

function buildClass(b: Build, c: Fields): void {
  const className = c.string('class');
  if (className === undefined) throw new ModelInputError(`${c.where}: a class component needs a "class" name`);
  const stock = stockFixtureClass(className);
  if (stock === undefined) throw new ModelInputError(`${c.where}: unknown fixture class ${JSON.stringify(className)}`);
  const params: Record<string, unknown> = {};
  const raw = c.obj.parameters;
  if (raw !== undefined) {
    if (!isObject(raw)) throw new ModelInputError(`${c.where}: "parameters" must be an object`);
    const p = new Fields(raw, c.vars, `${c.where} parameters`, c.sink);
    for (const [key, v] of Object.entries(raw)) {
      const spec = stock.parameters.find((s) => s.key === key);
      if (typeof v !== 'string') params[key] = v;
      // A string is text for string and enum parameters, an expression for the others.
      else if (spec === undefined || spec.kind === 'string' || spec.kind === 'enum') params[key] = p.string(key);
      else if (spec.kind === 'boolean') params[key] = p.boolean(key, false);
      // LX casts every numeric expression of a native component to int, float parameters too.
      else params[key] = p.int(key, 0);
    }
  }
  Object.assign(params, placementParams(c));
  const tags = c.tags();
  if (tags !== undefined) params.tags = tags.join(' ');
  // The component's transforms follow the native fixture's own placement (LX's loadGeometry).
  addChild(b, stock.geometry(params, b.matrix, c.transforms()));
}

function addChild(b: Build, child: FixtureGeometry): void {
  b.childAt.push(b.points.length / 3);
  b.children.push(child);
}

/** A sub-fixture: another `.lxf` built in place; its outputs join this fixture's. */
function buildSubFixture(b: Build, c: Fields, childType: string): Built {
  // LX offers the whole component to the sub-fixture's parameters: one named like a component
  // key (`yaw`, `x`, ...) takes that key's value and the key still places the sub-fixture.
  const values: Record<string, unknown> = { ...c.obj };
  const params: Record<string, unknown> = placementParams(c);
  const resolved = resolveType(b, childType);
  // The component's transforms follow the sub-fixture file's own (LX appends them to its list).
  const steps = c.transforms();
  const child = buildJsonFixture(resolved, params, { values, vars: c.vars }, b.resolve, b.matrix, b.depth + 1, c.tags() ?? [], c.meta(), steps);
  addChild(b, child.geometry);
  return child;
}

/** A component's `brightness` (0–1): LX dims a sub-fixture's own outputs by it. */
function componentBrightness(b: Build, c: Fields, key: string): number {
  if (!c.has('brightness')) return 1;
  const v = c.obj.brightness;
  let value: number | undefined;
  try {
    value = c.number('brightness', 1);
  } catch (err) {
    if (!(err instanceof ModelInputError)) throw err;
  }
  if (value === undefined || value < 0 || value > 1) {
    const line = sourceLine(c.obj, 'brightness');
    b.problems.push({
      message: `brightness must be 0–1; ${JSON.stringify(v)} is ignored`,
      source: { file: b.file, ...(line !== undefined ? { line } : {}), key: `${key}.brightness` },
    });
    return 1;
  }
  return Math.fround(value);
}

/** Records a built component (LX's componentsByIndex and componentsById) and reads its outputs. */
function registerComponent(
  b: Build,
  c: Fields,
  index: number | undefined,
  key: string,
  instance: number | undefined,
  start: number,
  sub: Built | undefined,
): void {
  const entry: LxfComponentEntry = { offset: start, size: b.size - start };
  if (sub !== undefined) {
    const brightness = componentBrightness(b, c, key);
    for (const o of sub.outputs) {
      b.childOutputs.push({
        ...o,
        brightness: o.brightness * brightness,
        segments: o.segments.map((s) => ({ ...s, start: s.start + start, indices: s.indices.map((i) => (i < 0 ? i : i + start)) })),
      });
    }
    b.problems.push(...sub.problems);
  }
  const declared: ParsedOutput[] = [];
  parseOutputs(c.obj, c.vars, b.file, key, sub !== undefined ? { components: sub.components } : {}, declared, b.problems);
  for (const output of declared) b.declared.push({ output, offset: start, size: entry.size });
  if (index !== undefined) {
    const list = b.components.byIndex[index];
    if (list === null) b.components.byIndex[index] = [entry];
    else list.push(entry);
  }
  if (!c.has('id')) return;
  let id: string | undefined;
  try {
    id = c.string('id');
  } catch (err) {
    if (!(err instanceof ModelInputError)) throw err;
  }
  if (id === undefined) return;
  const byId = b.components.byId;
  let duplicated = false;
  if (instance === undefined || instance === 0) {
    if (byId.has(id)) {
      const line = sourceLine(c.obj, 'id');
      b.problems.push({
        message: `component id ${JSON.stringify(id)} is already in use`,
        source: { file: b.file, ...(line !== undefined ? { line } : {}), key: `${key}.id` },
      });
      duplicated = true;
    } else byId.set(id, [entry]);
  }
  if (!duplicated && instance !== undefined) {
    if (instance > 0) byId.get(id)?.push(entry);
    if (!byId.has(`${id}[${instance}]`)) byId.set(`${id}[${instance}]`, [entry]);
  }
}

/** Relative types are looked up beside the referencing file first; `/a/b` is absolute. */
function resolveType(b: Build, childType: string): string {
  if (childType.startsWith('/')) return childType.slice(1);
  const slash = b.type.lastIndexOf('/');
  if (slash >= 0) {
    const sibling = `${b.type.slice(0, slash + 1)}${childType}`;
    if (b.resolve(sibling) !== undefined) return sibling;
  }
  return childType;
}

function buildComponent(b: Build, obj: unknown, vars: Variables, where: string, key: string, index?: number): void {
  if (!isObject(obj)) throw new ModelInputError(`${where} must be an object`);
  const outer = new Fields(obj, vars, where, b);
  const instances = outer.has('instances') ? outer.int('instances', 1) : undefined;
  if (instances !== undefined && instances < 0) throw new ModelInputError(`${where}: "instances" may not be negative`);
  for (let i = 0; i < (instances ?? 1); i++) {
    let v = vars;
    if (instances !== undefined) {
      const m = new Map(vars);
      m.set('instance', i);
      m.set('instances', instances);
      v = m;
    }
    const c = new Fields(obj, v, instances !== undefined ? `${where} instance ${i}` : where, b);
    if (!c.boolean('enabled', true)) continue;
    const type = c.string('type');
    if (type === undefined) throw new ModelInputError(`${c.where}: a component needs a "type"`);
    const start = b.size;
    const own = b.points.length;
    const children = b.children.length;
    let sub: Built | undefined;
    switch (type) {
      case 'point':
        buildPoint(b, c);
        break;
      case 'points':
        buildPoints(b, c);
        break;
      case 'strip':
        buildStrip(b, c);
        break;
      case 'arc':
        buildArc(b, c);
        break;
      case 'class':
        buildClass(b, c);
        break;
      default:
        sub = buildSubFixture(b, c, type);
    }
    b.size += (b.points.length - own) / 3;
    for (let k = children; k < b.children.length; k++) b.size += totalSize(b.children[k]);
    registerComponent(b, c, index, key, instances !== undefined ? i : undefined, start, sub);
  }
}

/** The legacy top-level `points`, `strips`, `arcs` and `children` arrays, as components, with their keys. */
function legacyComponents(doc: Json, type: string): { item: unknown; key: string }[] {
  const out: { item: unknown; key: string }[] = [];
  const take = (key: string, kind: string | undefined): void => {
    const list = doc[key];
    if (list === undefined) return;
    if (!Array.isArray(list)) throw new ModelInputError(`fixture ${type}.lxf: "${key}" must be an array`);
    list.forEach((item, i) => {
      if (item === null) return;
      const at = `${key}[${i}]`;
      if (kind === 'points') {
        if (!isObject(item)) throw new ModelInputError(`fixture ${type}.lxf: "points" entries must be {x, y, z} objects`);
        out.push({ item: { type: 'point', ...item }, key: at });
      } else {
        out.push({ item: isObject(item) && kind !== undefined ? { type: kind, ...item } : item, key: at });
      }
    });
  };
  take('points', 'points');
  take('strips', 'strip');
  take('arcs', 'arc');
  take('children', undefined);
  return out;
}

function buildJsonFixture(
  type: string,
  params: FixtureParams,
  overrides: Overrides,
  resolve: LxfResolver,
  parent: Readonly<Mat4> | undefined,
  depth: number,
  parentTags: readonly string[],
  parentMeta: Record<string, string>,
  componentSteps: readonly TransformStep[] = [],
): Built {
  if (depth > MAX_DEPTH) throw new ModelInputError(`fixture ${type}.lxf: sub-fixtures nest deeper than ${MAX_DEPTH} (a cycle?)`);
  const doc = resolve(type);
  if (doc === undefined) throw new ModelInputError(`no fixture file ${type}.lxf in the Fixtures folder`);
  if (!isObject(doc)) throw new ModelInputError(`fixture ${type}.lxf must be a JSON object`);
  const decls = lxfParameters(doc, type);
  const sink: Sink = { file: `Fixtures/${type}.lxf`, problems: [] };
  const vars = resolveParameterValues(decls, overrides, type, sink);
  // LX reads `$instances` outside an instanced component as -1 (its unset count), without a warning.
  vars.set('instances', -1);
  const top = new Fields(doc, vars, `fixture ${type}.lxf`, sink);

  const reader = new ParamReader(`JSON ${type}`, params);
  const common = readCommon(reader, params, typeof doc.label === 'string' ? doc.label : (type.split('/').pop() ?? type), []);
  const matrix = geometryMatrix(parent, common.placement, [...top.transforms(), ...componentSteps]);
  const b: Build = {
    type,
    file: sink.file,
    resolve,
    depth,
    matrix,
    points: [],
    normals: [],
    submodels: [],
    children: [],
    childAt: [],
    size: 0,
    components: new LxfComponentTable(),
    declared: [],
    childOutputs: [],
    problems: sink.problems,
  };

  const components = doc.components;
  if (components !== undefined) {
    if (!Array.isArray(components)) throw new ModelInputError(`fixture ${type}.lxf: "components" must be an array`);
    components.forEach((comp, i) => {
      b.components.byIndex.push(null);
      buildComponent(b, comp, vars, `fixture ${type}.lxf components[${i}]`, `components[${i}]`, i);
    });
  } else {
    for (const comp of legacyComponents(doc, type)) buildComponent(b, comp.item, vars, `fixture ${type}.lxf ${comp.key}`, comp.key);
  }

  // The file's own outputs: on its components (as they were built), then on the fixture itself.
  const own: ParsedOutput[] = [];
  parseOutputs(doc, vars, b.file, '', { components: b.components }, own, b.problems);
  for (const output of own) b.declared.push({ output, offset: 0, size: b.size });
  const owner = [common.label];
  const outputs: LxfOutput[] = b.childOutputs.map((o) => ({ ...o, owner: [common.label, ...o.owner] }));
  for (const d of b.declared) {
    const o = resolveOutput(d.output, d.offset, d.size, owner, b.problems);
    if (o !== undefined) outputs.push(o);
  }

  const declared = dedupeTags([...(top.tags() ?? []), ...parentTags]);
  const geometry: FixtureGeometry = {
    type,
    label: common.label,
    tags: modelTags(declared, common.tagsParam, []),
    metaData: { ...top.meta(), ...parentMeta },
    transform: matrix,
    points: Float32Array.from(b.points),
    normals: Float32Array.from(b.normals),
    children: b.children,
    ...(b.children.length > 0 ? { childAt: b.childAt } : {}),
    submodels: b.submodels,
    deactivated: common.deactivated,
  };
  return { geometry, components: b.components, outputs, problems: b.problems };
}

/**
 * Builds a JSON fixture of `type` placed by `params` (the LX fixture parameters x, y, z, yaw,
 * pitch, roll, scale, tags, deactivate, label), with `jsonParameters` for its declared
 * parameters. Throws ModelInputError (code invalid_argument) on a missing or malformed file.
 */
export function jsonFixture(
  type: string,
  params: FixtureParams,
  jsonParameters: Readonly<Record<string, unknown>>,
  resolve: LxfResolver,
  parent?: Readonly<Mat4>,
): FixtureGeometry {
  const built = buildJsonFixture(type, params, { values: jsonParameters }, resolve, parent, 0, [], {});
  return { ...built.geometry, outputs: built.outputs, outputProblems: built.problems };
}
