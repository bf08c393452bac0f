// The console in a real headless Chromium (Debian's, driven by playwright-core).
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { startShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';
import { chromiumMissing, launch, openConsole } from './browser.js';

// Page globals, for the functions page.evaluate runs in the browser (this file is not built with the DOM library).
declare const window: { __footlight: { preview?: any; previewStats: any } };
declare const document: { querySelector(s: string): { getAttribute(n: string): string | null } | null };

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
const skip = chromiumMissing();
let browser: Browser;

before(async () => {
  if (skip === undefined) browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A show rendering in real time, and the console open on it. */
async function open(t: Parameters<typeof startShow>[0]) {
  const show = await startShow(t, { realtime: true });
  const base = baseOf(show.url);
  const watched = await openConsole(browser, base);
  t.after(() => watched.page.close());
  await watched.page.waitForSelector('[data-channel="/lx/mixer/channel/2"]');
  await watched.page.waitForFunction(() => (window.__footlight.preview?.lastFrame ?? -1) >= 0, undefined, { timeout: 10_000 });
  return { show, base, ...watched };
}

test('page loads with no console errors and no external requests; preview pixels match the engine frame', { skip }, async (t) => {
  const { show, page, problems, external } = await open(t);
  // The frame the page received is the engine's frame.
  const received = await page.evaluate(() => Array.from(window.__footlight.preview!.lastRgb));
  const main = show.app.light.main;
  assert.equal(received.length, main.length * 3);
  let same = 0;
  for (let i = 0; i < main.length; i++) {
    if (received[3 * i] === ((main[i] >>> 16) & 255) && received[3 * i + 1] === ((main[i] >>> 8) & 255) && received[3 * i + 2] === (main[i] & 255)) same++;
  }
  assert.equal(same, main.length, 'every point of the received frame equals the engine frame');
  // The canvas is lit, and the pixel under each sampled point has that point's color.
  const lit = await page.evaluate(() => window.__footlight.preview!.litPixels());
  assert.ok(lit > 1000, `lit pixels: ${lit}`);
  const indices = [0, 31, 100, 500, 777, 992, 1023];
  const samples = await page.evaluate((ix) => window.__footlight.preview!.sample(ix), indices);
  for (const s of samples) {
    assert.ok(s !== undefined, 'every sampled point is on screen');
    const c = main[s.index];
    const want = [(c >>> 16) & 255, (c >>> 8) & 255, c & 255];
    for (let k = 0; k < 3; k++) assert.ok(Math.abs(s.rgb[k] - want[k]) <= 3, `point ${s.index}: canvas ${s.rgb} vs engine ${want}`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});

test('moving a fader in the page changes the engine value (read back over MCP), as one undo step', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  const depth = (await show.call('get_history', {})).undoDepth;
  const track = page.locator('[data-channel="/lx/mixer/channel/2"] .slider.vertical .track');
  const box = (await track.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(box.x + box.width / 2, box.y + box.height * (0.7 - k * 0.06), { steps: 2 });
  await page.mouse.up();
  const want = 1 - 0.22;
  let value = 0;
  for (let tries = 0; tries < 50; tries++) {
    value = (await show.call('get_parameter', { path: '/lx/mixer/channel/2/fader' })).parameter.value;
    if (Math.abs(value - want) < 0.02) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(Math.abs(value - want) < 0.02, `fader at ${value}, wanted about ${want}`);
  const history = await show.call('get_history', {});
  assert.equal(history.undoDepth, depth + 1, 'the drag is one step');
  assert.equal(history.steps[0].surface, 'console');
  assert.match(history.steps[0].session, /^c\d+$/);
  assert.deepEqual(problems, []);
});

test('a change made over MCP appears in the page within 1 s; console undo reverts it', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  const fader = page.locator('[data-channel="/lx/mixer/channel/1"] .slider.vertical .track');
  assert.equal(await fader.getAttribute('aria-valuenow'), '1');
  const started = Date.now();
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.35 });
  await page.waitForFunction(() => document.querySelector('[data-channel="/lx/mixer/channel/1"] .slider.vertical .track')?.getAttribute('aria-valuenow') === '0.35', undefined, { timeout: 1000 });
  assert.ok(Date.now() - started < 1000);
  await page.waitForSelector('.history .step.surface-mcp');
  assert.match(await page.locator('.feed li').first().innerText(), /set_parameter/);
  await page.locator('#undo').click();
  await page.waitForFunction(() => document.querySelector('[data-channel="/lx/mixer/channel/1"] .slider.vertical .track')?.getAttribute('aria-valuenow') === '1', undefined, { timeout: 1000 });
  assert.equal((await show.call('get_parameter', { path: '/lx/mixer/channel/1/fader' })).parameter.value, 1);
  assert.deepEqual(problems, []);
});

test('flipping the agent write switch in the page makes the next agent write fail with a clear error', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  await page.locator('#agents-write').click();
  await page.waitForSelector('.badge.warn');
  assert.equal(show.app.services.policy.agentsReadOnly, true);
  const err = await show.callError('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.5 });
  assert.match(err, /^invalid_argument: the operator has set agents to read-only in the console/);
  await page.waitForSelector('.feed li.fail');
  await page.locator('#agents-write').click();
  await page.waitForFunction(() => document.querySelector('.badge.warn') === null);
  assert.equal((await show.call('set_parameter', { path: '/lx/mixer/channel/1/fader', value: 0.5 })).parameter.value, 0.5);
  assert.deepEqual(problems, []);
});

test('device editor: selecting a pattern shows its parameters; a color is set through hue', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  await page.locator('[data-path="/lx/mixer/channel/2/pattern/1"] .row-name').click();
  await page.waitForSelector('.device[data-path="/lx/mixer/channel/2/pattern/1"]');
  const hue = page.locator('.device .color-control [aria-label="Hue"]');
  await hue.focus();
  await page.keyboard.press('End');
  let value = 0;
  for (let tries = 0; tries < 40 && value !== 359; tries++) {
    value = (await show.call('get_parameter', { path: '/lx/mixer/channel/2/pattern/1/color/hue' })).parameter.value;
    if (value !== 359) await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(value, 359);
  assert.deepEqual(problems, []);
});

test('screenshot of the console on the demo show', { skip }, async (t) => {
  const { show, page, problems } = await open(t);
  // A little life in the activity feed and history, as an operator would see it.
  await show.call('list_channels', {});
  await show.call('set_parameter', { path: '/lx/mixer/channel/2/fader', value: 0.4 });
  await page.locator('[data-path="/lx/mixer/channel/2/pattern/1"] .row-name').click();
  await page.waitForSelector('.device[data-path="/lx/mixer/channel/2/pattern/1"]');
  await page.waitForSelector('.feed li.ok');
  await page.waitForTimeout(300);
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}console.png` });
  if (process.env.UPDATE_SCREENSHOT === '1') await page.screenshot({ path: new URL('../../docs/console-screenshot.png', import.meta.url).pathname });
  assert.deepEqual(problems, []);
});
