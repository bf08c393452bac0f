// The console's top bar shows the DMX input in a real headless Chromium: waiting, then receiving with
// the universes and the rate once a desk's Art-Net (built from the specification) arrives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { startShow } from '../helpers/show.js';
import { artDmx } from '../light/input/packets.js';
import { baseOf } from './helpers.js';
import { fileBrowser, openConsole } from './browser.js';

const { skip, browser } = fileBrowser();

test('top bar: DMX in waits, then shows the universes received and the packet rate', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true, dmxIn: { receivers: ['artnet:0'] } });
  const { page, problems } = await openConsole(browser(), baseOf(show.url));
  t.after(() => page.close());
  const badge = page.locator('[data-testid="dmx-in"]');
  await badge.waitFor({ timeout: 10_000 });
  assert.equal(await badge.textContent(), 'DMX in: waiting');
  assert.match((await badge.getAttribute('title')) ?? '', /^DMX input: Art-Net 127\.0\.0\.1:\d+$/);
  const desk = dgram.createSocket('udp4');
  t.after(() => desk.close());
  const port = show.app.dmxIn.bound[0].port;
  const timer = setInterval(() => {
    desk.send(artDmx({ portAddress: 3, data: [255, 0, 0] }), port, '127.0.0.1');
    desk.send(artDmx({ portAddress: 4, data: [0, 255, 0] }), port, '127.0.0.1');
  }, 40);
  t.after(() => clearInterval(timer));
  await page.waitForFunction(() => /^DMX in · 2 univ · \d+(\.\d)?\/s$/.test(document.querySelector('[data-testid="dmx-in"]')?.textContent ?? ''), undefined, {
    timeout: 10_000,
  });
  assert.deepEqual(problems, []);
});

test('top bar: no DMX input configured, no badge', { skip }, async (t) => {
  const show = await startShow(t, { realtime: true });
  const { page } = await openConsole(browser(), baseOf(show.url));
  t.after(() => page.close());
  await page.waitForSelector('[data-channel="/lx/mixer/channel/2"]'); // the state arrived: a badge would be there now
  assert.equal(await page.locator('[data-testid="dmx-in"]').count(), 0);
});

// Page globals for the function page.waitForFunction runs in the browser().
declare const document: { querySelector(s: string): { textContent: string | null } | null };
