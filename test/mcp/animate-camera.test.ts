// Issue #32: animate_camera — a path through named cameras and poses, a duration and easing per
// leg, on the frame clock; replaced by a new animation or a recall, stopped by set_camera; live,
// never an undo step; a bad leg anywhere refuses the whole path with nothing moved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow, type TestShow } from '../helpers/show.js';
import { assertRefused, history } from '../light/operations/helpers.js';

const SIDE = { position: { x: 500, y: 50, z: 0 }, target: { x: 0, y: 50, z: 0 }, up: { x: 0, y: 1, z: 0 }, fov: 50 };
const HIGH = { x: 0, y: 400, z: 300 };

const step = (show: TestShow, frames: number) => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(frames, 10));
const view = async (show: TestShow) => (await show.call('get_camera')).view;
const near = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) < 1e-3;
const mix = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }, t: number) => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
  z: a.z + (b.z - a.z) * t,
});

test('animate_camera runs its legs in turn on the frame clock, live: a camera, a pose, a hold', async (t) => {
  const show = await startShow(t);
  await show.call('set_camera', SIDE);
  await show.call('save_camera', { name: 'Side' });
  await show.call('set_camera', { fit: 'model' });
  const start = await view(show);
  const h = await history(show);
  const r = await show.call('animate_camera', {
    legs: [{ camera: 'Side', durationMs: 1000, easing: 'linear' }, { position: HIGH, durationMs: 500, easing: 'linear' }, { durationMs: 200 }],
  });
  assert.deepEqual(
    [r.undoable, r.totalMs, r.view.camera, r.view.animation],
    [false, 1700, 'Side', { leg: 0, legs: 3, progress: 0, durationMs: 1000, easing: 'linear' }],
  );
  assert.ok(near(r.view.position, start.position), 'it starts where the view is');
  await step(show, 50);
  let v = await view(show);
  assert.deepEqual([v.animation.leg, v.animation.progress], [0, 0.5]);
  assert.ok(near(v.position, mix(start.position, SIDE.position, 0.5)), JSON.stringify(v.position));
  await step(show, 60);
  v = await view(show);
  assert.deepEqual([v.source, v.camera, v.animation.leg, v.animation.progress], ['set', undefined, 1, 0.2]);
  assert.ok(near(v.position, mix(SIDE.position, HIGH, 0.2)), 'the second leg starts at the camera the first reached');
  assert.ok(near(v.target, SIDE.target), 'pose parts not given keep the previous leg’s end');
  await step(show, 45);
  v = await view(show);
  assert.deepEqual([v.animation.leg, v.animation.progress, v.animation.easing], [2, 0.25, 'ease-in-out']);
  assert.ok(near(v.position, HIGH), 'a leg with only a duration holds the view');
  await step(show, 15);
  v = await view(show);
  assert.deepEqual([v.animation, v.source], [undefined, 'set']);
  assert.ok(near(v.position, HIGH) && near(v.target, SIDE.target));
  assert.deepEqual(await history(show), h, 'animating the view is not an undo step');
});

test('a new animation or a recall replaces one on its way; set_camera stops it; a bad leg changes nothing', async (t) => {
  const show = await startShow(t);
  await show.call('set_camera', SIDE);
  await show.call('save_camera', { name: 'Side' });
  await show.call('set_camera', { fit: 'model' });
  await show.call('animate_camera', { legs: [{ position: HIGH, durationMs: 1000, easing: 'linear' }] });
  await step(show, 30);
  const mid = await view(show);
  const again = await show.call('recall_camera', { name: 'Side', durationMs: 400, easing: 'linear' });
  assert.deepEqual(again.view.animation, { leg: 0, legs: 1, progress: 0, durationMs: 400, easing: 'linear' });
  assert.ok(near(again.view.position, mid.position), 'the recall starts where the animation had got to');
  await step(show, 10);
  await show.call('animate_camera', {
    legs: [
      { fov: 30, durationMs: 1000 },
      { camera: 'Side', durationMs: 0 },
    ],
  });
  await step(show, 10);
  const stopped = await show.call('set_camera', { fov: 70 });
  assert.equal(stopped.view.animation, undefined, 'set_camera stops it');
  await step(show, 200);
  assert.equal((await view(show)).fov, 70, 'and it stays stopped');

  // Checked against the view with an animation on its way (the clock is not stepped here).
  await show.call('animate_camera', { legs: [{ camera: 'Side', durationMs: 1000 }] });
  await step(show, 10);
  const extra = [() => view(show)];
  await assertRefused(
    show,
    'animate_camera',
    {
      legs: [
        { camera: 'Side', durationMs: 100 },
        { camera: 'Nope', durationMs: 100 },
      ],
    },
    /^not_found: no camera named "Nope"/,
    extra,
  );
  await assertRefused(
    show,
    'animate_camera',
    {
      legs: [
        { camera: 'Side', durationMs: 100 },
        { position: SIDE.target, durationMs: 100 },
      ],
    },
    /^invalid_argument: leg 2: the position and the target are the same point/,
    extra,
  );
  await assertRefused(show, 'animate_camera', { legs: [] }, /^invalid_argument/, extra);
  await assertRefused(show, 'animate_camera', { legs: [{ durationMs: 70_000 }] }, /^invalid_argument/, extra);
  await assertRefused(show, 'animate_camera', { legs: [{ durationMs: 10, easing: 'bounce' }] }, /^invalid_argument/, extra);
  assert.equal((await view(show)).animation.progress, 0.1, 'the animation on its way carries on');
});
