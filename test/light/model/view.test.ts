// Views over the golden "panels" and "mixed" models: selection, order, uniqueness, normalization.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Model, SelectorSyntaxError, type View, buildModel, buildView, parseSelector } from '../../../src/light/model/index.js';
import { gridFixture } from '../../../src/light/model/grid-fixture.js';
import { modelFromProject } from '../../../src/light/model/project.js';
import { goldenProject } from './golden.js';

const f = Math.fround;
const panels: Model = modelFromProject(goldenProject('effects_color'));
const mixed: Model = modelFromProject(goldenProject('gradient_palette_views'));

function idx(view: View): number[] {
  return Array.from(view.points.index);
}

function range(from: number, to: number, step = 1): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i += step) out.push(i);
  return out;
}

test('view: panels model is 12 grids of 8×8 tagged "panel bK"', () => {
  assert.equal(panels.size, 768);
  assert.deepEqual(
    panels.fixtures.map((n) => n.tags.join(' ')),
    range(0, 11).map((k) => `panel b${k}`),
  );
});

test('view bK: one panel, its points in order, renormalized to the panel', () => {
  const v = buildView(panels, 'b3');
  assert.deepEqual(idx(v), range(192, 255));
  assert.equal(v.groups.length, 1);
  assert.equal(v.numFixtures, 1);
  assert.deepEqual([v.points.xn[0], v.points.yn[0], v.points.zn[0]], [0, 0, 0.5]);
  assert.deepEqual([v.points.xn[63], v.points.yn[63]], [1, 1]);
  assert.equal(v.points.xn[1], f(10 / 70));
  assert.equal(v.points.x[0], 300, 'absolute positions are kept');
  assert.deepEqual([v.bounds.xMin, v.bounds.xMax, v.bounds.cx], [300, 370, 335]);
  assert.equal(v.points.rcn[0], 1);
});

test("view ABSOLUTE keeps the model's normalized coordinates", () => {
  const v = buildView(panels, 'b3', { normalization: 'ABSOLUTE' });
  for (let k = 0; k < v.points.size; k++) {
    const i = v.points.index[k];
    assert.equal(v.points.xn[k], panels.points.xn[i]);
    assert.equal(v.points.yn[k], panels.points.yn[i]);
    assert.equal(v.points.rcn[k], panels.points.rcn[i]);
  }
});

test('view "bK, bJ": one group normalized across both panels', () => {
  const v = buildView(panels, 'b0, b1');
  assert.deepEqual(idx(v), range(0, 127));
  assert.equal(v.groups.length, 1);
  assert.equal(v.points.xn[64], f(100 / 170));
  assert.equal(v.points.yn[127], 1);
  assert.equal(v.numFixtures, 2);
});

test('view "bK; bJ": two groups, each normalized on its own', () => {
  const v = buildView(panels, 'b0; b1');
  assert.deepEqual(idx(v), range(0, 127));
  assert.deepEqual(
    v.groups.map((g) => [g.start, g.count]),
    [
      [0, 64],
      [64, 64],
    ],
  );
  assert.equal(v.points.xn[64], 0);
  assert.equal(v.points.xn[63], 1);
  assert.deepEqual([v.bounds.xMin, v.bounds.xMax], [0, 170], 'the container bounds span both');
});

test('view "panel": everything, normalized exactly as the model (same bounds)', () => {
  const v = buildView(panels, 'panel');
  assert.deepEqual(idx(v), range(0, 767));
  for (let k = 0; k < 768; k++) {
    assert.equal(v.points.xn[k], panels.points.xn[k]);
    assert.equal(v.points.yn[k], panels.points.yn[k]);
    assert.equal(v.points.rcn[k], panels.points.rcn[k]);
  }
});

test('view "panel*": one group per panel', () => {
  const v = buildView(panels, 'panel*');
  assert.equal(v.groups.length, 12);
  assert.deepEqual(
    v.groups.map((g) => g.start),
    range(0, 704, 64),
  );
  for (const g of v.groups) {
    assert.equal(v.points.xn[g.start], 0);
    assert.equal(v.points.xn[g.start + 63], 1);
  }
  const rows = buildView(panels, 'panel * row[0], row[7]');
  assert.equal(rows.groups.length, 12);
  assert.deepEqual(idx(rows).slice(0, 16), [...range(0, 7), ...range(56, 63)]);
  assert.equal(rows.points.yn[8], 1);
});

test('view ranges: index, span, even, odd, strides, clamping, out of range', () => {
  assert.deepEqual(idx(buildView(panels, 'b1 row[0]')), range(64, 71));
  assert.deepEqual(idx(buildView(panels, 'b1 row[even]')), [...range(64, 71), ...range(80, 87), ...range(96, 103), ...range(112, 119)]);
  assert.deepEqual(idx(buildView(panels, 'b1 row[odd]')).slice(0, 9), [...range(72, 79), 88]);
  assert.deepEqual(idx(buildView(panels, 'b1 column[1-2]')), [...range(65, 121, 8), ...range(66, 122, 8)]);
  assert.deepEqual(idx(buildView(panels, 'b1 row[:3]')), [...range(64, 71), ...range(88, 95), ...range(112, 119)]);
  assert.deepEqual(idx(buildView(panels, 'b1 row[1:3]')), [...range(72, 79), ...range(96, 103), ...range(120, 127)]);
  assert.deepEqual(idx(buildView(panels, 'b1 row[2-5:2]')), [...range(80, 87), ...range(96, 103)]);
  assert.deepEqual(idx(buildView(panels, 'b1 row[6-100]')), range(112, 127));
  assert.equal(buildView(panels, 'b1 row[20]').points.size, 0);
  assert.deepEqual(idx(buildView(panels, 'panel[2]')), range(128, 191));
  assert.deepEqual(idx(buildView(panels, 'panel row[7]')).slice(0, 10), [...range(56, 63), 120, 121], "a range indexes each search root's own matches");
});

