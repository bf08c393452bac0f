// The console fits the screen, measured in a real headless Chromium (Debian's) at 1280×800 and
// 1600×1000 on the demo show while it plays with meters on: no channel strip is cut off without
// a badge saying how many are hidden (drawn on top, as its screenshot pixels show), and no strip
// name, track name, label or menu text is truncated. The screenshots are kept in
// test-artifacts/; UPDATE_SCREENSHOT=1 also writes docs/console-1280.png, docs/console-1600.png
// and docs/console-sound.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { startShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumMissing, openConsole } from './browser.js';
import { probe, type Box, type LayoutReport } from './layout-probe.js';

declare const document: any;

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
const DOCS = new URL('../../docs/', import.meta.url).pathname;
const skip = chromiumMissing();

/** The badge color (--accent2, #3fb6ff). */
const BADGE = [0x3f, 0xb6, 0xff];

/** Takes a screenshot, keeps it, and returns it decoded. */
async function shoot(page: Page, name: string, docsName?: string): Promise<PNG> {
  const png = await page.screenshot();
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(`${ARTIFACTS}${name}`, png);
  if (docsName !== undefined && process.env.UPDATE_SCREENSHOT === '1') await writeFile(`${DOCS}${docsName}`, png);
  return PNG.sync.read(png);
}

/** Share of the pixels in a box (screenshot pixels are CSS pixels here) that have the badge's color. */
function badgeShare(png: PNG, b: Box): number {
  let hit = 0;
  let all = 0;
  for (let y = Math.ceil(b.y); y < Math.floor(b.y + b.h); y++) {
    for (let x = Math.ceil(b.x); x < Math.floor(b.x + b.w); x++) {
      const i = (y * png.width + x) * 4;
      all++;
      if (Math.abs(png.data[i] - BADGE[0]) + Math.abs(png.data[i + 1] - BADGE[1]) + Math.abs(png.data[i + 2] - BADGE[2]) < 40) hit++;
    }
  }
  return all === 0 ? 0 : hit / all;
}

async function measure(page: Page, regions: readonly string[]): Promise<LayoutReport> {
  return (await page.evaluate(probe(regions))) as LayoutReport;
}

function assertFits(r: LayoutReport, where: string): void {
  assert.ok(r.measured > 10, `${where}: the probe measured ${r.measured} labels`);
  assert.deepEqual(r.truncated, [], `${where}: truncated labels`);
  assert.deepEqual(r.overflowing, [], `${where}: regions wider than their box`);
  assert.ok(r.scroll.w <= r.view.w && r.scroll.h <= r.view.h, `${where}: the page scrolls: ${JSON.stringify(r)}`);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1600, height: 1000 },
]) {
  test(`layout at ${viewport.width}×${viewport.height} on the demo, playing with meters on: every strip reachable and said, no label cut`, {
    skip,
  }, async (t) => {
    const show = await startShow(t, { realtime: true, demo: 'stage', liveAudio: 'clock' });
    // The longest blend mode on a strip (it used to read "Differenc").
    await show.call('set_parameter', { path: '/lx/mixer/channel/1/blendMode', value: 'Difference' });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'], headless: true });
    t.after(() => browser.close());
    const { page, problems, external } = await openConsole(browser, baseOf(show.url), viewport);
    await page.waitForSelector('.strips .strip');
    await page.waitForFunction(
      () => document.querySelector('[data-channel="/lx/mixer/channel/1"] select[aria-label="Blend"]')?.selectedOptions[0]?.textContent === 'Difference',
    );

    // The sound plays, so the light moves and the meters run.
    await page.getByRole('tab', { name: 'Sound' }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: /Start audio/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.lane .meter').length >= 5, undefined, { timeout: 20_000 });
    const sound = await measure(page, ['.sound .transport', '.arranger', '.monitor']);
    assertFits(sound, `Sound at ${viewport.width}`);
    assert.ok(sound.measured >= 8, 'every track name measured');
    await shoot(page, `console-sound-${viewport.width}.png`, viewport.width === 1280 ? 'console-sound.png' : undefined);

    await page.getByRole('tab', { name: 'Clips' }).click();
    await page.waitForSelector('.clip-grid th');
    assertFits(await measure(page, ['.clip-grid', '.light-cues']), `Clips at ${viewport.width}`);

    await page.getByRole('tab', { name: 'Light' }).click();
    await page.waitForSelector('.strips .strip');
    await page.waitForTimeout(300);
    const light = await measure(page, ['.mixer']);
    assertFits(light, `Light at ${viewport.width}`);
    const hidden = { left: light.strips.filter((s) => s.left).length, right: light.strips.filter((s) => s.right).length };
    for (const side of ['left', 'right'] as const) {
      const badge = light.more[side];
      if (hidden[side] === 0) assert.equal(badge, null, `no badge on the ${side} when nothing is hidden there`);
      else {
        assert.ok(badge !== null, `${hidden[side]} strips cut off on the ${side} and no badge says so: ${JSON.stringify(light.strips)}`);
        assert.equal(badge.count, hidden[side], `the ${side} badge counts the strips cut off there`);
        assert.ok(badge.onTop, `the ${side} badge is drawn on top`);
      }
    }
    // The demo's six channels at 150 px a strip beside the master and the side panels: five fit at
    // 1600 px, the sixth is one scroll away under the badge (checked above).
    if (viewport.width >= 1600) assert.ok(hidden.left + hidden.right <= 1, `at 1600 px at most one strip is off screen: ${JSON.stringify(hidden)}`);
    const png = await shoot(page, `console-light-${viewport.width}.png`, `console-${viewport.width}.png`);
    for (const side of ['left', 'right'] as const) {
      const badge = light.more[side];
      if (badge !== null) assert.ok(badgeShare(png, badge.box) > 0.5, `the ${side} badge shows in the screenshot (${badgeShare(png, badge.box)})`);
    }

    // The badge brings the hidden strips in, one click at a time, until none is hidden on that side.
    if (hidden.right > 0) {
      for (let i = 0; i < 10 && (await page.locator('.strips-more.right').count()) > 0; i++) {
        await page.locator('.strips-more.right').click();
        await page.waitForTimeout(250);
      }
      const after = await measure(page, ['.mixer']);
      assert.equal(after.strips.filter((s) => s.right).length, 0, `every strip reached: ${JSON.stringify(after.strips)}`);
      assert.equal(after.more.left?.count, after.strips.filter((s) => s.left).length, 'the left badge now counts the strips past that edge');
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(external, []);
  });
}
