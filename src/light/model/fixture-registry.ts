// A fixture as a project stores it (class + parameter values) to its geometry.
import { ModelInputError } from './errors.js';
import type { FixtureGeometry, FixtureParams } from './fixture.js';
import { type LxfResolver, jsonFixture } from './json-fixture.js';
import { STOCK_FIXTURE_CLASSES, stockFixtureClass } from './stock-classes.js';

export const JSON_FIXTURE_CLASS = 'heronarts.lx.structure.JsonFixture';

/** A fixture as a project stores it: its class and its parameter values. */
export interface FixtureDescriptor {
  readonly className: string;
  readonly params: FixtureParams;
  /** JSON fixtures: the `.lxf` type (file name without extension, sub-folders allowed). */
  readonly jsonFixtureType?: string;
  /** JSON fixtures: values of the fixture file's declared parameters. */
  readonly jsonParameters?: Readonly<Record<string, unknown>>;
}

/** Computes a fixture's geometry from its class and parameters. */
export function fixtureGeometry(descriptor: FixtureDescriptor, resolveLxf?: LxfResolver): FixtureGeometry {
  const stock = stockFixtureClass(descriptor.className);
  if (stock !== undefined) return stock.geometry(descriptor.params);
  if (descriptor.className === JSON_FIXTURE_CLASS || descriptor.className === 'JsonFixture') {
    const type = descriptor.jsonFixtureType ?? descriptor.params.fixtureType;
    if (typeof type !== 'string' || type.length === 0) {
      throw new ModelInputError('a JSON fixture needs its fixture type (jsonFixtureType), the .lxf name without extension');
    }
    if (resolveLxf === undefined) {
      throw new ModelInputError(`JSON fixture ${JSON.stringify(type)} needs a resolver for .lxf files`);
    }
    return jsonFixture(type, descriptor.params, descriptor.jsonParameters ?? {}, resolveLxf);
  }
  throw new ModelInputError(
    `unknown fixture class ${JSON.stringify(descriptor.className)}; known: ` + `${STOCK_FIXTURE_CLASSES.map((c) => c.name).join(', ')} and JSON fixtures`,
  );
}
