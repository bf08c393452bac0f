// get_frame draws stage fixtures' beams over the points, from their DMX bytes: a head turned by
// pan/tilt lights the pixels along its direction in its colour; at intensity 0 only its body shows.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { captureFrame } from '../../src/light/frame-capture.js';
import { degreesToDmx } from '../../src/light/stage/aim/index.js';
import { startShow, tempHome } from '../helpers/show.js';

const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));

test('get_frame: a head pointing +x lights a line to the right of its body in its colour; at intensity 0 no beam', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  const show = await startShow(t, { home });
  // A dark rig: what lights up is the beam.
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/enabled', value: false });
  await show.call('set_parameter', { path: '/lx/mixer/channel/2/enabled', value: false });
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, 1000 / 60));
  const frame = await show.app.engine.queue.submit(() => captureFrame(show.app.light, { bus: 'main' }));
  const mid = (a: Float32Array) => (Math.min(...a) + Math.max(...a)) / 2;
  const centre = { x: mid(frame.x), y: mid(frame.y), z: mid(frame.z) };
  await show.call('patch_fixture', { profile: 'qlc/Clay_Paky/Clay-Paky-Sharpy.qxf', mode: 'Standard', placement: { position: centre } });
  const set = (key: string, value: number) => show.call('set_parameter', { path: `/lx/stage/fixture/1/${key}`, value });
  // Pan 90° after tilt 90°: +y (home) → +z → +x. Shutter open, red slot (#c41c1a), dimmer at 0 first.
  await set('pan', degreesToDmx(90, 540, 16));
  await set('tilt', degreesToDmx(90, 250, 16));
  await set('shutter', 105);
  await set('colorWheel', 10);
  await set('intensity', 0);
  const image = async () => {
    const r = await show.client.callTool({ name: 'get_frame', arguments: { include_image: true, width: 256 } });
    assert.notEqual(r.isError, true);
    const img = (r.content as { type: string; data?: string }[]).find((c) => c.type === 'image');
    return PNG.sync.read(Buffer.from(img?.data as string, 'base64'));
  };
  /** Every non-black pixel as [x, y, r, g, b]. */
  const lit = (png: PNG) => {
    const out: number[][] = [];
    for (let y = 0; y < png.height; y++)
      for (let x = 0; x < png.width; x++) {
        const k = (y * png.width + x) * 4;
        if (png.data[k] + png.data[k + 1] + png.data[k + 2] > 0) out.push([x, y, png.data[k], png.data[k + 1], png.data[k + 2]]);
      }
    return out;
  };
  const off = lit(await image());
  assert.equal(off.length, 25, 'at intensity 0: the 5×5 body alone');
  assert.ok(
    off.every(([, , r, g, b]) => r === 128 && g === 128 && b === 128),
    'the body is grey',
  );
  const body = { x: off[12][0], y: off[12][1] };

  await set('intensity', 255);
  const on = lit(await image()).filter(([x, y]) => Math.abs(x - body.x) > 2 || Math.abs(y - body.y) > 2);
  assert.ok(on.length > 60, `a beam is drawn (${on.length} pixels)`);
  for (const [x, y, r, g, b] of on) {
    assert.ok(x > body.x, `beam pixel (${x}, ${y}) is right of the body at ${body.x}`);
    assert.ok(Math.abs(y - body.y) <= 1 + (x - body.x) * 0.05, `beam pixel (${x}, ${y}) is on the body's row ${body.y} (a 3.8° cone)`);
    assert.ok(r > 2 * g && r > 2 * b, `beam pixel (${x}, ${y}) is red: ${r},${g},${b}`);
  }
  assert.ok(
    on.some(([, , r]) => r === 0xc4),
    'the axis is drawn at full intensity in the slot colour',
  );
});
