// The console's audio monitor in a real headless Chromium: the live engine's output streamed over
// /ws/audio reaches the page's AudioWorklet as sound, the meters move and so does the playhead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { startShow } from '../helpers/show.js';
import { baseOf } from './helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumMissing, openConsole } from './browser.js';

declare const window: { footlightMonitor?: { soundingBlocks: number; received: number; peak: number; starvedBlocks: number } };
declare const document: {
  querySelector(s: string): { getAttribute(n: string): string | null; style: { left: string } } | null;
  querySelectorAll(s: string): { length: number };
};

const skip = chromiumMissing();

test('the console monitor plays the live engine in an AudioWorklet; its meters and the playhead move', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, liveAudio: 'clock' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'], headless: true });
  t.after(() => browser.close());
  const { page, problems, external } = await openConsole(browser, baseOf(show.url));
  await page.getByRole('tab', { name: 'Sound' }).click();
  const p3 = new Protocol3Client();
  await p3.connect(show.app.protocol3.host, show.app.protocol3.port);
  t.after(() => p3.close());
  const token = ((await p3.request('song-state')) as { project_token: string }).project_token;
  assert.equal(((await p3.request(`song-transport-play ${token}`)) as { ok: boolean }).ok, true);
  // The start control is a real gesture (a click), as a person would give it.
  await page.getByRole('button', { name: /Start audio/ }).click();
  // Wait for what is asserted (over 0.3 s of samples received and sounding blocks played), not a proxy of it.
  await page.waitForFunction(() => (window.footlightMonitor?.soundingBlocks ?? 0) > 50 && (window.footlightMonitor?.received ?? 0) > 48000 * 0.3, undefined, {
    timeout: 20_000,
  });
  const stats = await page.evaluate(() => window.footlightMonitor!);
  assert.ok(stats.received > 48000 * 0.3 && stats.peak > 0.01, JSON.stringify(stats));
  // Meters: the master's level reads above the floor and changes; lanes have meters too.
  const read = () =>
    page.evaluate(() => ({
      master: Number(document.querySelector('meter[aria-label="Master level"]')?.getAttribute('value')),
      lanes: document.querySelectorAll('.lane .meter').length,
      playhead: document.querySelector('.playhead')?.style.left ?? '',
    }));
  const a = await read();
  let b = a;
  for (let i = 0; i < 40 && (b.master === a.master || b.playhead === a.playhead); i++) {
    await page.waitForTimeout(100);
    b = await read();
  }
  assert.ok(a.master > -60 && b.master > -60, `master meter ${a.master} → ${b.master}`);
  assert.notEqual(b.master, a.master, 'the master meter moves');
  assert.ok(a.lanes >= 5, `lane meters: ${a.lanes}`);
  assert.notEqual(b.playhead, a.playhead, 'the playhead moves');
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});
