import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const fixtures = (show: TestShow) => () => show.call('list_fixtures', { detail: 'full', limit: 200 });
const GRID = '/lx/structure/fixture/1';

test('list_fixtures and get_fixture: geometry, tags, point range, output; same serializer', async (t) => {
  const show = await startShow(t);
  const list = await show.call('list_fixtures');
  assert.equal(list.total, 1);
  assert.equal(list.pointCount, 1024);
  const grid = list.fixtures[0];
  assert.equal(grid.path, GRID);
  assert.equal(grid.type, 'Grid');
  assert.deepEqual(grid.pointIndexRange, { first: 0, last: 1023 });
  assert.equal(grid.pointCount, 1024);
  assert.deepEqual(grid.geometry, { x: 0, y: 0, z: 0, yaw: 0, pitch: 0, roll: 0, scale: 1 });
  assert.ok(grid.tags.includes('grid'));
  assert.deepEqual(grid.output, { enabled: false, brightness: 1, protocol: 'none' });
  assert.equal(grid.parameters, undefined);
  const one = await show.call('get_fixture', { path: GRID });
  const full = await show.call('list_fixtures', { detail: 'full' });
  assert.deepEqual(one.fixture, full.fixtures[0]);
  assert.ok(one.fixture.parameters.some((p: { key: string }) => p.key === 'numRows'));
  for (const [k, v] of Object.entries(grid)) assert.equal(typeof one.fixture[k], typeof v, k);
  assert.match(await show.callError('get_fixture', { path: '/lx/mixer/channel/1' }), /^invalid_argument: .* is not a fixture/);
  assert.match(await show.callError('get_fixture', { path: '/lx/structure/fixture/4' }), /^not_found: /);
});

test('add_fixture: class and params in one step and one rebuild; undo removes it', async (t) => {
  const show = await startShow(t);
  const r = await assertUndoable(
    show,
    () => show.call('add_fixture', { class: 'Strip', label: 'Edge', params: { numPoints: 60, x: -50, tags: 'edge front' } }),
    async (r) => {
      assert.equal(r.fixture.path, '/lx/structure/fixture/2');
      assert.equal(r.fixture.label, 'Edge');
      assert.equal(r.fixture.pointCount, 60);
      assert.deepEqual(r.fixture.pointIndexRange, { first: 1024, last: 1083 });
      assert.equal(r.fixture.geometry.x, -50);
      assert.deepEqual(
        r.fixture.tags.filter((x: string) => x === 'edge' || x === 'front'),
        ['edge', 'front'],
      );
      assert.equal(r.fixture.output.enabled, false);
      assert.equal((await show.call('get_project_info')).pointCount, 1084);
    },
    [fixtures(show), () => show.call('get_project_info')],
  );
  assert.equal(r.fixture.class, 'heronarts.lx.structure.StripFixture');
  const wired = await show.call('add_fixture', { class: 'Strip', params: { protocol: 'Art-Net', host: '127.0.0.1', artNetUniverse: 3, dmxChannel: 6 } });
  assert.deepEqual(wired.fixture.output, { enabled: false, brightness: 1, protocol: 'artnet', host: '127.0.0.1', universe: 3, dmxChannel: 6 });
  const first = await show.call('add_fixture', { class: 'heronarts.lx.structure.PointFixture', index: 0 });
  assert.equal(first.fixture.path, '/lx/structure/fixture/1');
  assert.deepEqual(first.fixture.pointIndexRange, { first: 0, last: 0 });
});

test('add_fixture: every bad name or value refuses the call before anything changes', async (t) => {
  const show = await startShow(t);
  const extra = [fixtures(show)];
  await assertRefused(show, 'add_fixture', {}, /^invalid_argument: give exactly one of class .* or type/, extra);
  await assertRefused(show, 'add_fixture', { class: 'Grid', type: 'x' }, /^invalid_argument: give exactly one/, extra);
  await assertRefused(show, 'add_fixture', { class: 'Laser' }, /^not_found: no fixture class "Laser"/, extra);
  await assertRefused(show, 'add_fixture', { class: 'Grid', params: { numRows: 0 } }, /^invalid_argument: .*numRows: takes 1–1024; got 0/, extra);
  await assertRefused(
    show,
    'add_fixture',
    { class: 'Grid', params: { numRows: 4, nope: 1 } },
    /^invalid_argument: .* has no parameter "nope"; it has x, y, z/,
    extra,
  );
  await assertRefused(show, 'add_fixture', { class: 'Grid', index: 5 }, /^invalid_argument: index takes an integer in 0–1/, extra);
  await assertRefused(show, 'add_fixture', { type: 'panels/Panel' }, /^invalid_argument: no fixture file panels\/Panel\.lxf/, extra);
});

