// Named points of the stage over MCP (real HTTP): add one (an undo step), aim a head at it by
// path, move it with set_parameter and the head follows; refusals change nothing, history
// included; remove is an undo step; the points save with the show and open again.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { type TestShow, startShow, tempHome } from '../helpers/show.js';
import { assertRefused, assertUndoable } from '../light/operations/helpers.js';

const HEAD = '/lx/stage/fixture/1';
const POINT = '/lx/stage/point/1';

async function stepFrames(show: TestShow, n: number): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 10));
}

const pan = async (show: TestShow): Promise<{ value: number; drivenBy?: string }> =>
  ((await show.call('get_stage_fixture_dmx', { path: HEAD })).attributes as { key: string; value: number; drivenBy?: string }[]).find((a) => a.key === 'pan')!;

test('named points: add, aim a head at one, move it and the head follows; refusals change nothing; saved and opened again', async (t) => {
  const home = await tempHome(t);
  const show = await startShow(t, { home, toolsets: ['all'] });
  await show.call('patch_fixture', {
    profile: 'footlight/generic-wash-head',
    mode: '16-bit',
    label: 'Head',
    placement: { position: { x: 0, y: 10, z: 0 }, home: { x: 0, y: -1, z: 0 } },
  });
  const points = async () => (await show.call('list_stage_fixtures')).points;
  const extra = [points];
  await assertUndoable(
    show,
    () => show.call('add_stage_point', { label: 'Lectern', x: 3, y: 0, z: 4 }),
    async (r) => {
      assert.deepEqual(r.point, { path: POINT, id: r.point.id, label: 'Lectern', x: 3, y: 0, z: 4 });
      assert.deepEqual(await points(), [r.point]);
    },
    extra,
  );
  await show.call('add_stage_point', { label: 'Lectern', x: 3, y: 0, z: 4 });
  await assertRefused(show, 'add_stage_point', { label: 'Lectern', x: 0, y: 0, z: 0 }, /^invalid_argument: a point named "Lectern" exists already/, extra);
  await assertRefused(show, 'add_stage_point', { label: 'Far', x: 5000, y: 0, z: 0 }, /^invalid_argument: x must be a finite number within ±1000/, extra);
  await assertRefused(show, 'add_stage_point', { label: ' ', x: 0, y: 0, z: 0 }, /^invalid_argument: a point's label is 1–64 characters/, extra);
  await assertRefused(show, 'remove_stage_point', { path: HEAD }, /^invalid_argument: .* is not a named point/, extra);
  await assertRefused(
    show,
    'aim_stage_fixtures',
    { fixtures: [HEAD], aim: 'fixture', fixture: '/lx/mixer/channel/1' },
    /^invalid_argument: .*neither an LX fixture, a stage fixture nor a named point/,
    extra,
  );

  await show.call('aim_stage_fixtures', { fixtures: [HEAD], aim: 'fixture', fixture: POINT });
  await stepFrames(show, 2);
  const first = await pan(show);
  assert.equal(first.drivenBy, 'its aim (fixture)');
  await show.call('set_parameter', { path: `${POINT}/x`, value: -3 });
  await stepFrames(show, 2);
  const moved = await pan(show);
  assert.notEqual(moved.value, first.value, 'the head follows the point');

  const file = join(home, 'points.lxp');
  await show.app.light.saveProject(file);
  await assertUndoable(
    show,
    () => show.call('remove_stage_point', { path: POINT }),
    async (r) => {
      assert.deepEqual(r, { removed: POINT, label: 'Lectern' });
      assert.deepEqual(await points(), []);
    },
    extra,
  );
  await show.call('remove_stage_point', { path: POINT });
  assert.deepEqual(await show.app.light.openProject(file), []);
  assert.deepEqual(
    (await points()).map((p: { label: string; x: number; y: number; z: number }) => [p.label, p.x, p.y, p.z]),
    [['Lectern', -3, 0, 4]],
  );
  await stepFrames(show, 2);
  assert.equal((await pan(show)).value, moved.value, 'the reopened head aims at the reopened point');
});
