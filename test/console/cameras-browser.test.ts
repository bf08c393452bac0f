// Issue #32: named cameras in the console's preview, in a real headless Chromium (Debian's, through
// playwright-core). Cameras saved over MCP are listed by the preview; choosing one flies the
// three.js camera to its pose and recalls it on the server too (animated on the frame clock, not
// an undo step); a camera removed over MCP leaves the list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startShow, type TestShow } from '../helpers/show.js';
import { history } from '../light/operations/helpers.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';
import { baseOf } from './helpers.js';

// Page globals, for the functions page.evaluate runs in the browser (this file is not built with the DOM library).
declare const window: { __footlight: { preview?: any } };

const skip = chromiumMissing();
const SIDE = { position: { x: 500, y: 50, z: 0 }, target: { x: 0, y: 50, z: 0 }, up: { x: 0, y: 1, z: 0 }, fov: 50 };

/** The camera names the preview's chooser lists. */
const listed = (): string[] => Array.from(document.querySelectorAll('select.preview-cameras option') as ArrayLike<{ value: string }>, (o) => o.value);

const stepFrames = (show: TestShow, n: number) => show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(n, 10));

test('preview cameras: the saved cameras are listed; choosing one flies the preview there and recalls it live', { skip }, async (t) => {
  const show = await startShow(t);
  await show.call('set_camera', SIDE);
  await show.call('save_camera', { name: 'Side' });
  await show.call('set_camera', { fit: 'model' });
  await show.call('save_camera', { name: 'Wide' });
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(() => page.close());
  const select = page.getByLabel('Camera');
  await page.waitForFunction(listed, undefined, { timeout: 10_000 });
  await page.waitForFunction(() => document.querySelectorAll('select.preview-cameras option').length === 3, undefined, { timeout: 10_000 });
  assert.deepEqual(await page.evaluate(listed), ['', 'Side', 'Wide']);
  assert.deepEqual(await select.locator('option').allInnerTexts(), ['Camera…', 'Side', 'Wide']);
  await page.waitForFunction(() => window.__footlight.preview !== undefined);
  const h = await history(show);

  await select.selectOption('Side');
  // The preview lands on the camera's pose (its flight runs on the page's clock).
  await page.waitForFunction(
    (p) => {
      const pose = window.__footlight.preview.pose();
      const a = pose.position,
        b = pose.target;
      const off = Math.hypot(a.x - p.position.x, a.y - p.position.y, a.z - p.position.z) + Math.hypot(b.x - p.target.x, b.y - p.target.y, b.z - p.target.z);
      return off < 1e-3 && Math.abs(pose.fov - p.fov) < 1e-6;
    },
    SIDE,
    { timeout: 10_000 },
  );
  // The show's view follows: a recall on its way, animated on the frame clock (stepped here).
  const recalled = (await show.call('get_camera')).view;
  assert.deepEqual([recalled.source, recalled.camera], ['camera', 'Side']);
  assert.ok(recalled.animation !== undefined, 'the recall animates');
  await stepFrames(show, 100);
  const landed = (await show.call('get_camera')).view;
  assert.deepEqual([landed.animation, landed.position, landed.fov], [undefined, SIDE.position, SIDE.fov]);
  assert.deepEqual(await history(show), h, 'recalling a camera is not an undo step');
  assert.equal(await select.inputValue(), '', 'the chooser is ready for the next recall');

  // A camera removed over MCP (an undo step) leaves the list; undo brings it back.
  await show.call('remove_camera', { name: 'Wide' });
  await page.waitForFunction(() => document.querySelectorAll('select.preview-cameras option').length === 2, undefined, { timeout: 10_000 });
  assert.deepEqual(await page.evaluate(listed), ['', 'Side']);
  await show.call('undo');
  await page.waitForFunction(() => document.querySelectorAll('select.preview-cameras option').length === 3, undefined, { timeout: 10_000 });
  // Checked here, while the show still runs: once it stops, the page's reconnect attempts are refused.
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});

declare const document: any;
