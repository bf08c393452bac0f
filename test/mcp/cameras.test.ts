import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, assertUndoable, history } from '../light/operations/helpers.js';

const SIDE = { position: { x: 500, y: 50, z: 0 }, target: { x: 0, y: 50, z: 0 }, up: { x: 0, y: 1, z: 0 }, fov: 50 };
const cameras = (show: TestShow) => async () => (await show.call('list_cameras')).cameras;

async function stepFrames(show: TestShow, n: number, deltaMs = 10): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, deltaMs));
}

test('camera tools: save and remove are undo steps; moving the view is not; bad input changes nothing, history included', async (t) => {
  const show = await startShow(t);
  const extra = [cameras(show)];
  const start = (await show.call('get_camera')).view;
  assert.equal(start.source, 'default');
  const h = await history(show);
  const set = await show.call('set_camera', SIDE);
  assert.deepEqual([set.undoable, set.view.source, set.view.position, set.view.fov], [false, 'set', SIDE.position, 50]);
  assert.match(set.note, /not an undo step/);
  assert.deepEqual(await history(show), h, 'moving the view left the history as it was');
  await assertUndoable(
    show,
    () => show.call('save_camera', { name: 'Side' }),
    (r) => assert.deepEqual([r.camera.name, r.camera.position, r.replaced], ['Side', SIDE.position, false]),
    extra,
  );
  await show.call('save_camera', { name: 'Side' });
  await show.call('set_camera', { fit: 'model' });
  await assertUndoable(
    show,
    () => show.call('save_camera', { name: 'Side' }),
    (r) => assert.equal(r.replaced, true),
    extra,
  );
  await show.call('save_camera', { name: 'Wide' });
  const before = (await show.call('get_camera')).view;
  await assertUndoable(
    show,
    () => show.call('save_camera', { name: 'Narrow', fov: 20 }),
    (r) => assert.deepEqual([r.camera.fov, r.camera.position], [20, before.position]),
    extra,
  );
  assert.deepEqual((await show.call('get_camera')).view, before, 'saving a pose leaves the view where it is');
  assert.deepEqual(
    (await cameras(show)()).map((c: { name: string }) => c.name),
    ['Side', 'Wide'],
  );
  await assertUndoable(
    show,
    () => show.call('remove_camera', { name: 'Wide' }),
    (r) => assert.equal(r.removed.name, 'Wide'),
    extra,
  );
  const view = async () => (await show.call('get_camera')).view;
  await assertRefused(show, 'save_camera', { name: ' ' }, /^invalid_argument: a camera name is 1–64 characters, not blank/, [...extra, view]);
  await assertRefused(show, 'save_camera', { name: 'a\u202eb' }, /^invalid_argument: a camera name contains the bidi control/, [...extra, view]);
  await assertRefused(show, 'save_camera', { name: 'Top', up: { x: 0, y: 0, z: 0 } }, /^invalid_argument: up is \(0, 0, 0\)/, [...extra, view]);
  await assertRefused(show, 'save_camera', { name: 'current' }, /^invalid_argument: a camera cannot be named "current"/, [...extra, view]);
  await assertRefused(show, 'remove_camera', { name: 'Nope' }, /^not_found: no camera named "Nope" \(cameras: "Side", "Wide"/, [...extra, view]);
  await assertRefused(show, 'recall_camera', { name: 'Nope' }, /^not_found: no camera named "Nope"/, [...extra, view]);
  await assertRefused(show, 'recall_camera', { name: 'Side', durationMs: 70_000 }, /^invalid_argument/, [...extra, view]);
  await assertRefused(show, 'set_camera', { target: SIDE.target, position: SIDE.target }, /^invalid_argument: the position and the target/, [...extra, view]);
  await assertRefused(show, 'set_camera', { up: { x: 0, y: 0, z: 0 } }, /^invalid_argument: up is \(0, 0, 0\)/, [...extra, view]);
  await assertRefused(show, 'set_camera', { fit: 'model', fov: 40 }, /^invalid_argument: give fit, or position\/target\/up\/fov, not both/, [...extra, view]);
  await assertRefused(show, 'set_camera', {}, /^invalid_argument: give position, target, up, fov or fit/, [...extra, view]);
  await assertRefused(show, 'set_camera', { fit: '/lx/structure/fixture/99' }, /^not_found/, [...extra, view]);
  await assertRefused(show, 'get_frame', { camera: 'Nope' }, /^not_found: no camera named "Nope"/, [...extra, view]);
});

test('recall_camera animates on the frame clock; get_frame draws a named camera and the current view', async (t) => {
  const show = await startShow(t);
  await show.call('set_camera', SIDE);
  await show.call('save_camera', { name: 'Side' });
  await show.call('set_camera', { fit: '/lx/structure/fixture/1' });
  const fixtureView = (await show.call('get_camera')).view;
  await show.call('save_camera', { name: 'Close' });
  await show.call('set_camera', { fit: 'model' });
  const wide = (await show.call('get_camera')).view;
  assert.ok(fixtureView.fov === wide.fov, 'fit keeps the field of view');
  const r = await show.call('recall_camera', { name: 'Side', durationMs: 1000, easing: 'linear' });
  assert.deepEqual([r.undoable, r.view.animation.progress, r.view.camera], [false, 0, 'Side']);
  await stepFrames(show, 25, 10);
  const mid = (await show.call('get_camera')).view;
  assert.equal(mid.animation.progress, 0.25);
  assert.ok(Math.abs(mid.position.x - (wide.position.x + (SIDE.position.x - wide.position.x) * 0.25)) < 1e-3, JSON.stringify(mid.position));
  await stepFrames(show, 75, 10);
  const done = (await show.call('get_camera')).view;
  assert.deepEqual([done.source, done.camera, done.animation, done.position], ['camera', 'Side', undefined, SIDE.position]);
  await stepFrames(show, 2);
  const named = await show.call('get_frame', { camera: 'Side', include_image: true, width: 128 });
  const current = await show.call('get_frame', { camera: 'current', include_image: true, width: 128 });
  assert.equal(named.camera, 'Side');
  assert.equal(current.camera, 'current');
  assert.deepEqual(named.grid, current.grid, 'the view is at the camera it recalled');
  assert.deepEqual(named.image, { width: 128, height: 72 }, 'a camera frames 16:9');
  const front = await show.call('get_frame', { view: 'front', grid: 4 });
  const close = await show.call('get_frame', { camera: 'Close', grid: 4 });
  assert.notDeepEqual(close.grid.cells, front.grid.cells, 'a camera close on one fixture sees another picture than the whole rig');
  // The PNG decodes at the size the summary states.
  const res = await show.client.callTool({ name: 'get_frame', arguments: { camera: 'Side', include_image: true, width: 160 } });
  const image = (res.content as { type: string; data?: string }[]).find((c) => c.type === 'image');
  const png = PNG.sync.read(Buffer.from(image!.data!, 'base64'));
  assert.deepEqual([png.width, png.height], [160, 90]);
});
