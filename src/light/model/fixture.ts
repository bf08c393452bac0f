// What every fixture geometry function returns, and the parts all fixture classes share: the
// common parameters, parameter reading with LX's ranges, the geometry matrix and model tags.
import { ModelInputError } from './errors.js';
import type { LxfOutput, LxfProblem } from './lxf-outputs.js';
import { f, toRadians } from '../math/float32.js';
import { type Mat4, copyMatrix, identity, rotateX, rotateY, rotateZ, scale, translate } from './matrix.js';

/** Parameter values keyed by LX parameter key, as in a project's `parameters` object. */
export type FixtureParams = Readonly<Record<string, unknown>>;

/** A submodel of a fixture: a run of the fixture's model points (own points, then children's). */
export interface SubmodelGeometry {
  readonly tags: readonly string[];
  readonly metaData: Readonly<Record<string, string>>;
  /** First point, relative to the fixture's model points. */
  readonly start: number;
  readonly count: number;
  readonly stride: number;
  readonly transform: Mat4;
}

/** One fixture's geometry, in global coordinates, before it is placed in a model. */
export interface FixtureGeometry {
  /** Fixture type: the stock class's short name (`Grid`, `Strip`, ...) or a JSON fixture type. */
  readonly type: string;
  readonly label: string;
  /** Model tags: declared tags + the `tags` parameter, or the class defaults if both are empty. */
  readonly tags: readonly string[];
  readonly metaData: Readonly<Record<string, string>>;
  /** The fixture's geometry matrix (parent × translate × yaw × pitch × roll × scale × transforms). */
  readonly transform: Mat4;
  /** The fixture's own points, x y z interleaved (float32, global coordinates). */
  readonly points: Float32Array;
  /** The fixture's own points' facing normals, x y z interleaved. */
  readonly normals: Float32Array;
  /** Child fixtures (JSON sub-fixtures); their points follow this fixture's own points. */
  readonly children: readonly FixtureGeometry[];
  /** Submodels (rows, columns, strips...), indexing the fixture's model points. */
  readonly submodels: readonly SubmodelGeometry[];
  /** True when the fixture's `deactivate` parameter is on: the model leaves it out. */
  readonly deactivated: boolean;
  /**
   * For each child, how many of the fixture's own points come before it (JSON fixtures keep
   * their components in file order); absent, the own points come first.
   */
  readonly childAt?: readonly number[];
  /** Outputs the fixture's `.lxf` files declare (JSON fixtures), resolved against its points. */
  readonly outputs?: readonly LxfOutput[];
  /** What is wrong with those outputs, with the file, line and key. */
  readonly outputProblems?: readonly LxfProblem[];
}