test('view > and &: direct children, intersections', () => {
  assert.equal(buildView(panels, '> panel').points.size, 768);
  assert.equal(buildView(panels, '> row').points.size, 0, 'rows are not children of the root');
  assert.deepEqual(idx(buildView(panels, 'b2 > row[0]')), range(128, 135));
  assert.deepEqual(idx(buildView(panels, 'panel & b5')), range(320, 383));
  assert.equal(buildView(panels, 'row & column').points.size, 0);
  assert.deepEqual(idx(buildView(mixed, 'strip & arc')), range(425, 496));
});

test('view uniqueness: first selector wins, descendants of claimed models are ignored', () => {
  const v = buildView(panels, 'b1; b1 row[0]');
  assert.equal(v.groups.length, 1);
  assert.deepEqual(idx(v), range(64, 127));
  assert.deepEqual(idx(buildView(mixed, 'strip, arc')), range(320, 496));
  const shared = buildView(panels, 'b1 row[0], b1 column[0]');
  assert.deepEqual(idx(shared), [...range(64, 71), ...range(72, 120, 8)], 'a shared corner point is taken once');
});

test('view uniqueness: an ancestor replaces descendants claimed earlier', () => {
  const v = buildView(panels, 'b1 row[0]; b1');
  assert.equal(v.groups.length, 2);
  assert.equal(v.groups[0].count, 0, 'the earlier group lost its row to the panel');
  assert.deepEqual(
    v.groups[1].nodes.map((n) => n.tags.join(' ')),
    ['panel b1'],
  );
  assert.deepEqual(idx(v), range(64, 127));
  // In one group, LX keeps the replaced row in the group's list, so its points come first.
  const same = buildView(panels, 'b1 row[1], b1');
  assert.deepEqual(idx(same), [...range(72, 79), ...range(64, 71), ...range(80, 127)]);
});

test("view over the mixed model: the golden scenes' selectors", () => {
  assert.deepEqual(idx(buildView(mixed, 'grid')), range(0, 319));
  assert.deepEqual(idx(buildView(mixed, 'sa, sb')), range(320, 424));
  assert.deepEqual(idx(buildView(mixed, 'arc')), range(425, 496));
  assert.deepEqual(idx(buildView(mixed, 'point')), range(497, 502));
  assert.deepEqual(idx(buildView(mixed, 'strip')), range(320, 496));
  const lamps = buildView(mixed, 'point');
  assert.equal(lamps.numFixtures, 6);
  let min = Infinity,
    max = -Infinity;
  for (let k = 0; k < lamps.points.size; k++) {
    min = Math.min(min, lamps.points.xn[k]);
    max = Math.max(max, lamps.points.xn[k]);
  }
  assert.deepEqual([min, max], [0, 1]);
});

test('view: unknown tags and empty selectors give an empty view; bad selectors throw', () => {
  const none = buildView(mixed, 'laser');
  assert.equal(none.points.size, 0);
  assert.equal(none.groups.length, 0);
  assert.equal(buildView(mixed, '').points.size, 0);
  assert.throws(() => buildView(mixed, 'grid[odd'), SelectorSyntaxError);
  assert.equal(buildView(mixed, parseSelector('arc')).points.size, 72);
});

test("view GROUP orientation: normalized in the fixture's own frame", () => {
  const v = buildView(mixed, 'grid', { orientation: 'GROUP' });
  assert.equal(v.invalidOrientation, false);
  assert.equal(v.groups[0].orientedTo, mixed.fixtures[0]);
  for (let k = 0; k < v.points.size; k++) {
    const row = Math.floor(k / 20),
      col = k % 20;
    assert.ok(Math.abs(v.points.xn[k] - col / 19) < 1e-6, `xn ${k}`);
    assert.ok(Math.abs(v.points.yn[k] - row / 15) < 1e-6, `yn ${k}`);
    assert.equal(v.points.zn[k], 0.5, 'the panel is flat in its own frame');
  }
  const unrotated = buildModel([gridFixture({ numRows: 2, numColumns: 3, x: 50, y: 7 })]);
  const a = buildView(unrotated, 'grid', { orientation: 'GROUP' });
  const b = buildView(unrotated, 'grid');
  assert.deepEqual(Array.from(a.points.xn), Array.from(b.points.xn));
});

test('view GROUP orientation needs RELATIVE and one fixture per group, else falls back', () => {
  const two = buildView(mixed, 'grid, sa', { orientation: 'GROUP' });
  assert.equal(two.invalidOrientation, true);
  const plain = buildView(mixed, 'grid, sa');
  assert.deepEqual(Array.from(two.points.xn), Array.from(plain.points.xn));
  assert.equal(buildView(mixed, 'grid; sa', { orientation: 'GROUP' }).invalidOrientation, false);
  assert.equal(buildView(mixed, 'grid', { orientation: 'GROUP', normalization: 'ABSOLUTE' }).invalidOrientation, true);
  assert.equal(buildView(mixed, 'grid row[0-2]', { orientation: 'GROUP' }).invalidOrientation, false);
});
