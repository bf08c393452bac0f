// ArcFixture: points along a circular arc in the local XY plane, turning about local Z.
// ORIGIN mode starts the arc at the fixture position; CENTER puts the circle's center there.
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
import { type Mat4, copyMatrix, rotateZ, translate } from './matrix.js';

const ARC_POSITION_MODES = ['ORIGIN', 'CENTER'] as const;
const POSITION_MODE_LABELS = ['Origin', 'Center'];

export const ARC_FIXTURE_PARAMETERS: readonly FixtureParameterSpec[] = [
  ...COMMON_FIXTURE_PARAMETERS,
  { key: 'numPoints', label: 'Num', kind: 'discrete', default: 10, min: 1, max: 4096, change: 'metrics', description: 'Number of points in the arc' },
  { key: 'radius', label: 'Radius', kind: 'bounded', default: 100, min: 0, max: 1000000, change: 'geometry', description: 'Radius of the arc' },
  {
    key: 'degrees',
    label: 'Degrees',
    kind: 'bounded',
    default: 90,
    min: 0,
    max: 360,
    units: 'degrees',
    change: 'geometry',
    description: 'Number of degrees the arc covers',
  },
  {
    key: 'positionMode',
    label: 'Mode',
    kind: 'enum',
    default: 0,
    options: ARC_POSITION_MODES,
    change: 'geometry',
    description: 'Whether the arc is positioned by its starting point or center',
  },
];

const S = (key: string): FixtureParameterSpec => specOf(ARC_FIXTURE_PARAMETERS, key);
const NUM_POINTS = S('numPoints'),
  RADIUS = S('radius'),
  DEGREES = S('degrees'),
  POSITION_MODE = S('positionMode');

export const ARC_DEFAULT_TAGS: readonly string[] = ['strip', 'arc'];

/**
 * Fills arc points by walking a matrix: ORIGIN places a point, steps +radius in Y, turns by
 * `rotation` about Z and steps back; CENTER steps −radius, places, steps back and turns.
 * Normals point toward the circle's center (−Y of the walking matrix). With `rise` (CENTER
 * only), each turn then steps `rise` along Z: a helix.
 */
export function walkArc(
  m: Mat4,
  n: number,
  radius: number,
  rotation: number,
  center: boolean,
  points: Float32Array,
  normals: Float32Array,
  offset: number,
  rise?: number,
): void {
  for (let i = 0; i < n; i++) {
    const k = 3 * (offset + i);
    if (center) translate(m, 0, -radius, 0);
    points[k] = m[3];
    points[k + 1] = m[7];
    points[k + 2] = m[11];
    normals[k] = -m[1];
    normals[k + 1] = -m[5];
    normals[k + 2] = -m[9];
    if (center) {
      translate(m, 0, radius, 0);
      rotateZ(m, rotation);
      if (rise !== undefined) translate(m, 0, 0, rise);
    } else {
      translate(m, 0, radius, 0);
      rotateZ(m, rotation);
      translate(m, 0, -radius, 0);
    }
  }
}

export function arcFixture(params: FixtureParams, parent?: Readonly<Mat4>, steps?: readonly TransformStep[]): FixtureGeometry {
  const start = startStockFixture('Arc', params, parent, ARC_DEFAULT_TAGS, steps);
  const reader = start.reader;
  const numPoints = reader.number(NUM_POINTS);
  const radiusD = reader.number(RADIUS);
  const degreesD = reader.number(DEGREES);
  const positionMode = reader.ordinal(POSITION_MODE);
  const radius = f(radiusD);
  // (float) (degrees / (n - 1) * Math.PI / 180): a float division, then double math.
  const rotation = f((f(f(degreesD) / (numPoints - 1)) * Math.PI) / 180);
  const buffers = pointBuffers(numPoints);
  walkArc(copyMatrix(start.transform), numPoints, radius, rotation, positionMode === 1, buffers.points, buffers.normals, 0);
  const metaData = {
    numPoints: String(numPoints),
    radius: javaDoubleString(radiusD),
    degrees: javaDoubleString(degreesD),
    positionMode: POSITION_MODE_LABELS[positionMode],
  };
  return stockGeometry(start, metaData, buffers);
}