/** Number of points a fixture contributes to a model: its own plus its children's. */
export function totalSize(fixture: FixtureGeometry): number {
  let n = fixture.points.length / 3;
  for (const child of fixture.children) n += totalSize(child);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Parameter specs and reading

type ParameterKind = 'bounded' | 'discrete' | 'enum' | 'string' | 'boolean';

/** How a change to the parameter affects the model (LX's metrics/geometry/tags classes). */
type ParameterChange = 'metrics' | 'geometry' | 'tags' | 'structure' | 'output';

export interface FixtureParameterSpec {
  readonly key: string;
  readonly label: string;
  readonly kind: ParameterKind;
  readonly default: number | string | boolean;
  /** Inclusive bounds for bounded and discrete parameters. */
  readonly min?: number;
  readonly max?: number;
  /** Enum constant names, in ordinal order (the `.lxp` stores the ordinal and `<key>/name`). */
  readonly options?: readonly string[];
  readonly units?: 'degrees';
  readonly change: ParameterChange;
  readonly description: string;
}

const POSITION_RANGE = 1000000;

/** Parameters every stock fixture has that bear on the model (LXFixture's geometry, tags, deactivate). */
export const COMMON_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = [
  {
    key: 'x',
    label: 'X',
    kind: 'bounded',
    default: 0,
    min: -POSITION_RANGE,
    max: POSITION_RANGE,
    change: 'geometry',
    description: 'Base X position of the fixture in space',
  },
  {
    key: 'y',
    label: 'Y',
    kind: 'bounded',
    default: 0,
    min: -POSITION_RANGE,
    max: POSITION_RANGE,
    change: 'geometry',
    description: 'Base Y position of the fixture in space',
  },
  {
    key: 'z',
    label: 'Z',
    kind: 'bounded',
    default: 0,
    min: -POSITION_RANGE,
    max: POSITION_RANGE,
    change: 'geometry',
    description: 'Base Z position of the fixture in space',
  },
  {
    key: 'yaw',
    label: 'Yaw',
    kind: 'bounded',
    default: 0,
    min: -360,
    max: 360,
    units: 'degrees',
    change: 'geometry',
    description: 'Rotation of the fixture about the vertical axis',
  },
  {
    key: 'pitch',
    label: 'Pitch',
    kind: 'bounded',
    default: 0,
    min: -360,
    max: 360,
    units: 'degrees',
    change: 'geometry',
    description: 'Rotation of the fixture about the horizontal plane',
  },
  {
    key: 'roll',
    label: 'Roll',
    kind: 'bounded',
    default: 0,
    min: -360,
    max: 360,
    units: 'degrees',
    change: 'geometry',
    description: 'Rotation of the fixture about its normal vector',
  },
  { key: 'scale', label: 'Scale', kind: 'bounded', default: 1, min: 0, max: 1000, change: 'geometry', description: 'Scale the size of the fixture' },
  { key: 'deactivate', label: 'Deactivate', kind: 'boolean', default: false, change: 'structure', description: 'Removes the fixture from the model' },
  { key: 'tags', label: 'Tags', kind: 'string', default: '', change: 'tags', description: 'Space- or comma-separated extra model tags' },
];

/** Reads a parameter value with LX's defaults and range clamping (what LX does when it loads a project). */
export class ParamReader {
  constructor(
    private readonly fixtureType: string,
    private readonly params: FixtureParams,
  ) {}

  private raw(spec: FixtureParameterSpec): unknown {
    const v = this.params[spec.key];
    if (v === undefined || v === null) {
      if (spec.kind === 'enum') {
        const name = this.params[`${spec.key}/name`];
        if (typeof name === 'string') return name;
      }
      return spec.default;
    }
    return v;
  }

  number(spec: FixtureParameterSpec): number {
    const v = this.raw(spec);
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ModelInputError(`${this.fixtureType} fixture parameter ${spec.key} takes a finite number; got ${JSON.stringify(v)}`);
    }
    let value = spec.kind === 'discrete' ? Math.trunc(v) : v;
    if (spec.min !== undefined && value < spec.min) value = spec.min;
    if (spec.max !== undefined && value > spec.max) value = spec.max;
    return value;
  }

  /** `getValuef()`: the double value rounded to float32. */
  float(spec: FixtureParameterSpec): number {
    return f(this.number(spec));
  }

  /** An enum parameter's ordinal; accepts the ordinal or the constant name (`CENTER`). */
  ordinal(spec: FixtureParameterSpec): number {
    const options = spec.options ?? [];
    const v = this.raw(spec);
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < options.length) return v;
    if (typeof v === 'string') {
      const i = options.findIndex((o) => o.toLowerCase() === v.toLowerCase());
      if (i >= 0) return i;
    }
    throw new ModelInputError(
      `${this.fixtureType} fixture parameter ${spec.key} takes one of ${options.join(', ')} ` + `(or its 0-based index); got ${JSON.stringify(v)}`,
    );
  }

  string(spec: FixtureParameterSpec): string {
    const v = this.raw(spec);
    if (typeof v !== 'string') {
      throw new ModelInputError(`${this.fixtureType} fixture parameter ${spec.key} takes a string; got ${JSON.stringify(v)}`);
    }
    return v;
  }

  boolean(spec: FixtureParameterSpec): boolean {
    const v = this.raw(spec);
    if (typeof v !== 'boolean') {
      throw new ModelInputError(`${this.fixtureType} fixture parameter ${spec.key} takes true or false; got ${JSON.stringify(v)}`);
    }
    return v;
  }
}

