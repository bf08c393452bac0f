import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { LXComponent } from '../component/lx-component.js';
import {
  COMMON_FIXTURE_PARAMETERS,
  type FixtureGeometry,
  type FixtureParameterSpec,
  type LxfResolver,
  type StockFixtureClass,
  JSON_FIXTURE_CLASS,
  ModelInputError,
  jsonFixture,
  stockFixtureClass,
} from '../model/index.js';
import { addFixtureOutputParameters, type FixtureOutputParameters } from './fixture-output-parameters.js';
import { isLxObject, type LoadContext, type LxObject } from '../component/lxp-types.js';

function parameterFromSpec(spec: FixtureParameterSpec): Parameter {
  const options = { description: spec.description, mappable: false };
  switch (spec.kind) {
    case 'bounded':
      return new BoundedParameter(spec.label, spec.default as number, {
        ...options,
        v0: spec.min ?? 0,
        v1: spec.max ?? 1,
        units: spec.units === 'degrees' ? 'degrees' : 'none',
      });
    case 'discrete':
      return new DiscreteParameter(spec.label, spec.default as number, spec.min ?? 0, spec.max ?? 0, options);
    case 'enum':
      return new EnumParameter(
        spec.label,
        (spec.options ?? []).map((name) => ({ label: name, name })),
        spec.default as number,
        options,
      );
    case 'boolean':
      return new BooleanParameter(spec.label, spec.default as boolean, options);
    default:
      return new StringParameter(spec.label, spec.default as string, options);
  }
}

const SACN_SYNC_CHOICES = [
  { label: 'Output', name: 'OUTPUT' },
  { label: 'On', name: 'ON' },
  { label: 'Off', name: 'OFF' },
] as const;

/** Whether two geometry parameter records hold the same keys and identical values. */
function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.is(a[k], b[k])) return false;
  return true;
}

/** True if the class is a fixture Footlight can build (a stock class or a JSON fixture). */
export function isFixtureClass(className: string): boolean {
  return className === JSON_FIXTURE_CLASS || stockFixtureClass(className) !== undefined;
}

/**
 * A fixture of the structure (LX's LXFixture subclasses): a stock class (Grid, Strip, Arc,
 * Point, Spiral) whose parameters follow the class's spec, or a JSON fixture built from an
 * `.lxf` file in the media folder's `Fixtures/`. Its geometry is recomputed from the parameter
 * values whenever one that bears on the model changes.
 */
export class Fixture extends LXComponent {
  readonly lxClass: string;
  /** The stock class, or undefined for a JSON fixture. */
  readonly stock: StockFixtureClass | undefined;
  /** JSON fixtures: the `.lxf` type (path under Fixtures/ without the extension). */
  readonly fixtureType: StringParameter | undefined;
  /** JSON fixtures: values of the parameters the `.lxf` file declares. */
  jsonParameters: Record<string, unknown> = {};
  readonly selected = new BooleanParameter('Selected', false, { description: 'Selected in the console', mappable: false });
  readonly enabled = new BooleanParameter('Enabled', false, { description: 'Sends this fixture to its network output (off for a new fixture)' });
  readonly brightness = new BoundedParameter('Brightness', 1, { units: 'percentNormalized', description: 'Output brightness of this fixture' });
  readonly identify = new BooleanParameter('Identify', false, { description: 'Flashes the fixture red to find it in the rig' });
  readonly mute = new BooleanParameter('Mute', false, { description: 'Blacks out the fixture' });
  readonly solo = new BooleanParameter('Solo', false, { description: 'Blacks out every other fixture' });
  /** Footlight's own (saved under a key LX ignores): whether this fixture's sACN universes are synchronized. */
  readonly sacnSync = new EnumParameter('sACN Sync', SACN_SYNC_CHOICES, 0, {
    mappable: false,
    description:
      "E1.31 universe synchronization of this fixture's sACN output: Output follows /lx/output/sacnSync, On and Off override it " +
      '(a universe shared with a synchronized fixture is synchronized)',
  });
  /**
   * Output protocol, destination and packing (LX's LXBasicFixture parameters, owned by
   * src/light/output); undefined for JSON fixtures, whose outputs the `.lxf` declares.
   */
  readonly output: FixtureOutputParameters | undefined;
  /** This fixture's sACN sync choice: true or false, or undefined to follow /lx/output/sacnSync. */
  get sacnSyncOverride(): boolean | undefined {
    const v = this.sacnSync.getValue();
    return v === 0 ? undefined : v === 1;
  }
  /** Called when a change alters the model (geometry, point count, tags). */
  onModelChange: (() => void) | undefined;
  /** Finds `.lxf` documents for JSON fixtures (set by the structure). */
  resolveLxf: LxfResolver | undefined;
  private readonly specs: readonly FixtureParameterSpec[];
  /** The last stock geometry and the parameter values it was built from. */
  private kept:
    | {
        readonly params: Record<string, unknown>;
        readonly geometry: FixtureGeometry;
        /** JSON fixtures: the `.lxf` values and the type's document the geometry was built from. */
        readonly json: Record<string, unknown> | undefined;
        readonly doc: unknown;
      }
    | undefined;

