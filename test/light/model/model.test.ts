// Model assembly: point order, the node tree and its tags, normalization and bounds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildModel } from '../../../src/light/model/index.js';
import { gridFixture } from '../../../src/light/model/grid-fixture.js';
import { pointFixture } from '../../../src/light/model/point-fixture.js';
import { modelFromProject, readProjectStructure } from '../../../src/light/model/project.js';
import { stripFixture } from '../../../src/light/model/strip-fixture.js';
import { goldenProject } from './golden.js';

const f = Math.fround;

test("model: LX's observed example — 4×4 grid at y=0 plus a 5-point strip at y=100", () => {
  const model = buildModel([gridFixture({ numRows: 4, numColumns: 4 }), stripFixture({ numPoints: 5, y: 100 })]);
  assert.equal(model.size, 21);
  const p = model.points;
  assert.deepEqual([p.xn[0], p.yn[0], p.zn[0], p.rcn[0]], [0, 0, 0.5, 1]);
  assert.deepEqual([p.x[20], p.y[20], p.z[20]], [40, 100, 0]);
  assert.equal(p.xn[20], 1);
  assert.equal(p.yn[20], 1);
  assert.equal(p.zn[20], 0.5);
});

test('model: points are numbered in fixture order, deactivated fixtures left out', () => {
  const model = buildModel([stripFixture({ numPoints: 3, label: 'A' }), stripFixture({ numPoints: 4, y: 10, deactivate: true }), pointFixture({ x: 5, y: 5 })]);
  assert.equal(model.size, 4);
  assert.equal(model.fixtures.length, 2);
  assert.deepEqual(Array.from(model.fixtures[0].points), [0, 1, 2]);
  assert.deepEqual(Array.from(model.fixtures[1].points), [3]);
  assert.deepEqual(Array.from(model.pointFixture), [0, 0, 0, 1]);
  assert.deepEqual(Array.from(model.points.index), [0, 1, 2, 3]);
  assert.equal(model.fixtures[0].fixture?.label, 'A');
});

test('model: tree — root "model", fixture tags, grid rows then columns with stride', () => {
  const model = modelFromProject(goldenProject('gradient_palette_views'));
  assert.deepEqual(model.root.tags, ['model']);
  assert.equal(model.root.kind, 'root');
  assert.deepEqual(
    model.fixtures.map((n) => n.tags.join(' ')),
    [
      'grid panel',
      'strip sa',
      'strip sb',
      'arc strip aa',
      'arc strip ab',
      'point lamp l1',
      'point lamp l2',
      'point lamp l3',
      'point lamp l4',
      'point lamp l5',
      'point lamp l6',
    ],
  );
  const grid = model.fixtures[0];
  assert.equal(grid.children.length, 16 + 20);
  assert.deepEqual(grid.childrenTagged('row').length, 16);
  assert.deepEqual(grid.childrenTagged('column').length, 20);
  assert.deepEqual(Array.from(grid.childrenTagged('row')[1].points).slice(0, 3), [20, 21, 22]);
  assert.deepEqual(Array.from(grid.childrenTagged('column')[2].points).slice(0, 3), [2, 22, 42]);
  assert.equal(grid.childrenTagged('row')[3].meta('rowIndex'), '3');
  assert.equal(grid.childrenTagged('row')[3].meta('spacing'), '10.0');
  assert.equal(grid.childrenTagged('column')[0].meta('numPoints'), '16');
  assert.equal(grid.meta('positionMode'), 'Corner');
  assert.equal(grid.childrenTagged('column')[2].path, '/model/grid[0]/column[2]');
  assert.equal(model.root.sub('strip').length, 4, 'strips and arcs carry "strip"');
  assert.deepEqual(
    model.root.sub('arc').map((n) => n.fixture?.label),
    ['ArcA', 'ArcB'],
  );
  assert.equal(grid.childrenTagged('row')[0].ancestor('panel'), grid);
  assert.ok(model.root.contains(grid.children[5]));
  assert.ok(!grid.children[5].contains(grid));
});

test('model: depth-first sub(tag) — a fixture, then its submodels, then the next fixture', () => {
  const model = buildModel([gridFixture({ numRows: 2, numColumns: 2, tags: 'g' }), gridFixture({ numRows: 2, numColumns: 2 })]);
  const rows = model.root.sub('row');
  assert.deepEqual(
    rows.map((r) => r.points[0]),
    [0, 2, 4, 6],
  );
  assert.deepEqual(model.root.sub('g').length, 1);
  assert.deepEqual(model.root.sub('grid').length, 1, 'the tags parameter replaces the class default');
});

