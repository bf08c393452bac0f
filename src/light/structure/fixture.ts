import { BoundedParameter } from '../../engine/parameters/bounded.js';
import { BooleanParameter } from '../../engine/parameters/boolean.js';
import { DiscreteParameter } from '../../engine/parameters/discrete.js';
import { EnumParameter } from '../../engine/parameters/enum.js';
import type { Parameter } from '../../engine/parameters/parameter.js';
import { StringParameter } from '../../engine/parameters/string.js';
import { LXComponent } from '../lx-component.js';
import { type FixtureGeometry, type FixtureParameterSpec, type StockFixtureClass, stockFixtureClass } from '../model/index.js';
import { addFixtureOutputParameters, type FixtureOutputParameters } from '../output/fixture-output-parameters.js';

function parameterFromSpec(spec: FixtureParameterSpec): Parameter {
  const options = { description: spec.description, mappable: false };
  switch (spec.kind) {
    case 'bounded':
      return new BoundedParameter(spec.label, spec.default as number, { ...options, v0: spec.min ?? 0, v1: spec.max ?? 1, units: spec.units === 'degrees' ? 'degrees' : 'none' });
    case 'discrete':
      return new DiscreteParameter(spec.label, spec.default as number, spec.min ?? 0, spec.max ?? 0, options);
    case 'enum':
      return new EnumParameter(spec.label, (spec.options ?? []).map((name) => ({ label: name, name })), spec.default as number, options);
    case 'boolean':
      return new BooleanParameter(spec.label, spec.default as boolean, options);
    default:
      return new StringParameter(spec.label, spec.default as string, options);
  }
}

/**
 * A fixture of the structure (LX's LXFixture subclasses): its parameters follow the stock
 * class's spec, and its geometry is recomputed from their values whenever one that bears on
 * the model changes.
 */
export class Fixture extends LXComponent {
  readonly lxClass: string;
  readonly stock: StockFixtureClass;
  readonly selected = new BooleanParameter('Selected', false, { description: 'Selected in the console', mappable: false });
  readonly enabled = new BooleanParameter('Enabled', false, { description: 'Sends this fixture to its network output (off for a new fixture)' });
  readonly brightness = new BoundedParameter('Brightness', 1, { units: 'percentNormalized', description: 'Output brightness of this fixture' });
  readonly identify = new BooleanParameter('Identify', false, { description: 'Flashes the fixture red to find it in the rig' });
  readonly mute = new BooleanParameter('Mute', false, { description: 'Blacks out the fixture' });
  readonly solo = new BooleanParameter('Solo', false, { description: 'Blacks out every other fixture' });
  /** Output protocol, destination and packing (LX's LXBasicFixture parameters), owned by src/light/output. */
  readonly output: FixtureOutputParameters;
  /** Called when a change alters the model (geometry, point count, tags). */
  onModelChange: (() => void) | undefined;

  constructor(className: string, label?: string) {
    const stock = stockFixtureClass(className);
    if (stock === undefined) throw new Error(`unknown fixture class ${className}`);
    super(label ?? stock.name);
    this.stock = stock;
    this.lxClass = stock.className;
    for (const spec of stock.parameters) this.addParameter(spec.key, parameterFromSpec(spec));
    this.addParameter('selected', this.selected);
    this.addParameter('enabled', this.enabled);
    this.addParameter('brightness', this.brightness);
    this.addParameter('identify', this.identify);
    this.addParameter('mute', this.mute);
    this.addParameter('solo', this.solo);
    this.output = addFixtureOutputParameters(this);
  }

  /** This fixture's parameter values as the geometry functions read them. */
  geometryParams(): Record<string, unknown> {
    const out: Record<string, unknown> = { label: this.label.getString() };
    for (const spec of this.stock.parameters) out[spec.key] = this.parameters.get(spec.key)?.baseValue;
    return out;
  }

  geometry(): FixtureGeometry {
    return this.stock.geometry(this.geometryParams());
  }

  get pointCount(): number {
    const g = this.geometry();
    return g.points.length / 3;
  }

  protected override onParameterChanged(p: Parameter): void {
    const spec = this.stock.parameters.find((s) => s.key === p.key);
    if (spec !== undefined && spec.change !== 'output') this.onModelChange?.();
  }
}
