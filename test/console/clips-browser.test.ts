// The console's clip grid in a real headless Chromium (Debian's, driven by playwright-core).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startShow } from '../helpers/show.js';
import { history } from '../light/operations/helpers.js';
import { baseOf } from './helpers.js';
import { fileBrowser, openConsole } from './browser.js';

declare const document: any;

const { skip, browser } = fileBrowser();

test('clip grid: a clip added over MCP appears; a click launches it (an undo step), its position advances; a click stops it', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true });
  const { page, problems, external } = await openConsole(browser(), baseOf(show.url));
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
  const listed = (await show.call('list_clips', { detail: 'full' })).buses[0].clips[0];
  assert.equal(listed.running, true, 'the engine runs the clip the page launched');
  const launched = (await history(show)) as { undoDepth: number; steps: { label: string }[] };
  assert.equal(launched.undoDepth, (h as { undoDepth: number }).undoDepth + 1, 'the launch is one undo step (as launch_clip)');
  assert.equal(launched.steps[0]?.label, 'Launch clip Drop');
  await page.click(`${cell} button`);
  await page.waitForSelector(`${cell}.stopped`);
  assert.equal((await show.call('list_clips', { detail: 'full' })).buses[0].clips[0].running, false);
  assert.deepEqual(await history(show), launched, 'stopping is not an undo step');
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});

test("light cues: the Clips view shows the song's cues; add one at the playhead, move and remove one, each an undo step; a refused move changes nothing", {
  skip,
}, async (t) => {
  const show = await startShow(t);
  const { page, problems, external } = await openConsole(browser(), baseOf(show.url));
  t.after(() => page.close());
  const cues = () => show.app.engine.queue.submit(() => show.app.services.lightCues!.list().map((c) => ({ ...c })));
  await show.call('add_clip', { bus: '/lx/mixer/channel/1', slot: 1, label: 'Verse', length: { beats: 4 } });
  await show.call('place_light_cue', { marker: 'Verse', scene: 1 });
  const placed = await cues();
  assert.deepEqual(placed, [{ beat: 32, scene: 1, marker: 'Verse' }]);
  await page.click('button[role="tab"]:has-text("Clips")');
  await page.waitForSelector('.light-cue[data-beat="32"][data-scene="1"]:has-text("Verse")');

  // Add at the playhead: the song stands between beats, at 8.4267; the cue snaps to the nearest beat.
  await show.app.engine.queue.submit(() => {
    show.app.sound.transport.position = 8.426666666666666;
  });
  const h0 = (await history(show)) as { undoDepth: number };
  await page.selectOption('.light-cues select[aria-label="Scene the new cue launches"]', '1');
  await page.click('.light-cues button.cue-add');
  await page.waitForSelector('.light-cue[data-beat="8"][data-scene="1"]');
  assert.deepEqual(await cues(), [{ beat: 8, scene: 1 }, ...placed]);
  const h1 = (await history(show)) as { undoDepth: number; undo: { label: string; surface: string }[] };
  assert.equal(h1.undoDepth, h0.undoDepth + 1, 'one undo step');

  // Move it to beat 12 by editing its beat.
  await page.fill('.light-cue[data-beat="8"] input.cue-beat', '12');
  await page.press('.light-cue[data-beat="8"] input.cue-beat', 'Enter');
  await page.waitForSelector('.light-cue[data-beat="12"]');
  assert.deepEqual(await cues(), [{ beat: 12, scene: 1 }, ...placed]);

  // Give it a fade of two beats: the cue is placed again at its beat, one undo step.
  await page.fill('.light-cue[data-beat="12"] input.cue-fade', '2');
  await page.press('.light-cue[data-beat="12"] input.cue-fade', 'Enter');
  await page.waitForSelector('.light-cue[data-beat="12"][data-fade="fade 2 beats"]');
  assert.deepEqual(await cues(), [{ beat: 12, scene: 1, fade: { beats: 2 } }, ...placed]);

  // A move onto the Verse cue is refused: nothing changes, history included.
  const before = await history(show);
  await page.fill('.light-cue[data-beat="12"] input.cue-beat', '32');
  await page.press('.light-cue[data-beat="12"] input.cue-beat', 'Enter');
  await page.waitForSelector('.notice:has-text("already at beat 32")');
  assert.deepEqual(await cues(), [{ beat: 12, scene: 1, fade: { beats: 2 } }, ...placed]);
  assert.deepEqual(await history(show), before);

  // Remove the Verse cue.
  await page.click('.light-cue[data-beat="32"] button.cue-remove');
  await page.waitForSelector('.light-cue[data-beat="32"]', { state: 'detached' });
  assert.deepEqual(await cues(), [{ beat: 12, scene: 1, fade: { beats: 2 } }]);
  assert.equal(((await history(show)) as { undoDepth: number }).undoDepth, h0.undoDepth + 4, 'add, move, fade, remove: four steps');

  // Undo all four (over MCP: one history): the cues are as placed, and the page shows it.
  for (let i = 0; i < 4; i++) await show.call('undo');
  assert.deepEqual(await cues(), placed);
  await page.waitForSelector('.light-cue[data-beat="32"]');
  // The undos reach the page as separate updates: wait for the last (the added cue gone), then count.
  await page.waitForFunction(() => document.querySelectorAll('.light-cue').length === 1, undefined, { timeout: 10_000 }).catch(() => undefined);
  assert.equal(await page.locator('.light-cue').count(), 1);
  // The Sound view's arranger shows the cue on the song's timeline.
  await page.click('button[role="tab"]:has-text("Sound")');
  await page.waitForSelector('.arranger .light-cue-mark[data-beat="32"]:has-text("Verse")');
  assert.deepEqual(problems, ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)'], 'only the refused move');
  assert.deepEqual(external, []);
});
