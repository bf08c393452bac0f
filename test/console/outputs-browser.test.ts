// The console's Outputs tab in a real headless Chromium, on the fixture-output scene: every
// fixture with its outputs and segments, the problems with file and line, a search, and a
// change made by an agent showing up without a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { startOutputsShow } from '../helpers/lx-outputs.js';
import { baseOf } from './helpers.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
const skip = chromiumMissing();

test('the Outputs tab shows which controller lights which points, the problems, and follows changes', { skip }, async (t) => {
  const browser = await browserFor(t);
  const { show, path } = await startOutputsShow(t);
  const { page, problems, external } = await openConsole(browser, baseOf(show.url), { width: 1440, height: 900 });
  t.after(() => page.close());
  await page.getByRole('tab', { name: 'Outputs' }).click();
  await page.waitForSelector('.outputs-table tbody.fixture');
  const labels = await page.locator('.outputs-table tbody.fixture .fixture-row .label').allTextContents();
  assert.deepEqual(
    labels,
    show.app.light.structure.fixtures.items.map((f) => f.label.getString()),
  );
  const arch = page.locator(`tbody.fixture[data-fixture="${path('Left arch')}"]`);
  assert.equal(await arch.locator('tr.segment').count(), 5, 'four outputs, the sub-fixture’s with two segments');
  assert.match((await arch.locator('tr.segment').nth(2).textContent()) ?? '', /arch left/);
  assert.match((await arch.textContent()) ?? '', /from DDP Node/);
  const problemText = await page.locator('.outputs .problems').textContent();
  assert.match(problemText ?? '', /Fixtures\/rig\/Broken\.lxf:7 outputs\[0\]\.protocol/);
  assert.match(problemText ?? '', /collision/);

  await page.getByPlaceholder('Find a fixture, tag, host…').fill('arch');
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('.outputs-table tbody.fixture')
        .length === 1,
  );
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}console-outputs.png` });

  // An agent re-patches a strip: the tab shows the new universe without a reload.
  await page.getByPlaceholder('Find a fixture, tag, host…').fill('Strip A');
  await show.call('set_fixture_params', { path: path('Strip A'), params: { universe: 20 } });
  await page.waitForFunction(
    (p) =>
      (
        (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector(
          `tbody.fixture[data-fixture="${p}"]`,
        )?.textContent ?? ''
      ).includes('u20 ch'),
    path('Strip A'),
    { timeout: 10_000 },
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});
