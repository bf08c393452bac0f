// SpiralFixture: a helix about local Z, `numTurns` turns over `length`, at `radius`.
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
import { TWO_PI_F, f } from '../math/float32.js';
import { type Mat4, copyMatrix } from './matrix.js';
import { walkArc } from './arc-fixture.js';

export const SPIRAL_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = [
  ...COMMON_FIXTURE_PARAMETERS,
  { key: 'numPoints', label: 'Num', kind: 'discrete', default: 170, min: 1, max: 4096, change: 'metrics', description: 'Number of points in the spiral' },
  { key: 'numTurns', label: 'Turns', kind: 'bounded', default: 10, min: 0, max: 100, change: 'metrics', description: 'How many turns of the spiral' },
  { key: 'radius', label: 'Radius', kind: 'bounded', default: 100, min: 0, max: 1000000, change: 'geometry', description: 'Radius of the spiral' },
  { key: 'length', label: 'Length', kind: 'bounded', default: 800, min: 0, max: 1000000, change: 'geometry', description: 'Length of the spiral' },
];

const S = (key: string): FixtureParameterSpec => specOf(SPIRAL_FIXTURE_PARAMETERS, key);
const NUM_POINTS = S('numPoints'),
  NUM_TURNS = S('numTurns'),
  RADIUS = S('radius'),
  LENGTH = S('length');

export const SPIRAL_DEFAULT_TAGS: readonly string[] = ['strip', 'spiral'];

export function spiralFixture(params: FixtureParams, parent?: Readonly<Mat4>, steps?: readonly TransformStep[]): FixtureGeometry {
  const start = startStockFixture('Spiral', params, parent, SPIRAL_DEFAULT_TAGS, steps);
  const reader = start.reader;
  const numPoints = reader.number(NUM_POINTS);
  const numTurnsD = reader.number(NUM_TURNS);
  const radiusD = reader.number(RADIUS);
  const lengthD = reader.number(LENGTH);
  const radius = f(radiusD);
  const rotation = f(f(f(numTurnsD) * TWO_PI_F) / numPoints);
  const step = f(f(lengthD) / numPoints);
  const buffers = pointBuffers(numPoints);
  walkArc(copyMatrix(start.transform), numPoints, radius, rotation, true, buffers.points, buffers.normals, 0, step);
  const metaData = {
    numPoints: String(numPoints),
    numTurns: javaDoubleString(numTurnsD),
    radius: javaDoubleString(radiusD),
    length: javaDoubleString(lengthD),
  };
  return stockGeometry(start, metaData, buffers);
}