test('remove_fixture, move_fixture, duplicate_fixture: pathChanges, ids kept by undo, duplicate output off', async (t) => {
  const show = await startShow(t);
  const extra = [fixtures(show), () => show.call('get_project_info')];
  const strip = await show.call('add_fixture', { class: 'Strip', params: { numPoints: 10 } });
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/enabled', value: true });
  const grid = (await show.call('get_fixture', { path: GRID })).fixture;
  await assertUndoable(
    show,
    () => show.call('move_fixture', { path: GRID, index: 1 }),
    async (r) => {
      assert.equal(r.fixture.path, '/lx/structure/fixture/2');
      assert.deepEqual(r.fixture.pointIndexRange, { first: 10, last: 1033 });
      assert.deepEqual(r.pathChanges.map((c: { id: number }) => c.id).sort(), [grid.id, strip.fixture.id].sort());
    },
    extra,
  );
  await assertUndoable(
    show,
    () => show.call('remove_fixture', { id: grid.id }),
    async (r) => {
      assert.equal(r.removed, GRID);
      assert.equal(r.kind, 'fixture');
      assert.equal(r.id, grid.id);
      assert.deepEqual(r.pathChanges, [{ id: strip.fixture.id, before: '/lx/structure/fixture/2', after: '/lx/structure/fixture/1' }]);
      assert.equal((await show.call('get_project_info')).pointCount, 10);
    },
    extra,
  );
  await assertUndoable(
    show,
    () => show.call('duplicate_fixture', { path: GRID }),
    async (r) => {
      assert.equal(r.fixture.path, '/lx/structure/fixture/2');
      assert.notEqual(r.fixture.id, grid.id);
      assert.equal(r.fixture.output.enabled, false, 'the duplicate never starts transmitting');
      assert.equal(r.fixture.pointCount, 1024);
      const src = (await show.call('get_fixture', { path: GRID })).fixture;
      assert.equal(src.output.enabled, true);
      const p = (f: { parameters: { key: string; value: unknown }[] }) => f.parameters.filter((x) => x.key !== 'enabled').map((x) => [x.key, x.value]);
      assert.deepEqual(p(r.fixture), p(src));
    },
    extra,
  );
  await assertRefused(show, 'move_fixture', { path: GRID, index: 2 }, /^invalid_argument: index takes an integer in 0–1/, extra);
  await assertRefused(show, 'duplicate_fixture', { path: GRID, index: 3 }, /^invalid_argument: index/, extra);
  await assertRefused(show, 'remove_fixture', { path: '/lx/structure/views' }, /^invalid_argument: .* is not a fixture/, extra);
});

test('set_fixture_params: one undo step, one rebuild; all names and values checked first', async (t) => {
  const show = await startShow(t);
  const extra = [fixtures(show), () => show.call('get_project_info')];
  await assertUndoable(
    show,
    () => show.call('set_fixture_params', { path: GRID, params: { numRows: 4, numColumns: 8, x: 25, yaw: 90, positionMode: 1 } }),
    async (r) => {
      assert.deepEqual(r.changed, ['numRows', 'numColumns', 'x', 'yaw', 'positionMode']);
      assert.equal(r.fixture.pointCount, 32);
      assert.equal(r.fixture.geometry.x, 25);
      assert.equal(r.fixture.geometry.yaw, 90);
      assert.equal((await show.call('get_project_info')).pointCount, 32);
    },
    extra,
  );
  await assertRefused(
    show,
    'set_fixture_params',
    { path: GRID, params: { numRows: 4, numColumns: 2000 } },
    /^invalid_argument: .*numColumns: takes 1–1024; got 2000/,
    extra,
  );
  await assertRefused(show, 'set_fixture_params', { path: GRID, params: { numRows: 4, bogus: true } }, /^invalid_argument: .* has no parameter "bogus"/, extra);
  await assertRefused(
    show,
    'set_fixture_params',
    { path: GRID, params: { positionMode: 'Sideways' } },
    /^invalid_argument: .*unknown option "Sideways"/,
    extra,
  );
  await assertRefused(show, 'set_fixture_params', { path: GRID, params: { label: 'x' } }, /^invalid_argument: .* has no parameter "label"/, extra);
  await assertRefused(show, 'set_fixture_params', { path: GRID, params: {} }, /^invalid_argument: params is empty/, extra);
});

