// Issue #30 "Seeing it", in a real headless Chromium (Debian's, through playwright-core): stage
// fixtures patched over MCP show in the console's 3D preview as bodies with beams read from their
// DMX bytes (direction, colour, intensity, width).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { degreesToDmx } from '../../src/light/stage/aim/index.js';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';
import { baseOf } from './helpers.js';

// Page globals, for the functions page.evaluate runs in the browser (this file is not built with the DOM library).
declare const window: { __footlight: { preview?: any } };

const skip = chromiumMissing();
const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));
const SHARPY = 'qlc/Clay_Paky/Clay-Paky-Sharpy.qxf';

async function stageShow(t: Parameters<typeof startShow>[0]): Promise<TestShow> {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  return startShow(t, { home });
}

test('preview: a stage fixture shows as a body with a beam that follows its DMX (direction, colour, intensity)', { skip }, async (t) => {
  const show = await stageShow(t);
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/enabled', value: false });
  await show.call('set_parameter', { path: '/lx/mixer/channel/2/enabled', value: false });
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, 10));
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(() => page.close());
  await page.waitForFunction(() => window.__footlight.preview?.stats.points > 0, undefined, { timeout: 15_000 });
  const darkPixels: number = await page.evaluate(() => window.__footlight.preview.litPixels());

  await show.call('patch_fixture', { profile: SHARPY, mode: 'Standard', placement: { position: { x: 0, y: 0, z: 0 } } });
  const set = (key: string, value: number) => show.call('set_parameter', { path: `/lx/stage/fixture/1/${key}`, value });
  await set('pan', degreesToDmx(90, 540, 16));
  await set('tilt', degreesToDmx(90, 250, 16));
  await set('shutter', 105);
  await set('colorWheel', 10);
  await set('intensity', 255);
  await page.waitForFunction(() => window.__footlight.preview.lastBeams[0]?.intensity === 1, undefined, { timeout: 10_000 });
  const beam = await page.evaluate(() => window.__footlight.preview.lastBeams[0]);
  assert.ok(Math.abs(beam.direction[0] - 1) < 1e-3, `pan 90° after tilt 90° points +x: ${beam.direction}`);
  assert.deepEqual(beam.color, [0xc4 / 255, 0x1c / 255, 0x1a / 255], "the wheel slot's colour");
  assert.ok(Math.abs(beam.beamAngle - 3.8) < 1e-5, 'the Sharpy beam');
  const lit: number = await page.evaluate(() => window.__footlight.preview.litPixels());
  assert.ok(lit > darkPixels + 50, `the beam lights the preview (${darkPixels} → ${lit} pixels)`);

  await set('intensity', 0);
  await page.waitForFunction(() => window.__footlight.preview.lastBeams[0]?.intensity === 0, undefined, { timeout: 10_000 });
  const off: number = await page.evaluate(() => window.__footlight.preview.litPixels());
  assert.ok(off < lit, `at intensity 0 the beam is gone (${off} pixels)`);
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});
