// Issue #32: the preview point style in the console, in a real headless Chromium (Debian's, through
// playwright-core). A style set over MCP (one undo step) reaches the three.js preview: a larger
// size lights more of the canvas, a display gamma lifts a point's mid-tones on screen by the same
// table get_frame uses, and undo puts the default look back. The preview bar's menu sets it too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startShow } from '../helpers/show.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';
import { baseOf } from './helpers.js';

// Page globals, for the functions page.evaluate runs in the browser (this file is not built with the DOM library).
declare const window: { __footlight: { preview?: any } };

const skip = chromiumMissing();
const INDICES = [0, 31, 100, 500, 777, 992, 1023];

test('preview point style: size, LED style and gamma set over MCP reach the canvas; undo restores the default', { skip }, async (t) => {
  const show = await startShow(t);
  // The clock is stepped by hand only: the page shows one frame throughout.
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(5, 10));
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(() => page.close());
  await page.waitForFunction(() => (window.__footlight.preview?.lastFrame ?? -1) >= 0, undefined, { timeout: 15_000 });
  const styled = (want: unknown) =>
    page.waitForFunction((w) => JSON.stringify(window.__footlight.preview.style) === JSON.stringify(w), want, { timeout: 10_000 });
  await styled({ size: 'auto', led: 'disc', gamma: 1 });
  const lit = (): Promise<number> => page.evaluate(() => window.__footlight.preview.litPixels());
  const sample = (): Promise<{ rgb: number[] }[]> => page.evaluate((ix) => window.__footlight.preview.sample(ix), INDICES);
  const rgb = await page.evaluate(() => Array.from(window.__footlight.preview.lastRgb as Uint8Array));
  const base = await lit();
  const plain = await sample();
  for (const [j, s] of plain.entries())
    for (let k = 0; k < 3; k++) assert.ok(Math.abs(s.rgb[k] - rgb[3 * INDICES[j] + k]) <= 3, `gamma 1 shows the bytes: ${s.rgb}`);

  await show.call('set_point_style', { size: 12 });
  await styled({ size: 12, led: 'disc', gamma: 1 });
  const large = await lit();
  assert.ok(large > base * 2, `12 px discs light more of the canvas than 5 px ones (${base} → ${large} pixels)`);
  await show.call('set_point_style', { led: 'square' });
  await styled({ size: 12, led: 'square', gamma: 1 });
  const square = await lit();
  assert.ok(square > large, `squares cover the corners discs leave (${large} → ${square} pixels)`);
  await show.call('set_point_style', { led: 'glow', size: 5 });
  await styled({ size: 5, led: 'glow', gamma: 1 });
  assert.ok((await lit()) > 0, 'glows draw');

  await show.call('set_point_style', { led: 'disc', size: 'auto', gamma: 2.2 });
  await styled({ size: 'auto', led: 'disc', gamma: 2.2 });
  const bright = await sample();
  let lifted = 0;
  for (const [j, s] of bright.entries())
    for (let k = 0; k < 3; k++) {
      const v = rgb[3 * INDICES[j] + k];
      const want = Math.round(255 * (v / 255) ** (1 / 2.2));
      assert.ok(Math.abs(s.rgb[k] - want) <= 3, `point ${INDICES[j]}: canvas ${s.rgb[k]}, byte ${v} through gamma 2.2 is ${want}`);
      if (v > 10 && v < 245) lifted++;
    }
  assert.ok(lifted > 0, 'some sampled channel is a mid-tone the gamma lifts');

  // Undo steps back through each change to the default look.
  for (let i = 0; i < 4; i++) await show.call('undo');
  await styled({ size: 'auto', led: 'disc', gamma: 1 });
  assert.equal(await lit(), base, 'the default look again');

  // The preview bar's Point style menu sets it through set_point_style: one undo step each.
  const menu = page.getByLabel('Point style');
  const depth = (await show.call('get_history', {})).undoDepth;
  await menu.selectOption('led:glow');
  await styled({ size: 'auto', led: 'glow', gamma: 1 });
  await menu.selectOption('size:8');
  await styled({ size: 8, led: 'glow', gamma: 1 });
  await menu.selectOption('gamma:2.2');
  await styled({ size: 8, led: 'glow', gamma: 2.2 });
  assert.deepEqual((await show.call('get_point_style')).style, { size: 8, led: 'glow', gamma: 2.2 });
  assert.equal((await show.call('get_history', {})).undoDepth, depth + 3, 'each choice is one undo step');
  assert.equal(await menu.inputValue(), '', 'the menu is ready for the next choice');
  await menu.selectOption('size:auto');
  await styled({ size: 'auto', led: 'glow', gamma: 2.2 });
  // Checked here, while the show still runs: once it stops, the page's reconnect attempts are refused.
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});
