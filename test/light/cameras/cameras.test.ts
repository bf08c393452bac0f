import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../../src/engine/engine.js';
import type { Origin } from '../../../src/engine/commands/history.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { CAMERAS_KEY, readCameras } from '../../../src/light/show/cameras.js';
import { summarize, type FrameSnapshot } from '../../../src/light/frame-view.js';
import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

const ORIGIN: Origin = { surface: 'engine' };
const SIDE = { position: { x: 40, y: 5, z: 0 }, target: { x: 0, y: 5, z: 0 }, up: { x: 0, y: 1, z: 0 }, fov: 50 };

async function open(path = join(GOLDEN, 'solid_faders.lxp')): Promise<LightShow> {
  return LightShow.open(new Engine(), path);
}

const run = (show: LightShow, ms: number): void => show.engine.clock.stepFixed(Math.round(ms / 10), 10);

test('named cameras save with the project and open again; the current view is live and starts at the default', async (t) => {
  const show = await open();
  assert.equal(show.cameras.current().source.kind, 'default');
  show.cameras.set(SIDE);
  show.cameras.save(ORIGIN, 'Side');
  show.cameras.fit();
  show.cameras.save(ORIGIN, 'Cafe\u0301');
  const dir = await mkdtemp(join(tmpdir(), 'footlight-cameras-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await show.saveProject(join(dir, 'cams.lxp'));
  const again = await open(join(dir, 'cams.lxp'));
  assert.deepEqual(again.warnings, []);
  assert.deepEqual(again.cameras.list(), show.cameras.list());
  assert.deepEqual(
    again.cameras.list().map((c) => c.name),
    ['Side', 'Café'],
    'names are kept in NFC',
  );
  assert.deepEqual(again.cameras.camera('Side'), { name: 'Side', ...SIDE });
  assert.equal(again.cameras.current().source.kind, 'default', 'the view is not saved: a show opens at the default view');
});

test('a damaged camera is dropped with a warning naming its key path', () => {
  const warnings: string[] = [];
  const bad = [
    { name: 'A', ...SIDE },
    { name: 'A', ...SIDE },
    { name: 'B', ...SIDE, fov: 400 },
    { name: 'C', ...SIDE, target: SIDE.position },
    { name: '', ...SIDE },
  ];
  const read = readCameras(bad, `externals/${CAMERAS_KEY}`, (m) => warnings.push(m)) as { name: string }[];
  assert.deepEqual(
    read.map((c) => c.name),
    ['A'],
  );
  assert.equal(warnings.length, 4, warnings.join('\n'));
  assert.match(warnings[0], /footlight\.cameras\/1: another camera named "A" comes earlier/);
  assert.match(warnings[1], /\/2: fov is 15–150 degrees/);
  assert.match(warnings[2], /\/3: the position and the target are the same point/);
  assert.equal(
    readCameras({}, 'x', (m) => warnings.push(m)),
    undefined,
  );
});

test('recall animates on the frame clock with its easing; set stops it; undo of save and remove restores the list', async () => {
  const show = await open();
  const start = show.cameras.current().pose;
  show.cameras.set(SIDE);
  show.cameras.save(ORIGIN, 'Side');
  show.cameras.fit();
  const from = show.cameras.current().pose;
  const dist = (p: typeof start): number => Math.hypot(p.position.x - p.target.x, p.position.y - p.target.y, p.position.z - p.target.z);
  assert.deepEqual(from.target, start.target, 'fit frames the model around its center');
  const sin = (p: typeof start): number => Math.sin((p.fov * Math.PI) / 360);
  assert.equal(from.fov, SIDE.fov, 'fit keeps the field of view');
  assert.ok(Math.abs(dist(from) * sin(from) - dist(start) * sin(start)) < 1e-6, 'the model fills the field of view as in the default view');
  assert.ok(from.position.x > from.target.x && from.position.z === from.target.z, 'from the direction the view had (the side)');
  const view = show.cameras.recall('Side', 1000, 'linear');
  assert.equal(view.animation?.progress, 0);
  assert.deepEqual(view.pose, from, 'a recall starts where the view is');
  run(show, 500);
  const mid = show.cameras.current();
  assert.equal(mid.animation?.progress, 0.5);
  assert.ok(Math.abs(mid.pose.position.x - (from.position.x + SIDE.position.x) / 2) < 1e-9, 'linear: halfway at half the time');
  assert.ok(Math.abs(mid.pose.fov - (from.fov + SIDE.fov) / 2) < 1e-9);
  run(show, 500);
  const done = show.cameras.current();
  assert.equal(done.animation, undefined);
  assert.deepEqual(done.pose, { position: SIDE.position, target: SIDE.target, up: SIDE.up, fov: SIDE.fov });
  assert.deepEqual(done.source, { kind: 'camera', name: 'Side' });
  show.cameras.fit();
  show.cameras.recall('Side', 1000, 'ease-in');
  run(show, 500);
  const eased = show.cameras.current().pose.position.x;
  assert.ok(Math.abs(eased - (from.position.x + (SIDE.position.x - from.position.x) * 0.125)) < 1e-9, 'ease-in: an eighth of the way at half the time');
  show.cameras.set({ fov: 70 });
  assert.equal(show.cameras.current().animation, undefined, 'set stops a recall');
  const depth = show.engine.history.undoDepth;
  show.cameras.remove(ORIGIN, 'Side');
  assert.deepEqual(show.cameras.list(), []);
  show.engine.history.undo();
  assert.equal(show.cameras.list()[0].name, 'Side');
  assert.equal(show.engine.history.undoDepth, depth);
});

test('a pose frames what the camera sees: looking at one end fills the image with it, points behind are left out', () => {
  // Two rows of points on x = 0…9 at z = 0; red on the left half, blue on the right.
  const n = 10;
  const f: FrameSnapshot = {
    size: n,
    x: Float32Array.from({ length: n }, (_, i) => i),
    y: new Float32Array(n),
    z: new Float32Array(n),
    colors: Uint32Array.from({ length: n }, (_, i) => (i < 5 ? 0xffff0000 : 0xff0000ff)),
  };
  const front = summarize(f, { view: 'front' }, 2, 26);
  assert.deepEqual(front.grid.cells, ['#ff0000', '#0000ff', '', ''], 'the fixed views fit every point');
  // Close on the red end, looking along +Z: only red is in the window.
  const close = summarize(f, { pose: { position: { x: 1, y: 0, z: -2 }, target: { x: 1, y: 0, z: 0 }, up: { x: 0, y: 1, z: 0 }, fov: 60 } }, 2, 26);
  assert.ok(
    close.grid.cells.every((c) => c === '' || c === '#ff0000'),
    close.grid.cells.join(' '),
  );
  assert.ok(close.grid.cells.includes('#ff0000'));
  // Looking away from the rig: nothing is in front of the camera.
  const away = summarize(f, { pose: { position: { x: 5, y: 0, z: -2 }, target: { x: 5, y: 0, z: -5 }, up: { x: 0, y: 1, z: 0 }, fov: 60 } }, 2, 26);
  assert.deepEqual(away.grid.cells, ['', '', '', '']);
});

test('animate: 0 ms legs jump at once; one frame can pass several legs; the view ends a camera only at its own pose', async () => {
  const show = await open();
  show.cameras.set(SIDE);
  show.cameras.save(ORIGIN, 'Side');
  show.cameras.fit();
  const jumped = show.cameras.animate([{ camera: 'Side', durationMs: 0 }, { durationMs: 0 }]);
  assert.equal(jumped.animation, undefined, 'nothing left to animate');
  assert.deepEqual(jumped.source, { kind: 'camera', name: 'Side' }, 'a hold after a camera keeps its name');
  assert.deepEqual(show.cameras.animate([{ durationMs: 0 }]).source, { kind: 'camera', name: 'Side' }, 'a hold at a camera keeps its name');
  const edited = show.cameras.animate([{ camera: 'Side', fov: 30, durationMs: 0 }]);
  assert.deepEqual([edited.source, edited.pose.fov, edited.pose.position], [{ kind: 'set' }, 30, SIDE.position]);
  show.cameras.animate([
    { fov: 40, durationMs: 10 },
    { fov: 50, durationMs: 10 },
    { fov: 60, durationMs: 100, easing: 'linear' },
  ]);
  show.cameras.loop(70);
  const on = show.cameras.current();
  assert.deepEqual([on.animation?.leg, on.animation?.progress], [2, 0.5], 'two short legs passed in one frame; the time over carries on');
  assert.ok(Math.abs(on.pose.fov - 55) < 1e-9);
  show.cameras.loop(50);
  assert.deepEqual([show.cameras.current().animation, show.cameras.current().pose.fov], [undefined, 60]);
  const depth = show.engine.history.undoDepth;
  assert.throws(
    () =>
      show.cameras.animate([
        { fov: 40, durationMs: 10 },
        { camera: 'Nope', durationMs: 10 },
      ]),
    /no camera named "Nope"/,
  );
  assert.throws(() => show.cameras.animate([]), /a path has 1–32 legs; got 0/);
  assert.deepEqual([show.cameras.current().pose.fov, show.engine.history.undoDepth], [60, depth], 'a refused path moves nothing');
});
