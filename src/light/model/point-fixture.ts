// PointFixture: a single point at the fixture's position.
import {
  COMMON_FIXTURE_PARAMETERS,
  type FixtureGeometry,
  type FixtureParameterSpec,
  type FixtureParams,
  pointBuffers,
  startStockFixture,
  stockGeometry,
  type TransformStep,
} from './fixture.js';
import type { Mat4 } from './matrix.js';

export const POINT_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = COMMON_FIXTURE_PARAMETERS;

export const POINT_DEFAULT_TAGS: readonly string[] = ['point'];

export function pointFixture(params: FixtureParams, parent?: Readonly<Mat4>, steps?: readonly TransformStep[]): FixtureGeometry {
  const start = startStockFixture('Point', params, parent, POINT_DEFAULT_TAGS, steps);
  const buffers = pointBuffers(1);
  buffers.points[0] = start.transform[3];
  buffers.points[1] = start.transform[7];
  buffers.points[2] = start.transform[11];
  return stockGeometry(start, {}, buffers);
}
