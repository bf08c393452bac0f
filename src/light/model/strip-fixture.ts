// StripFixture: points along the local +X axis, `spacing` apart.
import {
  COMMON_FIXTURE_PARAMETERS,
  type FixtureGeometry,
  type FixtureParameterSpec,
  type FixtureParams,
  ParamReader,
  geometryMatrix,
  javaDoubleString,
  modelTags,
  pointBuffers,
  readCommon,
  specOf,
} from './fixture.js';
import { f } from '../math/float32.js';
import { type Mat4, copyMatrix, translate } from './matrix.js';

export const STRIP_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = [
  ...COMMON_FIXTURE_PARAMETERS,
  { key: 'numPoints', label: 'Num', kind: 'discrete', default: 30, min: 1, max: 4096, change: 'metrics', description: 'Number of points in the strip' },
  {
    key: 'spacing',
    label: 'Spacing',
    kind: 'bounded',
    default: 10,
    min: 0,
    max: 1000000,
    change: 'geometry',
    description: 'Spacing between points in the strip',
  },
];

const NUM_POINTS = specOf(STRIP_FIXTURE_PARAMETERS, 'numPoints');
const SPACING = specOf(STRIP_FIXTURE_PARAMETERS, 'spacing');

export const STRIP_DEFAULT_TAGS: readonly string[] = ['strip'];

export function stripFixture(params: FixtureParams, parent?: Readonly<Mat4>): FixtureGeometry {
  const reader = new ParamReader('Strip', params);
  const common = readCommon(reader, params, 'Strip', STRIP_DEFAULT_TAGS);
  const numPoints = reader.number(NUM_POINTS);
  const spacingD = reader.number(SPACING);
  const spacing = f(spacingD);
  const transform = geometryMatrix(parent, common.placement);
  const { points, normals } = pointBuffers(numPoints);
  const m = copyMatrix(transform);
  const nx = -m[2],
    ny = -m[6],
    nz = -m[10];
  for (let i = 0; i < 3 * numPoints; i += 3) {
    points[i] = m[3];
    points[i + 1] = m[7];
    points[i + 2] = m[11];
    normals[i] = nx;
    normals[i + 1] = ny;
    normals[i + 2] = nz;
    translate(m, spacing, 0, 0);
  }
  return {
    type: 'Strip',
    label: common.label,
    tags: modelTags([], common.tagsParam, STRIP_DEFAULT_TAGS),
    metaData: { numPoints: String(numPoints), spacing: javaDoubleString(spacingD) },
    transform,
    points,
    normals,
    children: [],
    submodels: [],
    deactivated: common.deactivated,
  };
}
