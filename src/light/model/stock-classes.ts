// LX's stock fixture classes, by name.
import { ARC_FIXTURE_PARAMETERS, arcFixture } from './arc-fixture.js';
import type { FixtureGeometry, FixtureParameterSpec, FixtureParams, TransformStep } from './fixture.js';
import { GRID_FIXTURE_PARAMETERS, gridFixture } from './grid-fixture.js';
import type { Mat4 } from './matrix.js';
import { POINT_FIXTURE_PARAMETERS, pointFixture } from './point-fixture.js';
import { SPIRAL_FIXTURE_PARAMETERS, spiralFixture } from './spiral-fixture.js';
import { STRIP_FIXTURE_PARAMETERS, stripFixture } from './strip-fixture.js';

type StockGeometryFunction = (params: FixtureParams, parent?: Readonly<Mat4>, steps?: readonly TransformStep[]) => FixtureGeometry;

export interface StockFixtureClass {
  /** LX's registry name (`Grid`). */
  readonly name: string;
  /** Fully-qualified Java class, as `.lxp` files store it. */
  readonly className: string;
  /** Parameters that bear on the model, in LX's order. */
  readonly parameters: readonly FixtureParameterSpec[];
  readonly geometry: StockGeometryFunction;
}

/** LX's fixture registry order: Arc, Grid, Point, Spiral, Strip. */
export const STOCK_FIXTURE_CLASSES: readonly StockFixtureClass[] = [
  { name: 'Arc', className: 'heronarts.lx.structure.ArcFixture', parameters: ARC_FIXTURE_PARAMETERS, geometry: arcFixture },
  { name: 'Grid', className: 'heronarts.lx.structure.GridFixture', parameters: GRID_FIXTURE_PARAMETERS, geometry: gridFixture },
  { name: 'Point', className: 'heronarts.lx.structure.PointFixture', parameters: POINT_FIXTURE_PARAMETERS, geometry: pointFixture },
  { name: 'Spiral', className: 'heronarts.lx.structure.SpiralFixture', parameters: SPIRAL_FIXTURE_PARAMETERS, geometry: spiralFixture },
  { name: 'Strip', className: 'heronarts.lx.structure.StripFixture', parameters: STRIP_FIXTURE_PARAMETERS, geometry: stripFixture },
];

/** Finds a stock class by registry name (`Grid`), simple class name or fully-qualified class. */
export function stockFixtureClass(name: string): StockFixtureClass | undefined {
  return STOCK_FIXTURE_CLASSES.find((c) => c.name === name || c.className === name || c.className.endsWith(`.${name}`));
}
