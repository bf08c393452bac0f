// Stock fixture classes: point positions, submodels, tags, metadata, parameter handling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelInputError, STOCK_FIXTURE_CLASSES, stockFixtureClass } from '../../../src/light/model/index.js';
import { arcFixture } from '../../../src/light/model/arc-fixture.js';
import { geometryMatrix } from '../../../src/light/model/fixture.js';
import { GRID_FIXTURE_PARAMETERS, gridFixture } from '../../../src/light/model/grid-fixture.js';
import { pointFixture } from '../../../src/light/model/point-fixture.js';
import { spiralFixture } from '../../../src/light/model/spiral-fixture.js';
import { stripFixture } from '../../../src/light/model/strip-fixture.js';

const f = Math.fround;

function pt(points: Float32Array, i: number): number[] {
  return [points[3 * i], points[3 * i + 1], points[3 * i + 2]];
}

function near(actual: number[], expected: number[], eps = 1e-4): void {
  assert.equal(actual.length, expected.length);
  actual.forEach((v, i) => assert.ok(Math.abs(v - expected[i]) <= eps, `[${actual}] vs [${expected}]`));
}

test('grid: point i = column + row·numColumns, rows up +Y, columns along +X', () => {
  const g = gridFixture({ numRows: 3, numColumns: 4, rowSpacing: 5, columnSpacing: 10 });
  assert.equal(g.points.length, 3 * 12);
  assert.deepEqual(pt(g.points, 0), [0, 0, 0]);
  assert.deepEqual(pt(g.points, 3), [30, 0, 0]);
  assert.deepEqual(pt(g.points, 4), [0, 5, 0]);
  assert.deepEqual(pt(g.points, 11), [30, 10, 0]);
  assert.deepEqual(g.tags, ['grid']);
  assert.equal(g.submodels.length, 7);
  assert.deepEqual(
    g.submodels.slice(0, 3).map((s) => [s.start, s.count, s.stride, s.tags.join()]),
    [
      [0, 4, 1, 'row'],
      [4, 4, 1, 'row'],
      [8, 4, 1, 'row'],
    ],
  );
  assert.deepEqual(
    g.submodels.slice(3).map((s) => [s.start, s.count, s.stride, s.tags.join()]),
    [
      [0, 3, 4, 'column'],
      [1, 3, 4, 'column'],
      [2, 3, 4, 'column'],
      [3, 3, 4, 'column'],
    ],
  );
  assert.deepEqual(g.metaData, { numRows: '3', numColumns: '4', rowSpacing: '5.0', columnSpacing: '10.0', positionMode: 'Corner' });
  assert.deepEqual(g.submodels[1].metaData, { numPoints: '4', spacing: '10.0', rowIndex: '1' });
  assert.deepEqual(g.submodels[4].metaData, { numPoints: '3', spacing: '5.0', columnIndex: '1' });
  assert.equal(g.submodels[2].transform[7], 10, 'a row submodel is translated to its row');
});

test('grid: CENTER mode centers the grid on the fixture position (ordinal, name or /name)', () => {
  for (const mode of [{ positionMode: 1 }, { positionMode: 'CENTER' }, { 'positionMode/name': 'CENTER' }]) {
    const g = gridFixture({ numRows: 3, numColumns: 2, x: 100, ...mode });
    assert.deepEqual(pt(g.points, 0), [95, -10, 0]);
    assert.deepEqual(pt(g.points, 5), [105, 10, 0]);
    assert.equal(g.metaData.positionMode, 'Center');
  }
});

test('grid: wiring is output order only and leaves geometry alone', () => {
  const a = gridFixture({ numRows: 3, numColumns: 3 });
  const b = gridFixture({ numRows: 3, numColumns: 3, wiring: 'ZIGZAG_VERT_TR' });
  assert.deepEqual(Array.from(b.points), Array.from(a.points));
});

test('strip: points along local +X; yaw 90 turns them to −Z with exact zeros', () => {
  const s = stripFixture({});
  assert.equal(s.points.length / 3, 30);
  assert.deepEqual(pt(s.points, 29), [290, 0, 0]);
  const turned = stripFixture({ numPoints: 3, spacing: 10, yaw: 90 });
  assert.deepEqual(pt(turned.points, 2), [0, 0, -20]);
  assert.deepEqual(stripFixture({ numPoints: 2, spacing: 10, scale: 2.5 }).points[3], 25);
  assert.deepEqual(s.metaData, { numPoints: '30', spacing: '10.0' });
});

test("strip: pitch then roll — a pitched, rolled strip keeps LX's yaw·pitch·roll order", () => {
  const s = stripFixture({ numPoints: 2, spacing: 10, pitch: 90, roll: 90 });
  // roll turns +X to +Y, pitch then turns +Y to +Z.
  assert.deepEqual(pt(s.points, 1), [0, 0, 10]);
});

