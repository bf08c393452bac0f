import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { startShow } from '../helpers/show.js';

async function stepFrames(show: Awaited<ReturnType<typeof startShow>>, n: number): Promise<void> {
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 1000 / 60));
}

test('get_frame: the summary matches the engine frame; the PNG decodes and is lit where the frame is lit', async (t) => {
  const show = await startShow(t);
  await stepFrames(show, 2);
  const frame = await show.client.callTool({ name: 'get_frame', arguments: { include_image: true, width: 128, grid: 2 } });
  assert.notEqual(frame.isError, true);
  const s = frame.structuredContent as {
    litFraction: number;
    points: number;
    grid: { cells: string[] };
    image: { width: number; height: number };
    dominantColors: { hex: string }[];
  };
  const main = show.app.light.frame.main;
  let lit = 0;
  for (const c of main) if (Math.max((c >>> 16) & 255, (c >>> 8) & 255, c & 255) >= 26) lit++;
  assert.equal(s.points, main.length);
  assert.equal(s.litFraction, Math.round((lit / main.length) * 10000) / 10000);
  assert.ok(s.litFraction > 0.5, 'the demo show is lit');
  assert.equal(s.grid.cells.length, 4);
  const image = (frame.content as { type: string; data?: string; mimeType?: string }[]).find((c) => c.type === 'image');
  assert.equal(image?.mimeType, 'image/png');
  const png = PNG.sync.read(Buffer.from(image!.data!, 'base64'));
  assert.equal(png.width, 128);
  assert.equal(png.height, s.image.height);
  let litPixels = 0;
  for (let i = 0; i < png.data.length; i += 4) if (Math.max(png.data[i], png.data[i + 1], png.data[i + 2]) >= 26) litPixels++;
  assert.ok(litPixels / (png.width * png.height) > 0.3, `lit pixels ${litPixels}`);
  // The demo's right edge is a saturated gradient: the image's center row matches the frame's colors there.
  const cx = Math.floor(png.width / 2),
    cy = Math.floor(png.height / 2);
  const k = (cy * png.width + cx) * 4;
  assert.ok(png.data[k] + png.data[k + 1] + png.data[k + 2] > 0, 'the middle of the rig is lit');
});

test('get_frame: a dark show reads as dark; one channel alone; cameras; bad arguments refused', async (t) => {
  const show = await startShow(t);
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/enabled', value: false });
  await show.call('set_parameter', { path: '/lx/mixer/channel/2/enabled', value: false });
  await stepFrames(show, 1);
  const dark = await show.call('get_frame', {});
  assert.equal(dark.litFraction, 0);
  assert.deepEqual(dark.dominantColors, []);
  await show.call('undo');
  await stepFrames(show, 1);
  const solidOnly = await show.call('get_frame', { channel: '/lx/mixer/channel/2' });
  assert.equal(solidOnly.channel, '/lx/mixer/channel/2');
  assert.equal(solidOnly.dominantColors.length, 1, 'one solid color');
  const orbit = await show.call('get_frame', { camera: { theta: 30, phi: 20 }, include_image: true, width: 64 });
  assert.equal(orbit.camera, 'orbit');
  assert.equal((await show.call('get_frame', { view: 'top' })).camera, 'top');
  // An orbit camera at theta 0, phi 0 sees a flat rig as the front view does (not mirrored).
  const front = await show.call('get_frame', { view: 'front', grid: 3 });
  const straight = await show.call('get_frame', { camera: { theta: 0, phi: 0 }, grid: 3 });
  assert.deepEqual(straight.grid, front.grid);
  assert.match(await show.callError('get_frame', { view: 'top', camera: { theta: 0, phi: 0 } }), /^invalid_argument: give view or camera, not both/);
  assert.match(await show.callError('get_frame', { width: 2000 }), /^invalid_argument: width: must be at most 1024/);
  assert.match(await show.callError('get_frame', { channel: '/lx/mixer/channel/2/pattern/1' }), /^invalid_argument: .*is not a channel/);
});