  constructor(className: string, label?: string) {
    const stock = stockFixtureClass(className);
    const isJson = className === JSON_FIXTURE_CLASS || className === 'JsonFixture';
    if (stock === undefined && !isJson) throw new ModelInputError(`unknown fixture class ${JSON.stringify(className)}`);
    super(label ?? stock?.name ?? 'Fixture');
    this.stock = stock;
    this.lxClass = stock?.className ?? JSON_FIXTURE_CLASS;
    this.specs = stock?.parameters ?? COMMON_FIXTURE_PARAMETERS;
    for (const spec of this.specs) this.addParameter(spec.key, parameterFromSpec(spec));
    this.addParameter('selected', this.selected);
    this.addParameter('enabled', this.enabled);
    this.addParameter('brightness', this.brightness);
    this.addParameter('identify', this.identify);
    this.addParameter('mute', this.mute);
    this.addParameter('solo', this.solo);
    this.addFootlightParameter('sacnSync', this.sacnSync);
    if (stock === undefined) {
      this.fixtureType = this.addParameter(
        'fixtureType',
        new StringParameter('Fixture Type', '', { description: 'The .lxf file this fixture is built from', mappable: false }),
      );
    } else {
      this.fixtureType = undefined;
    }
    this.output = stock === undefined ? undefined : addFixtureOutputParameters(this);
  }

  /** This fixture's parameter values as the geometry functions read them. */
  geometryParams(): Record<string, unknown> {
    const out: Record<string, unknown> = { label: this.label.getString() };
    for (const spec of this.specs) out[spec.key] = this.parameters.get(spec.key)?.baseValue;
    return out;
  }

  /**
   * The fixture's geometry. It is a pure function of the parameter values (and, for a JSON
   * fixture, of its `.lxf` values and files), so the last one is kept and handed back while those
   * stay the same: a model rebuild then recognizes an unchanged fixture by its geometry and copies
   * its points instead of placing them again. A JSON fixture's is kept only while the resolver
   * hands back the same document object for its type (the media folder's resolver keeps each file
   * it read for the life of the show); a resolver that reads the file again builds it again.
   */
  geometry(): FixtureGeometry {
    const params = this.geometryParams();
    if (this.stock !== undefined) {
      const kept = this.kept;
      if (kept !== undefined && sameValues(kept.params, params)) return kept.geometry;
      const geometry = this.stock.geometry(params);
      this.kept = { params, geometry, json: undefined, doc: undefined };
      return geometry;
    }
    const type = this.fixtureType?.getString() ?? '';
    if (type.length === 0) throw new ModelInputError('a JSON fixture needs its fixture type, the .lxf name without extension');
    if (this.resolveLxf === undefined) throw new ModelInputError(`JSON fixture ${JSON.stringify(type)}: no media folder to find ${type}.lxf in (use --media)`);
    const doc = this.resolveLxf(type);
    const kept = this.kept;
    const json = this.jsonParameters;
    if (
      kept !== undefined &&
      doc !== undefined &&
      kept.doc === doc &&
      kept.json !== undefined &&
      sameValues(kept.params, params) &&
      sameValues(kept.json, json)
    )
      return kept.geometry;
    const geometry = jsonFixture(type, params, json, this.resolveLxf);
    this.kept = { params, geometry, json: { ...json }, doc };
    return geometry;
  }

  get pointCount(): number {
    const g = this.geometry();
    return g.points.length / 3;
  }

  protected override onParameterChanged(p: Parameter): void {
    if (p === this.fixtureType) {
      this.onModelChange?.();
      return;
    }
    const spec = this.specs.find((s) => s.key === p.key);
    if (spec !== undefined && spec.change !== 'output') this.onModelChange?.();
  }

  protected override extraSaveKeys(): readonly string[] {
    return this.stock === undefined ? ['jsonFixtureType', 'jsonParameters'] : [];
  }

  override save(): LxObject {
    const obj = super.save();
    if (this.stock !== undefined) return obj;
    // LX writes the JSON fixture's type and declared values ahead of the component fields.
    return { jsonFixtureType: this.fixtureType?.getString() ?? '', jsonParameters: { ...this.jsonParameters }, ...obj };
  }

  protected override loadExtra(obj: LxObject, _ctx: LoadContext): void {
    if (this.stock !== undefined) return;
    if (typeof obj.jsonFixtureType === 'string' && (this.fixtureType?.getString() ?? '') === '') this.fixtureType?.setString(obj.jsonFixtureType);
    if (isLxObject(obj.jsonParameters)) this.jsonParameters = { ...obj.jsonParameters };
  }
}