test('arc: ORIGIN starts at the position and bends toward +Y', () => {
  const a = arcFixture({ numPoints: 3, radius: 100, degrees: 90 });
  assert.deepEqual(pt(a.points, 0), [0, 0, 0]);
  near(pt(a.points, 1), [100 * Math.SQRT1_2, 100 - 100 * Math.SQRT1_2, 0]);
  near(pt(a.points, 2), [100, 100, 0]);
  assert.deepEqual(a.tags, ['strip', 'arc']);
  assert.deepEqual(a.metaData, { numPoints: '3', radius: '100.0', degrees: '90.0', positionMode: 'Origin' });
});

test('arc: CENTER puts the circle center at the position; one point needs no rotation', () => {
  const a = arcFixture({ numPoints: 5, radius: 50, degrees: 180, positionMode: 'CENTER' });
  assert.deepEqual(pt(a.points, 0), [0, -50, 0]);
  near(pt(a.points, 4), [0, 50, 0]);
  for (let i = 0; i < 5; i++) near([Math.hypot(...pt(a.points, i))], [50]);
  const single = arcFixture({ numPoints: 1, radius: 50, degrees: 0 });
  assert.deepEqual(pt(single.points, 0), [0, 0, 0]);
});

test('spiral: a helix about local Z', () => {
  const s = spiralFixture({ numPoints: 4, numTurns: 1, radius: 10, length: 40 });
  assert.deepEqual(pt(s.points, 0), [0, -10, 0]);
  near(pt(s.points, 1), [10, 0, 10]);
  near(pt(s.points, 2), [0, 10, 20]);
  assert.deepEqual(s.tags, ['strip', 'spiral']);
  assert.equal(spiralFixture({}).points.length / 3, 170);
});

test('point: one point at the position, tagged point', () => {
  const p = pointFixture({ x: 1.5, y: -2, z: 1e-3 });
  assert.deepEqual(pt(p.points, 0), [1.5, -2, f(1e-3)]);
  assert.deepEqual(p.tags, ['point']);
  assert.equal(p.submodels.length, 0);
});

test("parameters: clamped to LX's ranges as LX does on load; wrong types are invalid_argument", () => {
  assert.equal(gridFixture({ numRows: 0, numColumns: 5000 }).points.length / 3, 1024);
  assert.deepEqual(pt(stripFixture({ numPoints: 2, spacing: -4 }).points, 1), [0, 0, 0]);
  assert.throws(
    () => gridFixture({ numRows: 'ten' }),
    (e: unknown) => e instanceof ModelInputError && e.code === 'invalid_argument' && /numRows takes a finite number; got "ten"/.test(e.message),
  );
  assert.throws(() => gridFixture({ positionMode: 'DIAGONAL' }), /positionMode takes one of CORNER, CENTER/);
  assert.throws(() => stripFixture({ tags: 7 }), /tags takes a string/);
  assert.throws(() => stripFixture({ deactivate: 'yes' }), /deactivate takes true or false/);
});

test('parameters: specs keep LX keys, order and ranges', () => {
  assert.deepEqual(
    GRID_FIXTURE_PARAMETERS.map((p) => p.key),
    [
      'x',
      'y',
      'z',
      'yaw',
      'pitch',
      'roll',
      'scale',
      'deactivate',
      'tags',
      'numRows',
      'numColumns',
      'rowSpacing',
      'columnSpacing',
      'positionMode',
      'wiring',
      'rowTags',
      'columnTags',
    ],
  );
  const rows = GRID_FIXTURE_PARAMETERS.find((p) => p.key === 'numRows');
  assert.deepEqual([rows?.min, rows?.max, rows?.default, rows?.change], [1, 1024, 10, 'metrics']);
  assert.deepEqual(
    STOCK_FIXTURE_CLASSES.map((c) => c.name),
    ['Arc', 'Grid', 'Point', 'Spiral', 'Strip'],
  );
  assert.equal(stockFixtureClass('heronarts.lx.structure.StripFixture')?.name, 'Strip');
  assert.equal(stockFixtureClass('GridFixture')?.name, 'Grid');
  assert.equal(stockFixtureClass('Spiral')?.name, 'Spiral');
  assert.equal(stockFixtureClass('Laser'), undefined);
});

test('transform: parent × translate × yaw × pitch × roll × scale, then extra steps', () => {
  const parent = geometryMatrix(undefined, { x: 100, y: 0, z: 0, yaw: 0, pitch: 0, roll: 0, scale: 2 });
  const child = stripFixture({ numPoints: 2, spacing: 10, x: 5 }, parent);
  assert.deepEqual(pt(child.points, 0), [110, 0, 0]);
  assert.deepEqual(pt(child.points, 1), [130, 0, 0]);
  const m = geometryMatrix(undefined, { x: 0, y: 0, z: 0, yaw: 0, pitch: 0, roll: 0, scale: 1 }, [
    { op: 'translateX', value: 3 },
    { op: 'rotateZ', degrees: 90 },
    { op: 'translateX', value: 1 },
  ]);
  assert.deepEqual([m[3], m[7], m[11]], [3, 1, 0]);
});
