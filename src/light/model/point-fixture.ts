// PointFixture: a single point at the fixture's position.
import {
  COMMON_FIXTURE_PARAMETERS,
  type FixtureGeometry,
  type FixtureParameterSpec,
  type FixtureParams,
  ParamReader,
  geometryMatrix,
  modelTags,
  pointBuffers,
  readCommon,
} from './fixture.js';
import type { Mat4 } from './matrix.js';

export const POINT_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = COMMON_FIXTURE_PARAMETERS;

export const POINT_DEFAULT_TAGS: readonly string[] = ['point'];

export function pointFixture(params: FixtureParams, parent?: Readonly<Mat4>): FixtureGeometry {
  const reader = new ParamReader('Point', params);
  const common = readCommon(reader, params, 'Point', POINT_DEFAULT_TAGS);
  const transform = geometryMatrix(parent, common.placement);
  const { points, normals } = pointBuffers(1);
  points[0] = transform[3];
  points[1] = transform[7];
  points[2] = transform[11];
  return {
    type: 'Point',
    label: common.label,
    tags: modelTags([], common.tagsParam, POINT_DEFAULT_TAGS),
    metaData: {},
    transform,
    points,
    normals,
    children: [],
    submodels: [],
    deactivated: common.deactivated,
  };
}