test('model: tags — declared tags parameter, commas, invalid tags dropped, defaults when empty', () => {
  assert.deepEqual(stripFixture({ tags: 'a, b  c a bad! x/y' }).tags, ['a', 'b', 'c', 'x/y']);
  assert.deepEqual(stripFixture({ tags: '' }).tags, ['strip']);
  assert.deepEqual(stripFixture({}).tags, ['strip']);
  assert.deepEqual(gridFixture({ rowTags: 'r  rr', columnTags: '' }).submodels[0].tags, ['r', 'rr']);
  assert.deepEqual(gridFixture({ rowTags: 'r', columnTags: '' }).submodels.at(-1)?.tags, []);
});

test('model: bounds, center, averages and radius as LX computes them', () => {
  const model = buildModel([stripFixture({ numPoints: 3, spacing: 10, x: 10, y: -5, z: 2 })]);
  const b = model.bounds;
  assert.deepEqual([b.xMin, b.xMax, b.xRange, b.cx, b.ax], [10, 30, 20, 20, 20]);
  assert.deepEqual([b.yMin, b.yRange, b.cy, b.zRange, b.cz], [-5, 0, -5, 0, 2]);
  assert.equal(b.rMin, f(Math.sqrt(100 + 25 + 4)));
  assert.equal(b.rMax, f(Math.sqrt(900 + 25 + 4)));
  const p = model.points;
  assert.deepEqual([p.yn[1], p.zn[1]], [0.5, 0.5], 'a zero-range dimension normalizes to 0.5');
  assert.equal(p.rc[1], 0);
  assert.equal(p.rcn[0], 1);
  assert.equal(p.rn[2], 1);
  assert.equal(model.centerRadius.rcMax, 10);
  assert.equal(p.theta[0], f(Math.atan2(-5, 10) + 2 * Math.PI));
  assert.equal(p.azimuth[0], f(Math.atan2(10, 2)));
  assert.equal(p.elevation[0], f(Math.atan2(-5, f(Math.sqrt(104)))));
  assert.equal(model.fixtures[0].bounds.xMax, 30);
});

test('model: a single point normalizes to 0.5 everywhere with rcn 0.5', () => {
  const model = buildModel([pointFixture({ x: 3, y: 4 })]);
  const p = model.points;
  assert.deepEqual([p.xn[0], p.yn[0], p.zn[0], p.rcn[0], p.rn[0], p.r[0]], [0.5, 0.5, 0.5, 0.5, 1, 5]);
});

test('model: MANUAL normalization uses the box, not the points', () => {
  const model = buildModel([stripFixture({ numPoints: 2, spacing: 100 })], { mode: 'MANUAL', x: 0, y: 0, z: 0, width: 1000, height: 500, depth: 1000 });
  const p = model.points;
  assert.deepEqual([p.xn[0], p.xn[1], p.yn[0], p.zn[1]], [0.5, f(0.6), 0.5, 0.5]);
  assert.equal(p.rc[1], 100);
  assert.equal(p.rcn[1], 1);
  assert.equal(model.normalization.xMin, -500);
  assert.equal(model.normalizationMode, 'MANUAL');
});

test('model: a project in MANUAL mode is read with its box', () => {
  const project = structuredClone(goldenProject('solid_faders')) as { model: { parameters: Record<string, unknown> } };
  Object.assign(project.model.parameters, {
    normalizationMode: 1,
    'normalizationMode/name': 'MANUAL',
    normalizationX: 100,
    normalizationWidth: 400,
  });
  const structure = readProjectStructure(project);
  assert.deepEqual(structure.normalization, { mode: 'MANUAL', x: 100, y: 0, z: 0, width: 400, height: 1000, depth: 1000 });
  const model = modelFromProject(project);
  assert.equal(model.points.xn[0], f(f(0 - -100) / 400));
});

test('model: project views and fixture descriptors are read from the .lxp', () => {
  const structure = readProjectStructure(goldenProject('gradient_palette_views'));
  assert.equal(structure.fixtures.length, 11);
  assert.equal(structure.fixtures[0].className, 'heronarts.lx.structure.GridFixture');
  assert.deepEqual(
    structure.views.map((v) => v.selector),
    ['grid', 'sa, sb', 'arc', 'point'],
  );
  assert.deepEqual(structure.views[0], {
    label: 'GridView',
    enabled: true,
    selector: 'grid',
    normalization: 'RELATIVE',
    orientation: 'GLOBAL',
  });
});

test('model: fixture normals come from the transform (grid faces −Z)', () => {
  const model = buildModel([gridFixture({ numRows: 1, numColumns: 2 })]);
  assert.deepEqual([model.points.xnormal[1], model.points.ynormal[1], model.points.znormal[1]], [-0, -0, -1]);
});