test("set_fixture_tags: validated against LX's tag rule; the tags reach the model and views", async (t) => {
  const show = await startShow(t);
  const extra = [fixtures(show)];
  await assertUndoable(
    show,
    () => show.call('set_fixture_tags', { path: GRID, tags: ['front', 'wash/left', 'front'] }),
    (r) => {
      assert.ok(r.fixture.tags.includes('front'));
      assert.ok(r.fixture.tags.includes('wash/left'));
      assert.equal(r.fixture.tags.filter((x: string) => x === 'front').length, 1);
    },
    extra,
  );
  await assertRefused(
    show,
    'set_fixture_tags',
    { path: GRID, tags: ['ok', 'has space'] },
    /^invalid_argument: tags\[1\] "has space" is not a valid tag/,
    extra,
  );
  await assertRefused(show, 'set_fixture_tags', { path: GRID, tags: ['a,b'] }, /^invalid_argument: tags\[0\]/, extra);
  await assertRefused(show, 'set_fixture_tags', { path: GRID, tags: [''] }, /^invalid_argument: tags\[0\]/, extra);
});

test('list_fixtures: pages with a stable cursor; a structure change between pages is refused as stale', async (t) => {
  const show = await startShow(t);
  for (let i = 0; i < 4; i++) await show.call('add_fixture', { class: 'Point', label: `P${i}` });
  const p1 = await show.call('list_fixtures', { limit: 2 });
  assert.equal(p1.total, 5);
  assert.deepEqual(
    p1.fixtures.map((f: { index: number }) => f.index),
    [0, 1],
  );
  const p2 = await show.call('list_fixtures', { limit: 2, cursor: p1.nextCursor });
  assert.deepEqual(
    p2.fixtures.map((f: { index: number }) => f.index),
    [2, 3],
  );
  const again = await show.call('list_fixtures', { limit: 2, cursor: p1.nextCursor });
  assert.deepEqual(again, p2, 'the same cursor gives the same page');
  const p3 = await show.call('list_fixtures', { limit: 2, cursor: p2.nextCursor });
  assert.deepEqual(
    p3.fixtures.map((f: { index: number }) => f.index),
    [4],
  );
  assert.equal(p3.nextCursor, undefined);
  await show.call('remove_fixture', { path: '/lx/structure/fixture/5' });
  assert.match(await show.callError('list_fixtures', { limit: 2, cursor: p1.nextCursor }), /^stale: /);
  assert.match(await show.callError('list_fixtures', { cursor: 'garbage' }), /^invalid_argument: cursor/);
  assert.match(await show.callError('list_fixtures', { detail: 'full', cursor: p1.nextCursor }), /^invalid_argument: cursor/);
});

test('apply_operations: add a fixture, tag it and duplicate it as one step', async (t) => {
  const show = await startShow(t);
  const before = await fixtures(show)();
  await show.call('apply_operations', {
    operations: [
      { tool: 'add_fixture', args: { class: 'Strip', params: { numPoints: 8 } } },
      { tool: 'set_fixture_tags', args: { path: '/lx/structure/fixture/2', tags: ['edge'] } },
      { tool: 'duplicate_fixture', args: { path: '/lx/structure/fixture/2' } },
    ],
  });
  const after = await show.call('list_fixtures');
  assert.equal(after.total, 3);
  assert.equal(after.pointCount, 1040);
  await show.call('undo');
  assert.deepEqual(await fixtures(show)(), before);
});
