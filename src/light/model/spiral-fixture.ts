// SpiralFixture: a helix about local Z, `numTurns` turns over `length`, at `radius`.
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
import { TWO_PI_F, f } from '../math/float32.js';
import { type Mat4, copyMatrix, rotateZ, translate } from './matrix.js';

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

export function spiralFixture(params: FixtureParams, parent?: Readonly<Mat4>): FixtureGeometry {
  const reader = new ParamReader('Spiral', params);
  const common = readCommon(reader, params, 'Spiral', SPIRAL_DEFAULT_TAGS);
  const numPoints = reader.number(NUM_POINTS);
  const numTurnsD = reader.number(NUM_TURNS);
  const radiusD = reader.number(RADIUS);
  const lengthD = reader.number(LENGTH);
  const radius = f(radiusD);
  const rotation = f(f(f(numTurnsD) * TWO_PI_F) / numPoints);
  const step = f(f(lengthD) / numPoints);
  const transform = geometryMatrix(parent, common.placement);
  const { points, normals } = pointBuffers(numPoints);
  const m = copyMatrix(transform);
  for (let i = 0; i < 3 * numPoints; i += 3) {
    translate(m, 0, -radius, 0);
    points[i] = m[3];
    points[i + 1] = m[7];
    points[i + 2] = m[11];
    normals[i] = -m[1];
    normals[i + 1] = -m[5];
    normals[i + 2] = -m[9];
    translate(m, 0, radius, 0);
    rotateZ(m, rotation);
    translate(m, 0, 0, step);
  }
  return {
    type: 'Spiral',
    label: common.label,
    tags: modelTags([], common.tagsParam, SPIRAL_DEFAULT_TAGS),
    metaData: {
      numPoints: String(numPoints),
      numTurns: javaDoubleString(numTurnsD),
      radius: javaDoubleString(radiusD),
      length: javaDoubleString(lengthD),
    },
    transform,
    points,
    normals,
    children: [],
    submodels: [],
    deactivated: common.deactivated,
  };
}