export function specOf(specs: readonly FixtureParameterSpec[], key: string): FixtureParameterSpec {
  const spec = specs.find((s) => s.key === key);
  if (spec === undefined) throw new Error(`no parameter spec ${key}`);
  return spec;
}

const C = (key: string): FixtureParameterSpec => specOf(COMMON_FIXTURE_PARAMETERS, key);
const X = C('x'),
  Y = C('y'),
  Z = C('z'),
  YAW = C('yaw'),
  PITCH = C('pitch'),
  ROLL = C('roll');
const SCALE = C('scale'),
  DEACTIVATE = C('deactivate'),
  TAGS = C('tags');

// ---------------------------------------------------------------------------------------------
// Geometry matrix

/** An extra transform step of a JSON fixture, applied after scale, in order. */
export type TransformStep =
  | { readonly op: 'translateX' | 'translateY' | 'translateZ'; readonly value: number }
  | { readonly op: 'rotateX' | 'rotateY' | 'rotateZ'; readonly degrees: number }
  | { readonly op: 'scaleX' | 'scaleY' | 'scaleZ' | 'scale'; readonly value: number };

/** Values of the common geometry parameters, as Java doubles (`getValue()`). */
interface Placement {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly yaw: number;
  readonly pitch: number;
  readonly roll: number;
  readonly scale: number;
}

function readPlacement(reader: ParamReader): Placement {
  return {
    x: reader.number(X),
    y: reader.number(Y),
    z: reader.number(Z),
    yaw: reader.number(YAW),
    pitch: reader.number(PITCH),
    roll: reader.number(ROLL),
    scale: reader.number(SCALE),
  };
}

/** Applies a JSON fixture's transforms in order, as LXFixture does: lengths and radians as floats. */
export function applySteps(m: Mat4, steps: readonly TransformStep[]): void {
  for (const step of steps) {
    switch (step.op) {
      case 'translateX':
        translate(m, f(step.value), 0, 0);
        break;
      case 'translateY':
        translate(m, 0, f(step.value), 0);
        break;
      case 'translateZ':
        translate(m, 0, 0, f(step.value));
        break;
      case 'rotateX':
        rotateX(m, f(toRadians(step.degrees)));
        break;
      case 'rotateY':
        rotateY(m, f(toRadians(step.degrees)));
        break;
      case 'rotateZ':
        rotateZ(m, f(toRadians(step.degrees)));
        break;
      case 'scaleX':
        scale(m, f(step.value), 1, 1);
        break;
      case 'scaleY':
        scale(m, 1, f(step.value), 1);
        break;
      case 'scaleZ':
        scale(m, 1, 1, f(step.value));
        break;
      case 'scale':
        scale(m, f(step.value), f(step.value), f(step.value));
        break;
    }
  }
}

/**
 * LX's fixture geometry matrix: the parent matrix, then translate(x, y, z) with float values,
 * then rotateY(yaw), rotateX(pitch), rotateZ(roll), then a uniform float scale, then the JSON
 * fixture's extra transforms in order. The angles are `Math.toRadians(value)` as doubles, not
 * rounded to float: LX 1.2.1's golden points prove it (a roll of 90° has an exact 0 cosine,
 * where the float-rounded angle would give −4e-8 and move arc points by one ulp).
 */
export function geometryMatrix(parent: Readonly<Mat4> | undefined, p: Placement, steps: readonly TransformStep[] = []): Mat4 {
  const m = parent === undefined ? identity() : copyMatrix(parent);
  translate(m, f(p.x), f(p.y), f(p.z));
  rotateY(m, toRadians(p.yaw));
  rotateX(m, toRadians(p.pitch));
  rotateZ(m, toRadians(p.roll));
  const s = f(p.scale);
  scale(m, s, s, s);
  applySteps(m, steps);
  return m;
}

// ---------------------------------------------------------------------------------------------
// Tags and labels

const VALID_TAG = /^[A-Za-z0-9_.\-/]+$/;

