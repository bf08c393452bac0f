// StripFixture: points along the local +X axis, `spacing` apart.
import {
  COMMON_FIXTURE_PARAMETERS,
  type FixtureGeometry,
  type FixtureParameterSpec,
  type FixtureParams,
  javaDoubleString,
  pointBuffers,
  specOf,
  startStockFixture,
  stockGeometry,
  type TransformStep,
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

/**
 * Fills `n` points from point `offset` on by walking a matrix `spacing` along its X axis. Normals
 * point along −Z of the matrix (translations leave its rotation part, so the normal, alone).
 */
export function walkLine(m: Mat4, n: number, spacing: number, points: Float32Array, normals: Float32Array, offset: number): void {
  const nx = -m[2],
    ny = -m[6],
    nz = -m[10];
  for (let k = 3 * offset; k < 3 * (offset + n); k += 3) {
    points[k] = m[3];
    points[k + 1] = m[7];
    points[k + 2] = m[11];
    normals[k] = nx;
    normals[k + 1] = ny;
    normals[k + 2] = nz;
    translate(m, spacing, 0, 0);
  }
}

export function stripFixture(params: FixtureParams, parent?: Readonly<Mat4>, steps?: readonly TransformStep[]): FixtureGeometry {
  const start = startStockFixture('Strip', params, parent, STRIP_DEFAULT_TAGS, steps);
  const reader = start.reader;
  const numPoints = reader.number(NUM_POINTS);
  const spacingD = reader.number(SPACING);
  const spacing = f(spacingD);
  const buffers = pointBuffers(numPoints);
  walkLine(copyMatrix(start.transform), numPoints, spacing, buffers.points, buffers.normals, 0);
  return stockGeometry(start, { numPoints: String(numPoints), spacing: javaDoubleString(spacingD) }, buffers);
}
