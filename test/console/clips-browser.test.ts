// The console's clip grid in a real headless Chromium (Debian's, driven by playwright-core).
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startShow } from '../helpers/show.js';
import { history } from '../light/operations/helpers.js';
import { baseOf } from './helpers.js';
import { chromiumMissing, launch, openConsole } from './browser.js';

declare const document: any;

const skip = chromiumMissing();
let browser: Browser;

before(async () => {
  if (skip === undefined) browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('clip grid: a clip added over MCP appears; clicking it launches it and its playing position advances; clicking again stops it', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true });
  const { page, problems, external } = await openConsole(browser, baseOf(show.url));
  t.after(() => page.close());
  await show.call('add_clip', { bus: '/lx/mixer/channel/1', slot: 1, label: 'Drop', length: { beats: 8 } });
  await page.click('button[role="tab"]:has-text("Clips")');
  const cell = '[data-bus="/lx/mixer/channel/1"] td[data-slot="1"]';
  await page.waitForSelector(`${cell} .clip-name:has-text("Drop")`);
  assert.equal(await page.locator('[data-bus="/lx/mixer/master"]').count(), 1, 'the master bus has a row');
  const h = await history(show);
  await page.click(`${cell} button`);
  await page.waitForSelector(`${cell}.running`);
  const first = Number(await page.getAttribute(`${cell} .clip-pos`, 'data-cursor-ms'));
  await page.waitForFunction((sel: string) => Number(document.querySelector(sel)?.getAttribute('data-cursor-ms')) > 600, `${cell} .clip-pos`, {
    timeout: 5000,
  });
  const later = Number(await page.getAttribute(`${cell} .clip-pos`, 'data-cursor-ms'));
  assert.ok(later > first, `the playing position advances (${first} → ${later} ms)`);
  const listed = (await show.call('list_clips')).buses[0].clips[0];
  assert.equal(listed.running, true, 'the engine runs the clip the page launched');
  await page.click(`${cell} button`);
  await page.waitForSelector(`${cell}.stopped`);
  assert.equal((await show.call('list_clips')).buses[0].clips[0].running, false);
  assert.deepEqual(await history(show), h, 'launching and stopping are not undo steps');
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});