export function isValidTag(tag: string): boolean {
  return VALID_TAG.test(tag);
}

/** Java's `String.trim()`: strips code units ≤ U+0020 from both ends. */
function javaTrim(s: string): string {
  let a = 0,
    b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return s.slice(a, b);
}

/** Splits a tag string on whitespace (and commas when `commas`), keeping valid tags in order. */
export function splitTags(tagString: string, commas: boolean): string[] {
  let s = javaTrim(tagString);
  if (commas) s = s.replaceAll(',', ' ');
  const out: string[] = [];
  for (const part of s.split(/[ \t\n\x0B\f\r]+/)) {
    const tag = javaTrim(part);
    if (tag.length > 0 && isValidTag(tag)) out.push(tag);
  }
  return out;
}

/** LX's model-tag rule: declared tags + tags parameter; class defaults only if both are empty. */
export function modelTags(declared: readonly string[], tagsParam: string, defaults: readonly string[]): string[] {
  const extra = splitTags(tagsParam, true);
  const tags = [...declared, ...extra];
  if (declared.length === 0 && extra.length === 0) tags.push(...defaults);
  return dedupeTags(tags);
}

/** LXModel keeps the first of duplicate tags. */
export function dedupeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) if (!out.includes(t)) out.push(t);
  return out;
}

/** Java's `String.valueOf(double)` for the values fixtures put in their metadata. */
export function javaDoubleString(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '-Infinity';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(v);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(v);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exponent] = v.toExponential().split('e');
  const m = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${m}E${exponent.startsWith('+') ? exponent.slice(1) : exponent}`;
}

/** Common fixture state read from parameters. */
interface CommonFixtureState {
  readonly placement: Placement;
  readonly tagsParam: string;
  readonly deactivated: boolean;
  readonly label: string;
}

export function readCommon(reader: ParamReader, params: FixtureParams, defaultLabel: string, defaultTags: readonly string[]): CommonFixtureState {
  const label = typeof params.label === 'string' ? params.label : defaultLabel;
  const tagsParam = params[TAGS.key] === undefined ? defaultTags.join(' ') : reader.string(TAGS);
  return { placement: readPlacement(reader), tagsParam, deactivated: reader.boolean(DEACTIVATE), label };
}

/** Builds the point buffers for `n` points. */
export function pointBuffers(n: number): { points: Float32Array; normals: Float32Array } {
  return { points: new Float32Array(3 * n), normals: new Float32Array(3 * n) };
}

// ---------------------------------------------------------------------------------------------
// Stock fixture classes

/** What every stock fixture class starts from: its parameter reader, common state and geometry matrix. */
interface StockFixtureStart {
  readonly type: string;
  readonly reader: ParamReader;
  readonly common: CommonFixtureState;
  readonly transform: Mat4;
  readonly defaultTags: readonly string[];
}

/**
 * Reads a stock fixture's common parameters (label defaults to `type`) and builds its geometry
 * matrix; `steps` are the transforms of a `.lxf` component that placed it (after its scale).
 */
export function startStockFixture(
  type: string,
  params: FixtureParams,
  parent: Readonly<Mat4> | undefined,
  defaultTags: readonly string[],
  steps: readonly TransformStep[] = [],
): StockFixtureStart {
  const reader = new ParamReader(type, params);
  const common = readCommon(reader, params, type, defaultTags);
  return { type, reader, common, transform: geometryMatrix(parent, common.placement, steps), defaultTags };
}

/** A stock fixture's geometry: no declared tags and no child fixtures. */
export function stockGeometry(
  start: StockFixtureStart,
  metaData: Readonly<Record<string, string>>,
  buffers: { readonly points: Float32Array; readonly normals: Float32Array },
  submodels: readonly SubmodelGeometry[] = [],
): FixtureGeometry {
  return {
    type: start.type,
    label: start.common.label,
    tags: modelTags([], start.common.tagsParam, start.defaultTags),
    metaData,
    transform: start.transform,
    points: buffers.points,
    normals: buffers.normals,
    children: [],
    submodels,
    deactivated: start.common.deactivated,
  };
}
